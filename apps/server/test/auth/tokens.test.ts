import { randomUUID } from 'node:crypto';
import { MSG } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFamilies, users } from '../../src/db/schema/index.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { rotateFamily } from '../../src/modules/auth/repository.ts';
import { signUp } from '../fixtures.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Pair = { access: string; refresh: string };
const refresh = (token: unknown) =>
  call<Pair & ErrorAnswer>(ctx.app, 'POST', '/api/auth/refresh/', { body: { refresh: token } });
const logout = (token: unknown) => call(ctx.app, 'POST', '/api/auth/logout/', { body: { refresh: token } });
const profile = (token: string) => call(ctx.app, 'GET', '/api/auth/profile/', { token });

const INVALID = { detail: MSG.tokenInvalid };

/** Signs a token with the test app's own secret, as the server would, with chosen claims. */
async function forge(claims: Record<string, unknown>, options: { sub: number; exp: number; iat?: number }) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(options.sub))
    .setIssuedAt(options.iat ?? options.exp - 60)
    .setExpirationTime(options.exp)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(ctx.deps.env.JWT_SECRET));
}

const familyOf = async (refreshToken: string) => {
  const { familyId } = await ctx.deps.tokens.verifyRefresh(refreshToken);
  const [row] = await ctx.deps.db.select().from(refreshFamilies).where(eq(refreshFamilies.id, familyId));
  return row;
};

describe('POST /api/auth/refresh/', () => {
  it('rotates: a new pair, the used refresh token dies, the new one works', async () => {
    const session = await signUp(ctx.app);
    const first = await refresh(session.refresh);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(first.body.refresh).not.toBe(session.refresh);
    expect((await profile(first.body.access)).status).toBe(200);

    const second = await refresh(first.body.refresh);
    expect(second.status).toBe(200);
    const claims = await ctx.deps.tokens.verifyAccess(second.body.access);
    expect(claims.sessionId).toBe((await ctx.deps.tokens.verifyRefresh(session.refresh)).familyId);
  });

  it('revokes the whole family when a rotated token comes back (reuse)', async () => {
    const session = await signUp(ctx.app);
    const next = await refresh(session.refresh);
    expect(next.status).toBe(200);

    // Past the grace window for simultaneous refreshes (tested below).
    await ctx.deps.db
      .update(refreshFamilies)
      .set({ rotatedAt: new Date(Date.now() - (ctx.deps.env.REFRESH_REUSE_GRACE + 1) * 1000) })
      .where(eq(refreshFamilies.id, (await familyOf(session.refresh))?.id ?? ''));
    const reused = await refresh(session.refresh);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual(INVALID);
    expect((await familyOf(session.refresh))?.revokedAt).toBeInstanceOf(Date);
    // The newest token of the family is dead too.
    expect((await refresh(next.body.refresh)).status).toBe(401);
  });

  it('answers two simultaneous refreshes with one token alike, keeping the session (issue 15 §12)', async () => {
    for (let run = 0; run < 10; run++) {
      const session = await signUp(ctx.app);
      const answers = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
      // Before: 200 + 401 in 10 of 10 runs, and the winner's new token refused afterwards.
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const [a, b] = answers.map((r) => r.body.refresh as string);
      const ids = await Promise.all(
        [a, b].map(async (t) => (await ctx.deps.tokens.verifyRefresh(t as string)).jti),
      );
      // Never two sessions: both hold the family's one current token.
      expect(ids[0]).toBe(ids[1]);
      expect((await familyOf(session.refresh))?.revokedAt).toBeNull();
      expect((await refresh(a as string)).status).toBe(200);
      // The other tab's copy is now the token just replaced: still within the window.
      expect((await refresh(b as string)).status).toBe(200);
    }
  });

  it('gives no grace to a token two rotations old', async () => {
    const session = await signUp(ctx.app);
    const first = await refresh(session.refresh);
    await refresh(first.body.refresh as string);
    expect((await refresh(session.refresh)).status).toBe(401);
    expect((await familyOf(session.refresh))?.revokedAt).toBeInstanceOf(Date);
  });

  it('rotates in the database with a conditional update that only one writer can win', async () => {
    const session = await signUp(ctx.app);
    const { familyId, jti } = await ctx.deps.tokens.verifyRefresh(session.refresh);
    const next = (n: number) => ({
      jtiHash: sha256(`next-${n}`),
      expiresAt: new Date(Date.now() + 60_000),
      generation: 1,
    });
    const wins = await Promise.all(
      [1, 2, 3].map((n) => rotateFamily(ctx.deps.db, familyId, sha256(jti), next(n))),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a tampered token', async () => {
    const session = await signUp(ctx.app);
    const [header, payload, signature] = session.refresh.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      'garbage',
    ]) {
      const res = await refresh(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID);
    }
    expect((await refresh(session.refresh)).status).toBe(200);
  });

  it('refuses an expired refresh token and an expired access token', async () => {
    const session = await signUp(ctx.app);
    const { familyId, jti } = await ctx.deps.tokens.verifyRefresh(session.refresh);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expiredRefresh = await new SignJWT({ typ: 'refresh', fam: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session.user.id))
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .setJti(jti)
      .sign(new TextEncoder().encode(ctx.deps.env.JWT_SECRET));
    expect((await refresh(expiredRefresh)).status).toBe(401);

    const expiredAccess = await forge({ typ: 'access', sid: familyId }, { sub: session.user.id, exp: past });
    const res = await profile(expiredAccess);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
    // The same claims, still valid, are accepted: the expiry alone made the difference.
    const fresh = await forge({ typ: 'access', sid: familyId }, { sub: session.user.id, exp: past + 7200 });
    expect((await profile(fresh)).status).toBe(200);
  });

  it('refuses a session whose family has expired in the database', async () => {
    const session = await signUp(ctx.app);
    const family = await familyOf(session.refresh);
    await ctx.deps.db
      .update(refreshFamilies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshFamilies.id, family?.id ?? ''));
    expect((await refresh(session.refresh)).status).toBe(401);
  });

  it('refuses each token type where the other is expected', async () => {
    const session = await signUp(ctx.app);
    const accessAsRefresh = await refresh(session.access);
    expect(accessAsRefresh.status).toBe(401);
    expect(accessAsRefresh.body).toEqual(INVALID);
    const refreshAsAccess = await profile(session.refresh);
    expect(refreshAsAccess.status).toBe(401);
    expect(refreshAsAccess.body).toEqual(INVALID);
    expect((await logout(session.access)).status).toBe(401);
  });

  it("refuses a suspended user's access and refresh tokens at once", async () => {
    const session = await signUp(ctx.app);
    expect((await profile(session.access)).status).toBe(200);
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, session.user.id));
    expect((await profile(session.access)).status).toBe(401);
    expect((await refresh(session.refresh)).status).toBe(401);
    // Reinstated, the untouched session works again (suspension is not a revocation).
    await ctx.deps.db.update(users).set({ isActive: true }).where(eq(users.id, session.user.id));
    expect((await profile(session.access)).status).toBe(200);
  });

  it('needs a refresh token in the body', async () => {
    const missing = await call(ctx.app, 'POST', '/api/auth/refresh/', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ refresh: [MSG.required] });
    const wrongType = await refresh(12345);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors).toEqual({ refresh: [MSG.notText] });
    const tooLong = await refresh('x'.repeat(2001));
    expect(tooLong.body.errors).toEqual({ refresh: [MSG.tooLong] });
  });
});

