// Who a request is counted as, and when (issue 15 §3, §6): the per-address limit runs before the
// sign-in check, so bad tokens are counted and an authenticated flood is refused before its session
// is read; a signed-in caller is counted per account as well, from any addresses, once the session is
// known to be live; X-Forwarded-For names the client only when the sender is a trusted proxy; an
// IPv6 client is counted by its /64, for the per-address limit and for failed sign-ins alike.
import { MSG } from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { loginAs, signUp, TEST_PASSWORD } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});
/** An app of its own for one test, closed after it. */
async function testApp(env: Record<string, string>): Promise<TestContext> {
  ctx = await createTestApp(env);
  return ctx;
}

// The sign-in check of /api/core/* is a hook of its module (onRequest); of the profile, a preHandler.
const profile = (app: TestContext['app'], options: Parameters<typeof call>[3] = {}) =>
  call(app, 'GET', '/api/auth/profile/', options);
const myRatings = (app: TestContext['app'], options: Parameters<typeof call>[3] = {}) =>
  call(app, 'GET', '/api/core/my-ratings/given/', options);

describe('the per-address limit comes before the sign-in check', () => {
  it('counts requests with bad tokens', async () => {
    const { app } = await testApp({ RATE_LIMIT_MAX: '3' });
    const bad = { token: 'not-a-token', remoteAddress: '10.20.0.1' };
    for (let i = 0; i < 3; i++) expect((await myRatings(app, bad)).status).toBe(401);
    const refused = await myRatings(app, bad);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: MSG.tooManyRequests });
    expect(Number(refused.raw.headers['retry-after'])).toBeGreaterThan(0);
    // Routes whose sign-in check is a preHandler count towards the same limit.
    expect((await profile(app, bad)).status).toBe(429);
    // Another address is not affected.
    expect((await myRatings(app, { ...bad, remoteAddress: '10.20.0.2' })).status).toBe(401);
  });

  it('refuses an authenticated flood before reading its session', async () => {
    const { app, deps } = await testApp({ RATE_LIMIT_MAX: '4' });
    // Sign-up and sign-in come from the default address; the flood from its own.
    const { access, user } = await signUp(app);
    const mine = { token: access, remoteAddress: '10.21.0.1' };
    for (let i = 0; i < 4; i++) expect((await myRatings(app, mine)).status).toBe(200);
    // Suspended now: a session read would answer 401. The limit answers first, without one.
    await deps.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const refused = await myRatings(app, mine);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: MSG.tooManyRequests });
    expect((await profile(app, mine)).status).toBe(429);
    expect((await myRatings(app, { ...mine, remoteAddress: '10.21.0.2' })).status).toBe(401);
  });
});

