import { type LoginResponse, MSG } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFamilies, users } from '../../src/db/schema/index.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { registerUser, TEST_PASSWORD, uniqueEmail } from '../fixtures.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  // A low lockout threshold, so the lockout is reached in a few requests.
  ctx = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
});
afterAll(() => ctx.close());

const login = (body: unknown, remoteAddress?: string) =>
  call<LoginResponse & ErrorAnswer>(ctx.app, 'POST', '/api/auth/login/', { body, remoteAddress });

describe('POST /api/auth/login/', () => {
  it('answers tokens and the own user, and opens a session', async () => {
    const { user, email } = await registerUser(ctx.app);
    const res = await login({ email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String), user });

    const access = await ctx.deps.tokens.verifyAccess(res.body.access);
    const refresh = await ctx.deps.tokens.verifyRefresh(res.body.refresh);
    expect(access).toEqual({ userId: user.id, sessionId: refresh.familyId });
    const [family] = await ctx.deps.db
      .select()
      .from(refreshFamilies)
      .where(eq(refreshFamilies.id, refresh.familyId));
    expect(family).toMatchObject({ userId: user.id, currentJtiHash: sha256(refresh.jti), revokedAt: null });
    expect(family?.expiresAt.getTime()).toBeGreaterThan(Date.now());

    const profile = await call(ctx.app, 'GET', '/api/auth/profile/', { token: res.body.access });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual(user);
  });

  it('answers a wrong password and an unknown email alike, a suspended account with a wrong one too', async () => {
    const { user, email } = await registerUser(ctx.app);
    const wrong = await login({ email, password: 'not-the-password' }, '10.1.0.1');
    const unknown = await login({ email: uniqueEmail('nobody'), password: TEST_PASSWORD }, '10.1.0.1');
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const suspendedWrong = await login({ email, password: 'not-the-password' }, '10.1.0.2');
    for (const res of [wrong, unknown, suspendedWrong]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: MSG.badCredentials });
    }
  });

  it('tells a suspended person who proved their password that the account is suspended, and starts no session (issue 47)', async () => {
    const { user, email } = await registerUser(ctx.app);
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const suspended = await login({ email, password: TEST_PASSWORD }, '10.1.0.3');
    expect(suspended.status).toBe(403);
    expect(suspended.body).toEqual({ detail: MSG.accountSuspended });
    expect(suspended.body).not.toHaveProperty('access');
  });

  it('answers the field rules with their exact messages', async () => {
    const empty = await login({ email: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      detail: MSG.validationFailed,
      errors: { email: [MSG.emailInvalid], password: [MSG.passwordRequired] },
    });
    const missing = await login({});
    expect(missing.body).toMatchObject({
      errors: { email: [MSG.emailInvalid], password: [MSG.passwordRequired] },
    });
    const wrongTypes = await login({ email: 42, password: ['x'] });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.errors).toHaveProperty('email');
    expect(wrongTypes.body.errors).toHaveProperty('password');
  });

  it('locks an account for one IP after LOGIN_RATE_LIMIT failures, even for the right password', async () => {
    const { email } = await registerUser(ctx.app);
    const ip = '10.2.0.1';
    for (let i = 0; i < 3; i++) {
      expect((await login({ email, password: `wrong-${i}-password` }, ip)).status).toBe(401);
    }
    const locked = await login({ email, password: TEST_PASSWORD }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ detail: MSG.tooManyLogins });
    expect(Number(locked.raw.headers['retry-after'])).toBeGreaterThan(0);

    // The same account from another address, and another account from this one, are not locked.
    expect((await login({ email, password: TEST_PASSWORD }, '10.2.0.2')).status).toBe(200);
    const other = await registerUser(ctx.app);
    expect((await login({ email: other.email, password: TEST_PASSWORD }, ip)).status).toBe(200);
  });

  it('counts failures per account whatever the email case, and for unknown emails too', async () => {
    const { email } = await registerUser(ctx.app);
    const ip = '10.3.0.1';
    await login({ email: email.toUpperCase(), password: 'wrong-password-1' }, ip);
    await login({ email, password: 'wrong-password-2' }, ip);
    await login({ email: ` ${email} `, password: 'wrong-password-3' }, ip);
    expect((await login({ email, password: TEST_PASSWORD }, ip)).status).toBe(429);

    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++)
      expect((await login({ email: nobody, password: 'whatever-1' }, ip)).status).toBe(401);
    expect((await login({ email: nobody, password: 'whatever-1' }, ip)).status).toBe(429);
  });

  it('refuses parallel guesses beyond the limit', async () => {
    const { email } = await registerUser(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login({ email, password: `parallel-guess-${i}` }, '10.4.0.1')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('resets the count after a successful sign-in', async () => {
    const { email } = await registerUser(ctx.app);
    const ip = '10.5.0.1';
    await login({ email, password: 'wrong-password-1' }, ip);
    await login({ email, password: 'wrong-password-2' }, ip);
    expect((await login({ email, password: TEST_PASSWORD }, ip)).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await login({ email, password: `wrong-${i}-again` }, ip)).status).toBe(401);
    expect((await login({ email, password: TEST_PASSWORD }, ip)).status).toBe(429);
  });

  it('opens a separate session for each sign-in', async () => {
    const { email } = await registerUser(ctx.app);
    const first = await login({ email, password: TEST_PASSWORD });
    const second = await login({ email, password: TEST_PASSWORD });
    const a = await ctx.deps.tokens.verifyRefresh(first.body.refresh);
    const b = await ctx.deps.tokens.verifyRefresh(second.body.refresh);
    expect(a.familyId).not.toBe(b.familyId);
  });
});
