import { MSG, type OwnUser } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { loginAs, signUp } from '../fixtures.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const patch = (token: string, body: unknown) =>
  call<OwnUser & ErrorAnswer>(ctx.app, 'PATCH', '/api/auth/profile/', { token, body });

const stored = async (id: number) => {
  const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('not stored');
  return row;
};

describe('GET /api/auth/profile/', () => {
  it('answers the own user, email and status included', async () => {
    const session = await signUp(ctx.app);
    const res = await call<OwnUser>(ctx.app, 'GET', '/api/auth/profile/', { token: session.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(session.user);
    expect(res.body.email).toBe(session.email);
    expect(res.body.is_active).toBe(true);
  });
});

describe('PATCH /api/auth/profile/', () => {
  it('changes only the given fields', async () => {
    const session = await signUp(ctx.app, { linkedin_url: 'https://linkedin.com/in/before' });
    const res = await patch(session.access, { city: '  Hyderabad ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...session.user, city: 'Hyderabad' });

    const all = await patch(session.access, {
      full_name: 'Meera Iyer',
      linkedin_url: 'https://in.linkedin.com/in/meera',
      skills: ['Go', 'Kubernetes'],
      work_history: [{ company: 'Flipkart', position: 'SRE', duration: '1 year' }],
      show_rating_details: false,
    });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      full_name: 'Meera Iyer',
      city: 'Hyderabad',
      linkedin_url: 'https://in.linkedin.com/in/meera',
      skills: ['Go', 'Kubernetes'],
      work_history: [{ company: 'Flipkart', position: 'SRE', duration: '1 year' }],
      show_rating_details: false,
      // the owner always sees their own count
      total_ratings_received: 0,
    });
    const row = await stored(session.user.id);
    expect(row.skillsLc).toEqual(['go', 'kubernetes']);

    const again = await call<OwnUser>(ctx.app, 'GET', '/api/auth/profile/', { token: session.access });
    expect(again.body).toEqual(all.body);
  });

  it('clears the LinkedIn URL with an empty string or null', async () => {
    const session = await signUp(ctx.app, { linkedin_url: 'https://linkedin.com/in/x' });
    expect((await patch(session.access, { linkedin_url: '' })).body.linkedin_url).toBeNull();
    await patch(session.access, { linkedin_url: 'https://linkedin.com/in/x' });
    expect((await patch(session.access, { linkedin_url: null })).body.linkedin_url).toBeNull();
  });

  it('answers an empty body with the unchanged user', async () => {
    const session = await signUp(ctx.app);
    const res = await patch(session.access, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(session.user);
  });

  it('ignores skills and work history for employers', async () => {
    const session = await signUp(ctx.app, { user_role: 'employer' });
    const res = await patch(session.access, {
      city: 'Noida',
      skills: ['Recruiting'],
      work_history: [{ company: 'A', position: 'B', duration: 'C' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ city: 'Noida', skills: [], work_history: [] });
    const row = await stored(session.user.id);
    expect(row).toMatchObject({ skills: [], skillsLc: [], workHistory: [] });
  });

  it('answers the profile rules with their exact messages', async () => {
    const session = await signUp(ctx.app);
    const res = await patch(session.access, {
      full_name: 'x',
      city: 'y',
      linkedin_url: 'ftp://linkedin.com/in/x',
      skills: Array.from({ length: 21 }, (_, i) => `s${i}`),
      work_history: Array.from({ length: 11 }, () => ({ company: 'a', position: 'b', duration: 'c' })),
      show_rating_details: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: MSG.validationFailed,
      errors: {
        full_name: [MSG.fullNameMin],
        city: [MSG.cityRequired],
        linkedin_url: [MSG.linkedinInvalid],
        skills: [MSG.skillsMax],
        work_history: [MSG.workHistoryMax],
        show_rating_details: [MSG.notBoolean],
      },
    });
    const long = await patch(session.access, {
      full_name: 'n'.repeat(101),
      city: 'c'.repeat(51),
      skills: ['ok', 'OK', 's'.repeat(31)],
      work_history: [{ company: 'c'.repeat(101), position: '', duration: 'd'.repeat(51) }],
    });
    expect(long.body.errors).toEqual({
      full_name: [MSG.fullNameMax],
      city: [MSG.cityMax],
      'skills.1': [MSG.skillDuplicate],
      'skills.2': [MSG.skillMax],
      'work_history.0.company': [MSG.companyMax],
      'work_history.0.position': [MSG.positionRequired],
      'work_history.0.duration': [MSG.durationMax],
    });
    const types = await patch(session.access, { full_name: 5, skills: 'Go', work_history: ['x'] });
    expect(types.body.errors).toEqual({
      full_name: [MSG.notText],
      skills: [MSG.notList],
      'work_history.0': [MSG.notObject],
    });
    // Nothing was changed by the refused requests.
    expect((await stored(session.user.id)).fullName).toBe(session.user.full_name);
  });

  it('drops fields that are not editable', async () => {
    const session = await signUp(ctx.app);
    const res = await patch(session.access, {
      email: 'someone.else@example.in',
      user_role: 'moderator',
      is_active: false,
      user_code: 'EMP-AAAAAA',
      rating_received: 5,
      avatar: 'https://evil.example/a.png',
      city: 'Kochi',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...session.user, city: 'Kochi' });
    const row = await stored(session.user.id);
    expect(row).toMatchObject({ email: session.email, userRole: 'employee', isActive: true, avatar: null });
  });

  it('needs a signed-in user', async () => {
    const res = await call(ctx.app, 'PATCH', '/api/auth/profile/', { body: { city: 'Agra' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: MSG.authRequired });
  });
});

describe('the account language (DESIGN §8.4)', () => {
  it('starts as English, is changed by PATCH, and comes back on GET and on a new sign-in', async () => {
    const session = await signUp(ctx.app);
    expect(session.user.language).toBe('en');

    const res = await patch(session.access, { language: 'hi' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...session.user, language: 'hi' });
    expect((await stored(session.user.id)).language).toBe('hi');

    const profile = await call<OwnUser>(ctx.app, 'GET', '/api/auth/profile/', { token: session.access });
    expect(profile.body.language).toBe('hi');
    const again = await loginAs(ctx.app, session.email, session.password);
    expect(again.user.language).toBe('hi');
  });

  it('keeps the language a person registered in', async () => {
    const session = await signUp(ctx.app, { language: 'hi' });
    expect(session.user.language).toBe('hi');
  });

  it('refuses a language the web app does not have, with a message', async () => {
    const session = await signUp(ctx.app);
    for (const language of ['fr', 'HI', '', 7]) {
      const res = await patch(session.access, { language });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ language: [MSG.languageInvalid] });
    }
    expect((await stored(session.user.id)).language).toBe('en');
  });
});