describe('the per-account limits', () => {
  /**
   * A signed-in user whose id no other test file's users share: with REDIS_URL every file counts in
   * one Redis, and the files' databases, copied from one template, hand out the same ids.
   */
  async function signUpUnique(ctx: TestContext) {
    const id = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    await ctx.deps.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${id})`);
    return signUp(ctx.app);
  }
  const markRead = (app: TestContext['app'], options: Parameters<typeof call>[3]) =>
    call(app, 'POST', '/api/core/notifications/read/', { ...options, body: { all: true } });

  it('count one account from any addresses, and leave other accounts alone', async () => {
    const ctx = await testApp({ ACCOUNT_RATE_LIMIT: '4' });
    const [spread, neighbour] = [await signUpUnique(ctx), await signUpUnique(ctx)];
    for (let i = 1; i <= 4; i++) {
      expect((await myRatings(ctx.app, { token: spread.access, remoteAddress: `10.23.0.${i}` })).status).toBe(
        200,
      );
    }
    const refused = await myRatings(ctx.app, { token: spread.access, remoteAddress: '10.23.0.5' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: MSG.tooManyRequests });
    const retryAfter = Number(refused.raw.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Routes whose sign-in check is a preHandler count towards the same limit.
    expect((await profile(ctx.app, { token: spread.access, remoteAddress: '10.23.0.6' })).status).toBe(429);
    // Another account at the same address is someone else; a request without a token is not counted.
    expect((await myRatings(ctx.app, { token: neighbour.access, remoteAddress: '10.23.0.5' })).status).toBe(
      200,
    );
    expect((await myRatings(ctx.app, { remoteAddress: '10.23.0.7' })).status).toBe(401);
  });

  it('count writes on their own', async () => {
    const ctx = await testApp({ ACCOUNT_RATE_LIMIT: '100', ACCOUNT_WRITE_LIMIT: '2' });
    const { access } = await signUpUnique(ctx);
    const from = (i: number) => ({ token: access, remoteAddress: `10.24.0.${i}` });
    expect((await markRead(ctx.app, from(1))).status).toBe(204);
    expect((await markRead(ctx.app, from(2))).status).toBe(204);
    // Reads still pass: only the writes are spent.
    expect((await myRatings(ctx.app, from(3))).status).toBe(200);
    const refused = await markRead(ctx.app, from(4));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: MSG.tooManyRequests });
    expect(Number(refused.raw.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('spend nothing for a token whose session has ended, so ending a stolen one stops it', async () => {
    const ctx = await testApp({ ACCOUNT_RATE_LIMIT: '3' });
    const owner = await signUpUnique(ctx);
    // A second session of the same account, taken by someone else and then signed out by the owner.
    const stolen = await loginAs(ctx.app, owner.email, owner.password);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/logout/', { body: { refresh: stolen.refresh } })).status,
    ).toBe(204);
    for (let i = 1; i <= 5; i++) {
      expect((await myRatings(ctx.app, { token: stolen.access, remoteAddress: `10.25.0.${i}` })).status).toBe(
        401,
      );
    }
    // The owner's allowance is whole.
    for (let i = 1; i <= 3; i++) {
      expect((await myRatings(ctx.app, { token: owner.access, remoteAddress: '10.25.1.1' })).status).toBe(
        200,
      );
    }
    expect((await myRatings(ctx.app, { token: owner.access, remoteAddress: '10.25.1.1' })).status).toBe(429);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored unless TRUST_PROXY names the sender', async () => {
    const { app } = await testApp({ RATE_LIMIT_MAX: '2' });
    const from = (client: string) =>
      profile(app, { remoteAddress: '10.22.0.1', headers: { 'x-forwarded-for': client } });
    expect((await from('198.51.100.1')).status).toBe(401);
    expect((await from('198.51.100.2')).status).toBe(401);
    // A new forwarded address each time does not make a new client.
    expect((await from('198.51.100.3')).status).toBe(429);
  });

  it('names the client when the sender is a trusted proxy', async () => {
    const { app } = await testApp({ RATE_LIMIT_MAX: '2', TRUST_PROXY: '10.22.0.1' });
    const from = (client: string, proxy = '10.22.0.1') =>
      profile(app, { remoteAddress: proxy, headers: { 'x-forwarded-for': client } });
    expect((await from('198.51.100.1')).status).toBe(401);
    expect((await from('198.51.100.1')).status).toBe(401);
    expect((await from('198.51.100.1')).status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(401);
    // An untrusted sender is counted by its own address, whatever it forwards.
    expect((await from('198.51.100.3', '10.22.0.9')).status).toBe(401);
    expect((await from('198.51.100.4', '10.22.0.9')).status).toBe(401);
    expect((await from('198.51.100.5', '10.22.0.9')).status).toBe(429);
  });
});

describe('IPv6 clients', () => {
  it('share one per-address count within a /64', async () => {
    const { app } = await testApp({ RATE_LIMIT_MAX: '2' });
    const from = (remoteAddress: string) => profile(app, { remoteAddress });
    expect((await from('2001:db8:1:2::1')).status).toBe(401);
    expect((await from('2001:db8:1:2:ffff:ffff:ffff:fffe')).status).toBe(401);
    expect((await from('2001:db8:1:2::3')).status).toBe(429);
    expect((await from('2001:db8:1:3::1')).status).toBe(401);
  });

  it('share one count of failed sign-ins within a /64', async () => {
    const { app } = await testApp({ LOGIN_RATE_LIMIT: '2' });
    const { email } = await signUp(app);
    const login = (password: string, remoteAddress: string) =>
      call(app, 'POST', '/api/auth/login/', { body: { email, password }, remoteAddress });
    expect((await login('wrong-password-1', '2001:db8:5:6::1')).status).toBe(401);
    expect((await login('wrong-password-2', '2001:db8:5:6::2')).status).toBe(401);
    const locked = await login(TEST_PASSWORD, '2001:db8:5:6:abcd::9');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ detail: MSG.tooManyLogins });
    // The next /64 is someone else.
    expect((await login(TEST_PASSWORD, '2001:db8:5:7::1')).status).toBe(200);
  });
});
