import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { loginRequest, profileUpdateRequest, registerRequest, resetConfirmRequest } from './auth.ts';
import { idParams, ratingIdParams } from './common.ts';
import { createRatingRequest, directoryQuery } from './core.ts';
import { markReadRequest, notificationSettingsPatch } from './notifications.ts';

/** The messages a schema gives, keyed by dotted path, as the API returns them. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const validRegistration = {
  email: 'Asha.Rao@Example.in ',
  full_name: ' Asha Rao ',
  password: 'correct horse 42',
  password_confirm: 'correct horse 42',
  user_role: 'employee',
  city: 'Pune',
  linkedin_url: '',
};

describe('register', () => {
  it('normalises a valid registration', () => {
    const parsed = registerRequest.parse(validRegistration);
    expect(parsed.email).toBe('asha.rao@example.in');
    expect(parsed.full_name).toBe('Asha Rao');
    expect(parsed.linkedin_url).toBeNull();
    expect(parsed.skills).toEqual([]);
  });

  it('gives the SPEC §5 messages', () => {
    const result = registerRequest.safeParse({
      email: 'nope',
      full_name: 'A',
      password: 'short',
      password_confirm: 'other',
      user_role: 'admin',
      city: 'X',
      linkedin_url: 'https://example.com/me',
    });
    expect(messages(result)).toEqual({
      email: [MSG.emailInvalid],
      full_name: [MSG.fullNameMin],
      password: [MSG.passwordMin],
      user_role: [MSG.roleRequired],
      city: [MSG.cityRequired],
      linkedin_url: [MSG.linkedinInvalid],
    });
    expect(
      messages(registerRequest.safeParse({ ...validRegistration, password_confirm: 'different' })),
    ).toEqual({
      password_confirm: [MSG.passwordsDontMatch],
    });
  });

  it('accepts LinkedIn URLs on linkedin.com only', () => {
    for (const url of [
      'https://www.linkedin.com/in/asha',
      'https://in.linkedin.com/in/asha',
      'http://linkedin.com',
    ]) {
      expect(registerRequest.safeParse({ ...validRegistration, linkedin_url: url }).success).toBe(true);
    }
    for (const url of ['linkedin.com/in/x', 'https://linkedin.com.evil.in/x', 'javascript:alert(1)']) {
      expect(messages(registerRequest.safeParse({ ...validRegistration, linkedin_url: url }))).toEqual({
        linkedin_url: [MSG.linkedinInvalid],
      });
    }
  });

  it('limits skills and work history', () => {
    const skills = Array.from({ length: 21 }, (_, i) => `Skill ${i}`);
    expect(messages(profileUpdateRequest.safeParse({ skills }))).toEqual({ skills: [MSG.skillsMax] });
    expect(messages(profileUpdateRequest.safeParse({ skills: ['Java', 'java'] }))).toEqual({
      'skills.1': [MSG.skillDuplicate],
    });
    expect(messages(profileUpdateRequest.safeParse({ skills: ['x'.repeat(31)] }))).toEqual({
      'skills.0': [MSG.skillMax],
    });
    const entry = { company: 'Infosys', position: 'Engineer', duration: '2 years' };
    expect(messages(profileUpdateRequest.safeParse({ work_history: Array(11).fill(entry) }))).toEqual({
      work_history: [MSG.workHistoryMax],
    });
    expect(messages(profileUpdateRequest.safeParse({ city: 'x'.repeat(51) }))).toEqual({
      city: [MSG.cityMax],
    });
    expect(messages(profileUpdateRequest.safeParse({ full_name: 'x'.repeat(101) }))).toEqual({
      full_name: [MSG.fullNameMax],
    });
  });
});

describe('login and reset', () => {
  it('gives the login messages', () => {
    expect(messages(loginRequest.safeParse({ email: '', password: '' }))).toEqual({
      email: [MSG.emailInvalid],
      password: [MSG.passwordRequired],
    });
    expect(messages(loginRequest.safeParse({}))).toEqual({
      email: [MSG.emailInvalid],
      password: [MSG.passwordRequired],
    });
  });

  it('needs a six-character code and matching passwords', () => {
    expect(
      messages(
        resetConfirmRequest.safeParse({
          email: 'a@b.in',
          reset_code: '12345',
          new_password: 'long enough',
          new_password_confirm: 'long enougH',
        }),
      ),
    ).toEqual({ reset_code: [MSG.resetCodeLength], new_password_confirm: [MSG.passwordsDontMatch] });
  });
});

describe('rating', () => {
  const valid = {
    ratee: 7,
    role_context: 'EMPLOYEE_TO_COMPANY',
    category_scores: [{ category: 'Compensation', score: 4 }],
  };

  it('defaults anonymity off and empties blank feedback', () => {
    const parsed = createRatingRequest.parse({ ...valid, feedback_message: '   ' });
    expect(parsed.is_anonymous).toBe(false);
    expect(parsed.feedback_message).toBeNull();
  });

  it('gives the rating messages', () => {
    expect(messages(createRatingRequest.safeParse({ ...valid, category_scores: [] }))).toEqual({
      category_scores: [MSG.rateOneCategory],
    });
    expect(messages(createRatingRequest.safeParse({ ...valid, feedback_message: 'x'.repeat(1001) }))).toEqual(
      {
        feedback_message: [MSG.feedbackMax],
      },
    );
    expect(createRatingRequest.safeParse({ ...valid, feedback_message: 'x'.repeat(1000) }).success).toBe(
      true,
    );
    expect(
      messages(
        createRatingRequest.safeParse({
          ...valid,
          category_scores: [{ category: 'Compensation', score: 6 }],
        }),
      ),
    ).toEqual({ 'category_scores.0.score': [MSG.scoreRange] });
    expect(
      messages(
        createRatingRequest.safeParse({
          ...valid,
          category_scores: [
            { category: 'Compensation', score: 4 },
            { category: 'Communication', score: 4 },
            { category: 'Compensation', score: 2 },
          ],
        }),
      ),
    ).toEqual({
      'category_scores.1.category': [MSG.categoryInvalid],
      'category_scores.2.category': [MSG.categoryDuplicate],
    });
  });
});

describe('control characters (DESIGN §9.1)', () => {
  const feedback = (feedback_message: string) =>
    createRatingRequest.safeParse({
      ratee: 1,
      role_context: 'EMPLOYEE_TO_COMPANY',
      category_scores: [{ category: 'Career Growth', score: 4 }],
      feedback_message,
    });
  it.each([
    ['a line feed', 'Asha\nRao'],
    ['a carriage return', 'Asha\rRao'],
    ['a tab', 'Asha\tRao'],
    ['a NUL', 'Asha\u0000Rao'],
    ['DEL', 'Asha\u007fRao'],
    ['a C1 next-line', 'Asha\u0085Rao'],
  ])('a name with %s is refused', (_what, fullName) => {
    expect(
      messages(registerRequest.safeParse({ ...validRegistration, full_name: fullName })).full_name,
    ).toEqual([MSG.singleLine]);
  });
  it('multi-line text keeps line feeds and tabs, reads CR LF as a line feed, and refuses the rest', () => {
    const kept = feedback('Good team.\r\n\tLong hours.\rFair pay.');
    expect(kept.success && kept.data.feedback_message).toBe('Good team.\n\tLong hours.\nFair pay.');
    for (const bad of ['Bell\u0007', 'Escape\u001b[31m', 'C1\u0085', 'NUL\u0000'])
      expect(messages(feedback(bad)).feedback_message).toEqual([MSG.controlCharacters]);
  });
  it('a search or filter reads any control character as a space between words', () => {
    const query = directoryQuery.safeParse({ search: '\u0000Asha\u0000Rao\u0085', city: 'Pu\u0007ne' });
    expect(query.success && [query.data.search, query.data.city]).toEqual(['Asha Rao', 'Pu ne']);
  });
  it('letters of every script pass', () => {
    expect(registerRequest.safeParse({ ...validRegistration, full_name: 'आशा राव' }).success).toBe(true);
  });
  it.each([
    ['a right-to-left override', 'Good \u202eecalp'],
    ['a left-to-right embedding', 'Asha \u202aRao'],
    ['a first-strong isolate', 'Asha \u2068Rao\u2069'],
    ['a lone surrogate', 'Asha \ud800Rao'],
  ])('a name or a review with %s, which shows text other than it reads, is refused', (_what, bad) => {
    expect(messages(registerRequest.safeParse({ ...validRegistration, full_name: bad })).full_name).toEqual([
      MSG.singleLine,
    ]);
    expect(messages(feedback(bad)).feedback_message).toEqual([MSG.controlCharacters]);
  });
  it('text of nothing but invisible characters is refused as missing, however long', () => {
    for (const blank of ['\u200d\u200d\u200d', '\u200b\u200b', '\u200f\u200f\u200f', '\u00a0\u200d\u2060']) {
      expect(
        messages(registerRequest.safeParse({ ...validRegistration, full_name: blank })).full_name,
      ).toEqual([MSG.fullNameMin]);
      expect(messages(profileUpdateRequest.safeParse({ city: blank })).city).toEqual([MSG.cityRequired]);
    }
  });
  it('the joiners of Indian scripts and the direction marks stay inside words', () => {
    for (const name of ['क्\u200dष राव', 'Asha \u200fRao', 'श्\u200cरी'])
      expect(registerRequest.safeParse({ ...validRegistration, full_name: name }).success).toBe(true);
  });
});

describe('path ids are digits, as PostgreSQL prints them', () => {
  it.each(['1', '42', '2147483647'])('%s names its user', (id) => {
    expect(idParams.safeParse({ id })).toEqual({ success: true, data: { id: Number(id) } });
  });
  it.each([
    '0',
    '-1',
    '+1',
    '001',
    '0x10',
    '1e3',
    '1.0',
    '1 ',
    ' 1',
    '2147483648',
    '99999999999999999999',
    '',
  ])('%j names nothing', (id) => {
    expect(idParams.safeParse({ id }).success).toBe(false);
  });
  it("a rating's id goes up to 2^53 - 1", () => {
    expect(ratingIdParams.safeParse({ id: '9007199254740991' }).success).toBe(true);
    expect(ratingIdParams.safeParse({ id: '9007199254740992' }).success).toBe(false);
  });
});

describe("zod's own English is replaced where a schema names no message", () => {
  it('a body that is not an object', () => {
    for (const body of [[], 'text', 3, true, null])
      expect(messages(markReadRequest.safeParse(body))).toEqual({ '': [MSG.notObject] });
  });
  it('a field of the wrong type, a key not among the choices', () => {
    expect(messages(notificationSettingsPatch.safeParse({ email: '1' }))).toEqual({ email: [MSG.notObject] });
    expect(messages(notificationSettingsPatch.safeParse({ email: { a: true } }))).toEqual({
      email: [MSG.invalidChoice],
    });
  });
  it('a bad notification id is answered at that id', () => {
    expect(messages(markReadRequest.safeParse({ ids: [1] }))).toEqual({ 'ids.0': ['Not a notification.'] });
    expect(messages(markReadRequest.safeParse({}))).toEqual({ '': ['Send either "ids" or "all": true.'] });
    expect(markReadRequest.safeParse({ all: true }).success).toBe(true);
  });
});
