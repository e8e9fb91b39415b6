import { MSG, type OwnUser, PASSWORD_TOO_EASY, PRIVACY_NOTICE_VERSION } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { registration, TEST_PASSWORD, uniqueEmail } from '../fixtures.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const register = (body: unknown) =>
  call<{ message: string; user: OwnUser } & ErrorAnswer>(ctx.app, 'POST', '/api/auth/register/', { body });

const storedUser = async (id: number) => {
  const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} not stored`);
  return row;
};

describe('POST /api/auth/register/', () => {
  it('creates an employee and answers 201 with the own user', async () => {
    const body = registration({
      email: `  Asha.Verma.${Date.now()}@Example.IN `,
      full_name: 'Asha Verma',
      city: 'Pune',
      linkedin_url: 'https://www.linkedin.com/in/asha-verma',
      skills: ['React', 'Node.js'],
      work_history: [{ company: 'TCS', position: 'Developer', duration: '3 years' }],
    });
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.registered);
    const user = res.body.user;
    expect(user).toEqual({
      id: expect.any(Number),
      user_code: expect.stringMatching(/^EMP-[2-9A-HJKMNP-Z]{6}$/),
      email: body.email.trim().toLowerCase(),
      full_name: 'Asha Verma',
      user_role: 'employee',
      city: 'Pune',
      linkedin_url: 'https://www.linkedin.com/in/asha-verma',
      avatar: null,
      skills: ['React', 'Node.js'],
      work_history: [{ company: 'TCS', position: 'Developer', duration: '3 years' }],
      show_rating_details: true,
      is_active: true,
      date_joined: expect.any(String),
      rating_received: 0,
      total_ratings_received: 0,
      language: 'en',
      // No consent given on this form: the web app will ask (DESIGN §8.3).
      consent_version: null,
      consent_required: true,
      email_domain: null,
      email_verified: false,
      consent_current_version: PRIVACY_NOTICE_VERSION,
    });
    expect(new Date(user.date_joined).toISOString()).toBe(user.date_joined);
    const row = await storedUser(user.id);
    // Their own account says when they joined to the moment; others see the day only (profiles.test).
    expect(user.date_joined).toBe(row.dateJoined.toISOString());
    expect(row.email).toBe(user.email);
    expect(row.skillsLc).toEqual(['react', 'node.js']);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(res.body)).not.toContain(row.passwordHash);
  });

  it('does not store skills or work history for employers', async () => {
    const res = await register(
      registration({
        user_role: 'employer',
        skills: ['Hiring'],
        work_history: [{ company: 'X', position: 'Y', duration: 'Z' }],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.user.user_code).toMatch(/^CMP-/);
    expect(res.body.user.skills).toEqual([]);
    expect(res.body.user.work_history).toEqual([]);
    const row = await storedUser(res.body.user.id);
    expect(row.skills).toEqual([]);
    expect(row.skillsLc).toEqual([]);
    expect(row.workHistory).toEqual([]);
  });

  it('stores an empty LinkedIn URL as null', async () => {
    const res = await register(registration({ linkedin_url: '' }));
    expect(res.status).toBe(201);
    expect(res.body.user.linkedin_url).toBeNull();
  });

  it('refuses a taken email, whatever its case', async () => {
    const body = registration();
    expect((await register(body)).status).toBe(201);
    const again = await register({ ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MSG.validationFailed, errors: { email: [MSG.emailTaken] } });
  });

  it('lets exactly one of several simultaneous registrations of one email through', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(registration({ email }))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((a) => a.status === 400)) {
      expect(a.body).toEqual({ detail: MSG.validationFailed, errors: { email: [MSG.emailTaken] } });
    }
    const rows = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  // Issue 15: the hand list had about 90 entries; zxcvbn-ts's lists have tens of thousands.
  it.each(['sunshine1', 'elephant', 'Password123', 'qazwsxedcrfv'])(
    'refuses %s, on the large common lists, as too common',
    async (password) => {
      const res = await register(registration({ password, password_confirm: password }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ password: [MSG.passwordCommon] });
    },
  );

  it.each([
    ['aaaaaaaaaa', PASSWORD_TOO_EASY.simpleRepeat],
    ['abcdefghijk', PASSWORD_TOO_EASY.sequences],
    ['kumarsharma', PASSWORD_TOO_EASY.commonNames],
    ['india@123', PASSWORD_TOO_EASY.other],
  ])('refuses %s, easy to guess though not common, naming why', async (password, message) => {
    const res = await register(
      registration({ full_name: 'Anil Mehta', password, password_confirm: password }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: [message] });
  });

  it("refuses a password built on the person's own name", async () => {
    const password = 'ravindra1987';
    const res = await register(
      registration({ full_name: 'Ravindra Iyer', password, password_confirm: password }),
    );
    expect(res.body.errors).toEqual({ password: [PASSWORD_TOO_EASY.userInputs] });
  });

  it.each(['Demo@2026!', 'e2e-Password-2024', 'brand-new-Password-9', 'correct horse 42'])(
    'accepts %s',
    async (password) => {
      expect((await register(registration({ password, password_confirm: password }))).status).toBe(201);
    },
  );

  it('refuses a very common password', async () => {
    const res = await register(registration({ password: 'password123', password_confirm: 'password123' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: [MSG.passwordCommon] });
  });

  it('keeps spaces in a password, so the same password signs in', async () => {
    const password = '  spaced out secret  ';
    const body = registration({ password, password_confirm: password });
    expect((await register(body)).status).toBe(201);
    const login = await call(ctx.app, 'POST', '/api/auth/login/', { body: { email: body.email, password } });
    expect(login.status).toBe(200);
    const trimmed = await call(ctx.app, 'POST', '/api/auth/login/', {
      body: { email: body.email, password: password.trim() },
    });
    expect(trimmed.status).toBe(401);
  });

  it('answers every field rule with its exact message', async () => {
    const res = await register({
      email: 'not-an-email',
      full_name: 'A',
      password: 'short',
      password_confirm: 'other',
      user_role: 'moderator',
      city: 'X',
      linkedin_url: 'https://example.com/me',
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(MSG.validationFailed);
    expect(res.body.errors).toEqual({
      email: [MSG.emailInvalid],
      full_name: [MSG.fullNameMin],
      password: [MSG.passwordMin],
      user_role: [MSG.roleRequired],
      city: [MSG.cityRequired],
      linkedin_url: [MSG.linkedinInvalid],
    });
  });

  it('names missing fields', async () => {
    const res = await register({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      email: [MSG.emailInvalid],
      full_name: [MSG.fullNameMin],
      password: [MSG.passwordRequired],
      password_confirm: [MSG.required],
      user_role: [MSG.roleRequired],
      city: [MSG.cityRequired],
    });
  });

  it('checks the upper limits and the passwords match', async () => {
    const res = await register(
      registration({
        full_name: 'N'.repeat(101),
        city: 'C'.repeat(51),
        password: 'p'.repeat(129),
        password_confirm: 'p'.repeat(129),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      full_name: [MSG.fullNameMax],
      city: [MSG.cityMax],
      password: [MSG.passwordMax],
    });
    const mismatch = await register(
      registration({ password: TEST_PASSWORD, password_confirm: `${TEST_PASSWORD}!` }),
    );
    expect(mismatch.body.errors).toEqual({ password_confirm: [MSG.passwordsDontMatch] });
  });

  it('checks skills and work history', async () => {
    const tooMany = await register(
      registration({
        skills: Array.from({ length: 21 }, (_, i) => `Skill ${i}`),
        work_history: Array.from({ length: 11 }, () => ({ company: 'A', position: 'B', duration: 'C' })),
      }),
    );
    expect(tooMany.body.errors).toEqual({ skills: [MSG.skillsMax], work_history: [MSG.workHistoryMax] });

    const bad = await register(
      registration({
        skills: ['Java', 'java', 'x'.repeat(31)],
        work_history: [
          { company: '', position: '', duration: '' },
          { company: 'c'.repeat(101), position: 'p'.repeat(101), duration: 'd'.repeat(51) },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'skills.1': [MSG.skillDuplicate],
      'skills.2': [MSG.skillMax],
      'work_history.0.company': [MSG.companyRequired],
      'work_history.0.position': [MSG.positionRequired],
      'work_history.0.duration': [MSG.durationRequired],
      'work_history.1.company': [MSG.companyMax],
      'work_history.1.position': [MSG.positionMax],
      'work_history.1.duration': [MSG.durationMax],
    });
  });

  it('trims text fields and drops unknown ones', async () => {
    const res = await register({
      ...registration({ full_name: '  Ravi Kumar  ', city: '  Chennai ' }),
      is_active: false,
      user_role_override: 'moderator',
      id: 1,
      rating_received: 5,
      avatar: 'https://evil.example/x.png',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      full_name: 'Ravi Kumar',
      city: 'Chennai',
      is_active: true,
      rating_received: 0,
      avatar: null,
      user_role: 'employee',
    });
    expect(res.body.user).not.toHaveProperty('user_role_override');
    const row = await storedUser(res.body.user.id);
    expect(row).toMatchObject({ isActive: true, ratingTenths: 0, avatar: null });
  });

  it('stores and returns quotes and markup as plain text', async () => {
    const name = `O'Brien "Bobby" <script>alert(1)</script> \\ ; DROP TABLE users;--`;
    const res = await register(registration({ full_name: name, city: `Mumbai'"  ` }));
    expect(res.status).toBe(201);
    expect(res.body.user.full_name).toBe(name);
    expect(res.body.user.city).toBe(`Mumbai'"`);
    expect(res.raw.headers['content-type']).toMatch(/^application\/json/);
    const row = await storedUser(res.body.user.id);
    expect(row.fullName).toBe(name);
  });

  it('refuses control characters, NUL (which the database cannot hold) among them, with a 400 beside the field', async () => {
    for (const fullName of ['Nul\u0000Byte', 'Bell\u0007', 'Escape\u001b[31m', 'Two\nLines']) {
      const res = await register(registration({ full_name: fullName }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.validationFailed, errors: { full_name: [MSG.singleLine] } });
    }
    const inSkills = await register(registration({ skills: ['C\u0000'] }));
    expect(inSkills.status).toBe(400);
  });
});