describe('bearer tokens on protected endpoints', () => {
  it('answers a missing or malformed Authorization header with 401', async () => {
    const none = await call(ctx.app, 'GET', '/api/auth/profile/');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: MSG.authRequired });
    for (const header of ['Basic abc', 'Bearer', 'Bearer not.a.jwt', 'Token x y']) {
      const res = await call(ctx.app, 'GET', '/api/auth/profile/', { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID);
    }
  });

  it('refuses a token for a user that does not exist', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const token = await forge({ typ: 'access', sid: 'nope' }, { sub: 2_000_000_000, exp });
    expect((await profile(token)).status).toBe(401);
  });
});

describe('POST /api/auth/logout/', () => {
  it('ends the session: 204, and its refresh token stops working', async () => {
    const session = await signUp(ctx.app);
    const res = await logout(session.refresh);
    expect(res.status).toBe(204);
    expect(res.raw.body).toBe('');
    expect((await refresh(session.refresh)).status).toBe(401);
    expect((await familyOf(session.refresh))?.revokedAt).toBeInstanceOf(Date);
  });

  it("ends the session's access tokens at once, not when they expire", async () => {
    const session = await signUp(ctx.app);
    const other = await call<Pair>(ctx.app, 'POST', '/api/auth/login/', {
      body: { email: session.email, password: session.password },
    });
    const rotated = await refresh(session.refresh);
    expect((await profile(session.access)).status).toBe(200);
    expect((await logout(rotated.body.refresh)).status).toBe(204);
    for (const access of [session.access, rotated.body.access]) {
      const res = await profile(access);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID);
    }
    // The same user's other session carries on.
    expect((await profile(other.body.access)).status).toBe(200);
  });

  it("refuses an access token whose session was never started, or is another user's", async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const { userId } = await ctx.deps.tokens.verifyAccess(a.access);
    const { sessionId: sessionOfB } = await ctx.deps.tokens.verifyAccess(b.access);
    for (const sessionId of ['never-started', sessionOfB]) {
      const token = await ctx.deps.tokens.signAccess({ userId, sessionId });
      expect((await profile(token)).status).toBe(401);
    }
  });

  it('is idempotent and leaves other sessions alone', async () => {
    const session = await signUp(ctx.app);
    const other = await call<Pair>(ctx.app, 'POST', '/api/auth/login/', {
      body: { email: session.email, password: session.password },
    });
    expect((await logout(session.refresh)).status).toBe(204);
    expect((await logout(session.refresh)).status).toBe(204);
    expect((await refresh(other.body.refresh)).status).toBe(200);
  });

  it('ends the session from a rotated token too', async () => {
    const session = await signUp(ctx.app);
    const next = await refresh(session.refresh);
    expect((await logout(session.refresh)).status).toBe(204);
    expect((await refresh(next.body.refresh)).status).toBe(401);
  });

  it('answers 401 for something that is not a valid refresh token', async () => {
    const res = await logout('not-a-token');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });
});

describe('REFRESH_ROTATION=off, for clients that keep their first refresh token (issue 42)', () => {
  let keeping: TestContext;
  beforeAll(async () => {
    keeping = await createTestApp({ REFRESH_ROTATION: 'off', ACCESS_TOKEN_TTL: '15m' });
  });
  afterAll(() => keeping.close());
  const refreshThere = (token: string) =>
    call<Partial<Pair> & ErrorAnswer>(keeping.app, 'POST', '/api/auth/refresh/', {
      body: { refresh: token },
    });

  it('answers {access} only, again and again with the same token, for an hour of expiries and more', async () => {
    const session = await signUp(keeping.app);
    const { familyId } = await keeping.deps.tokens.verifyRefresh(session.refresh);
    // Eight refreshes, each as if the last one were older than REFRESH_REUSE_GRACE: two hours of
    // fifteen-minute access tokens, all with the first refresh token.
    for (let i = 0; i < 8; i++) {
      await keeping.deps.db
        .update(refreshFamilies)
        .set({
          lastUsedAt: new Date(Date.now() - 16 * 60_000),
          rotatedAt: new Date(Date.now() - 16 * 60_000),
        })
        .where(eq(refreshFamilies.id, familyId));
      const answer = await refreshThere(session.refresh);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['access']);
      const me = await call(keeping.app, 'GET', '/api/auth/profile/', {
        token: answer.body.access as string,
      });
      expect(me.status).toBe(200);
    }
    const [family] = await keeping.deps.db
      .select()
      .from(refreshFamilies)
      .where(eq(refreshFamilies.id, familyId));
    expect(family?.revokedAt).toBeNull();
    expect(Date.now() - (family?.lastUsedAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('still ends with sign-out, suspension and expiry', async () => {
    const session = await signUp(keeping.app);
    expect(
      (await call(keeping.app, 'POST', '/api/auth/logout/', { body: { refresh: session.refresh } })).status,
    ).toBe(204);
    expect((await refreshThere(session.refresh)).status).toBe(401);

    const suspended = await signUp(keeping.app);
    await keeping.deps.db.update(users).set({ isActive: false }).where(eq(users.id, suspended.user.id));
    expect((await refreshThere(suspended.refresh)).status).toBe(401);

    const expired = await signUp(keeping.app);
    const { familyId } = await keeping.deps.tokens.verifyRefresh(expired.refresh);
    await keeping.deps.db
      .update(refreshFamilies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshFamilies.id, familyId));
    expect((await refreshThere(expired.refresh)).status).toBe(401);
  });

  it('with rotation on (the default), the same client is signed out on its second refresh past the grace', async () => {
    const session = await signUp(ctx.app);
    expect((await refresh(session.refresh)).status).toBe(200);
    await ctx.deps.db
      .update(refreshFamilies)
      .set({ rotatedAt: new Date(Date.now() - (ctx.deps.env.REFRESH_REUSE_GRACE + 1) * 1000) })
      .where(eq(refreshFamilies.id, (await familyOf(session.refresh))?.id ?? ''));
    expect((await refresh(session.refresh)).status).toBe(401);
  });
});
