// Deleting one's account (DESIGN §8.3): erasure of the person, ratings given removed or kept with no
// link to anyone, every aggregate equal to a recomputation, the email free, every session ended,
// and an audit entry that says only that an account was deleted.
import { type AuditEntry, type FlaggedRating, MSG, type Rating, TOMBSTONE_NAME } from '@workspace/contracts';
import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  consents,
  flags,
  grievances,
  passwordResets,
  ratings,
  refreshFamilies,
  users,
} from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { aggregatesOf, insertRating, insertUser, type TestUser } from '../moderation/data.ts';
import { PASSWORD, register, signIn } from './support.ts';

let ctx: TestContext;
let moderator: TestUser;
let passwordHash: string;

beforeAll(async () => {
  ctx = await createTestApp();
  passwordHash = await hashPassword(PASSWORD);
  moderator = await insertUser(ctx, 'moderator', { passwordHash });
});
afterAll(() => ctx.close());
afterEach(async () => {
  // Every aggregate equals a recomputation from the ratings, the deleted ones' ratees included.
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
});

const del = (body: unknown, token?: string, remoteAddress?: string) =>
  call<ErrorAnswer>(ctx.app, 'DELETE', '/api/auth/account/', { body, token, remoteAddress });

/**
 * An employee who did everything: rated three companies (one anonymously, one hidden by a
 * moderator), was rated by two employers (one anonymously), flagged a rating and was flagged, asked
 * for a reset code, consented and filed a grievance.
 */
async function busyEmployee() {
  const registered = await register(ctx, 'employee', { consent_version: '2026-11-23' });
  const { access, refresh } = await signIn(ctx, registered.email);
  const me: TestUser = { ...registered, role: 'employee', userCode: '', token: access };
  const companies = [
    await insertUser(ctx, 'employer'),
    await insertUser(ctx, 'employer'),
    await insertUser(ctx, 'employer'),
  ] as const;
  const other = await insertUser(ctx, 'employee');
  const othersRating = await insertRating(ctx, other, companies[0], [4, 4]);
  const given = [
    await insertRating(ctx, me, companies[0], [1, 2, 1]),
    await insertRating(ctx, me, companies[1], [5, 5], { anonymous: true }),
    await insertRating(ctx, me, companies[2], [3]),
  ] as const;
  const hide = await call(ctx.app, 'POST', `/api/moderation/ratings/${given[2]}/hide/`, {
    body: { reason: 'Off topic' },
    token: moderator.token,
  });
  expect(hide.status).toBe(200);
  const received = [
    await insertRating(ctx, companies[0], me, [4, 4, 4]),
    await insertRating(ctx, companies[1], me, [2], { anonymous: true }),
  ] as const;
  const flagMine = await call(ctx.app, 'POST', `/api/core/ratings/${othersRating}/flag/`, {
    body: { reason: 'FAKE' },
    token: access,
  });
  expect(flagMine.status).toBe(201);
  const flagOnMe = await call(ctx.app, 'POST', `/api/core/ratings/${received[0]}/flag/`, {
    body: { reason: 'OFFENSIVE' },
    token: other.token,
  });
  expect(flagOnMe.status).toBe(201);
  await call(ctx.app, 'POST', '/api/auth/password-reset/request/', { body: { email: me.email } });
  const grievance = await call<{ id: number }>(ctx.app, 'POST', '/api/core/grievances/', {
    body: { category: 'PRIVACY', details: 'Please remove my phone number from a review.' },
    token: access,
  });
  expect(grievance.status).toBe(201);
  return { me, refresh, companies, other, othersRating, given, received, grievanceId: grievance.body.id };
}

async function rowsAbout(userId: number) {
  const db = ctx.deps.db;
  return {
    users: await db.select().from(users).where(eq(users.id, userId)),
    ratings: await db
      .select()
      .from(ratings)
      .where(or(eq(ratings.raterId, userId), eq(ratings.rateeId, userId))),
    flags: await db.select().from(flags).where(eq(flags.reporterId, userId)),
    consents: await db.select().from(consents).where(eq(consents.userId, userId)),
    sessions: await db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, userId)),
    resets: await db.select().from(passwordResets).where(eq(passwordResets.userId, userId)),
    grievances: await db.select().from(grievances).where(eq(grievances.userId, userId)),
  };
}

const nothing = {
  users: [],
  ratings: [],
  flags: [],
  consents: [],
  sessions: [],
  resets: [],
  grievances: [],
};

async function latestAudit(): Promise<AuditEntry | undefined> {
  const res = await call<{ results: AuditEntry[] }>(ctx.app, 'GET', '/api/moderation/audit/?page_size=1', {
    token: moderator.token,
  });
  return res.body.results[0];
}

describe('signed in, ratings given DELETE', () => {
  it('erases the person and everything about them; the ratees lose exactly those ratings', async () => {
    const s = await busyEmployee();
    const beforeA = await aggregatesOf(ctx, s.companies[0].id);
    expect(beforeA.total_ratings_received).toBe(2);

    const res = await del({ password: PASSWORD, ratings_given: 'DELETE' }, s.me.token);
    expect(res.status).toBe(204);

    expect(await rowsAbout(s.me.id)).toEqual(nothing);
    // Company A keeps only the other employee's 4.0; B has nothing; C's hidden rating never counted.
    expect(await aggregatesOf(ctx, s.companies[0].id)).toEqual({
      rating_received: 4,
      total_ratings_received: 1,
    });
    expect(await aggregatesOf(ctx, s.companies[1].id)).toEqual({
      rating_received: 0,
      total_ratings_received: 0,
    });
    const gone = await ctx.deps.db
      .select()
      .from(ratings)
      .where(inArray(ratings.id, [...s.given, ...s.received]));
    expect(gone).toEqual([]);
    // The grievance stays for the record, no longer linked to the account.
    const [kept] = await ctx.deps.db.select().from(grievances).where(eq(grievances.id, s.grievanceId));
    expect(kept?.userId).toBeNull();

    // Signed out everywhere.
    expect((await call(ctx.app, 'GET', '/api/auth/profile/', { token: s.me.token })).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/auth/refresh/', { body: { refresh: s.refresh } })).status).toBe(
      401,
    );
    // The audit log says only that an account was deleted.
    const entry = await latestAudit();
    expect(entry).toMatchObject({
      action: 'delete_account',
      moderator_id: null,
      target_type: 'user',
      reason: null,
    });
    expect(JSON.stringify(entry)).not.toContain(s.me.name);
    expect(JSON.stringify(entry)).not.toContain(s.me.email);
    // The email is free again.
    expect((await register(ctx, 'employer', { email: s.me.email })).email).toBe(s.me.email);
  });
});

describe('signed in, ratings given KEEP_ANONYMOUS', () => {
  it('keeps the ratings, anonymous and tied to no person; aggregates unchanged', async () => {
    const s = await busyEmployee();
    const before = await Promise.all(s.companies.map((c) => aggregatesOf(ctx, c.id)));

    expect((await del({ password: PASSWORD, ratings_given: 'KEEP_ANONYMOUS' }, s.me.token)).status).toBe(204);

    expect(await rowsAbout(s.me.id)).toEqual(nothing);
    expect(await Promise.all(s.companies.map((c) => aggregatesOf(ctx, c.id)))).toEqual(before);
    const kept = await ctx.deps.db
      .select()
      .from(ratings)
      .where(inArray(ratings.id, [...s.given]));
    expect(kept).toHaveLength(3);
    for (const rating of kept) {
      expect(rating.isAnonymous).toBe(true);
      const [keeper] = await ctx.deps.db.select().from(users).where(eq(users.id, rating.raterId));
      // A rater row with nothing of the person: no name, no email, no sign-in.
      expect(keeper).toMatchObject({
        fullName: TOMBSTONE_NAME,
        isActive: false,
        passwordHash: '!',
        city: '',
      });
      expect(keeper?.email).toMatch(/@deleted\.invalid$/);
    }
    // The hidden one stays hidden; the others show as anonymous.
    expect(kept.find((r) => r.id === s.given[2])?.status).toBe('hidden');
    const page = await call<{ results: Rating[] }>(
      ctx.app,
      'GET',
      `/api/core/users/${s.companies[0].id}/ratings/`,
      { token: s.other.token },
    );
    const shown = page.body.results.find((r) => r.id === s.given[0]);
    expect(shown).toMatchObject({ rater_name: 'Anonymous', is_anonymous: true });
    expect(shown?.rater).toBeUndefined();
    expect((await register(ctx, 'employee', { email: s.me.email })).email).toBe(s.me.email);
  });
});

describe("a deleted account's kept ratings, to moderators", () => {
  it('name a rater no one may suspend or reinstate, whose hidden ones may be restored', async () => {
    const s = await busyEmployee();
    expect((await del({ password: PASSWORD, ratings_given: 'KEEP_ANONYMOUS' }, s.me.token)).status).toBe(204);
    const flagged = await call(ctx.app, 'POST', `/api/core/ratings/${s.given[0]}/flag/`, {
      body: { reason: 'FAKE' },
      token: s.companies[0].token,
    });
    expect(flagged.status).toBe(201);

    const queue = await call<{ results: FlaggedRating[] }>(
      ctx.app,
      'GET',
      '/api/moderation/flags/?page_size=100',
      {
        token: moderator.token,
      },
    );
    const item = queue.body.results.find((r) => r.rating.id === s.given[0]);
    expect(item?.rating).toMatchObject({ rater_name: TOMBSTONE_NAME, rater_status: 'deleted' });
    const keeper = item?.rating.rater as number;

    for (const action of ['reinstate', 'suspend']) {
      const res = await call<ErrorAnswer>(ctx.app, 'POST', `/api/moderation/users/${keeper}/${action}/`, {
        body: { reason: 'Checking' },
        token: moderator.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(MSG.accountDeleted);
    }
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, keeper));
    expect(row?.isActive).toBe(false);
    // A kept rating that a moderator had hidden can be restored: the tombstone is not suspended.
    const restored = await call(ctx.app, 'POST', `/api/moderation/ratings/${s.given[2]}/restore/`, {
      body: { reason: 'Hidden by mistake' },
      token: moderator.token,
    });
    expect(restored.status).toBe(200);
    const [published] = await ctx.deps.db.select().from(ratings).where(eq(ratings.id, s.given[2]));
    // Its ratee's aggregates take it back: afterEach compares every aggregate with a recomputation.
    expect(published?.status).toBe('published');
    // Ordinary raters in the same queue are active.
    const others = queue.body.results.filter((r) => r.rating.rater !== keeper);
    expect(others.every((r) => r.rating.rater_status === 'active')).toBe(true);

    // The mark is the tombstone's password hash, which no account can have, not its email's domain,
    // which anyone can sign up with: such an account is suspended like any other.
    const lookalike = await register(ctx, 'employee', { email: `me-${Date.now()}@deleted.invalid` });
    const suspended = await call(ctx.app, 'POST', `/api/moderation/users/${lookalike.id}/suspend/`, {
      body: { reason: 'Checking' },
      token: moderator.token,
    });
    expect(suspended.status).toBe(200);
  });
});

describe('without a token', () => {
  it('a suspended user deletes theirs with email and password', async () => {
    const s = await busyEmployee();
    const suspended = await call(ctx.app, 'POST', `/api/moderation/users/${s.me.id}/suspend/`, {
      body: { reason: 'Fake reviews' },
      token: moderator.token,
    });
    expect(suspended.status).toBe(200);
    const res = await del({ email: s.me.email, password: PASSWORD, ratings_given: 'KEEP_ANONYMOUS' });
    expect(res.status).toBe(204);
    expect(await rowsAbout(s.me.id)).toEqual(nothing);
    // Their ratings, hidden by the suspension, stay hidden and out of the averages.
    const kept = await ctx.deps.db
      .select()
      .from(ratings)
      .where(inArray(ratings.id, [...s.given]));
    expect(kept.map((r) => r.status)).toEqual(['hidden', 'hidden', 'hidden']);
  });

  it('bad credentials get the generic sign-in 401; unknown and wrong password alike', async () => {
    const user = await register(ctx, 'employee');
    const wrong = await del({ email: user.email, password: 'Not-The-Password-1', ratings_given: 'DELETE' });
    const unknown = await del({ email: 'nobody@example.in', password: PASSWORD, ratings_given: 'DELETE' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe(unknown.body.detail);
    expect((await rowsAbout(user.id)).users).toHaveLength(1);
  });

  it('needs the email', async () => {
    const res = await del({ password: PASSWORD, ratings_given: 'DELETE' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.email).toBeDefined();
  });

  it('counts failures with sign-in and stops at LOGIN_RATE_LIMIT', { timeout: 60_000 }, async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '2' });
    try {
      const body = { email: 'someone@example.in', password: 'Wrong-Password-9', ratings_given: 'DELETE' };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await call(limited.app, 'DELETE', '/api/auth/account/', { body })).status);
      }
      expect(statuses).toEqual([401, 401, 429]);
      // Shared with sign-in: the next sign-in attempt for that account and address is refused too.
      const login = await call(limited.app, 'POST', '/api/auth/login/', {
        body: { email: body.email, password: body.password },
      });
      expect(login.status).toBe(429);

      // Signed in, wrong passwords are counted the same way.
      const user = await register(limited, 'employee');
      const { access } = await signIn(limited, user.email);
      const signedIn: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call(limited.app, 'DELETE', '/api/auth/account/', {
          body: { password: 'Wrong-Password-9', ratings_given: 'DELETE' },
          token: access,
        });
        signedIn.push(res.status);
      }
      expect(signedIn).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("sign-in's guard, without a token (issue 42, finding 2)", () => {
  it('spaces out guesses at one account from many addresses, as sign-in does', {
    timeout: 60_000,
  }, async () => {
    const limited = await createTestApp({ LOGIN_ACCOUNT_LIMIT: '5' });
    try {
      const user = await register(limited, 'employee');
      const statuses: number[] = [];
      for (let i = 1; i <= 8; i++) {
        const res = await call(limited.app, 'DELETE', '/api/auth/account/', {
          body: { email: user.email, password: `Wrong-Password-${i}`, ratings_given: 'DELETE' },
          remoteAddress: `203.0.113.${i}`,
        });
        statuses.push(res.status);
      }
      // Five failures from five addresses, then the account's attempts wait, as sign-in's do.
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toContain(429);
      const login = await call(limited.app, 'POST', '/api/auth/login/', {
        body: { email: user.email, password: PASSWORD },
        remoteAddress: '203.0.113.99',
      });
      expect(login.status).toBe(429);
      expect((await rowsAbout(user.id)).users).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('counts the addresses of one IPv6 /64 as one', { timeout: 60_000 }, async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const res = await call(limited.app, 'DELETE', '/api/auth/account/', {
          body: { email: 'someone@example.in', password: 'Wrong-Password-9', ratings_given: 'DELETE' },
          remoteAddress: `2001:db8:1:2::${i.toString(16)}`,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("answers a moderator's right password exactly as a wrong one: no password oracle", async () => {
    const right = await del({ email: moderator.email, password: PASSWORD, ratings_given: 'DELETE' });
    const wrong = await del({
      email: moderator.email,
      password: 'Not-The-Password-1',
      ratings_given: 'DELETE',
    });
    const nobody = await del({ email: 'nobody@example.in', password: PASSWORD, ratings_given: 'DELETE' });
    expect([right.status, wrong.status, nobody.status]).toEqual([401, 401, 401]);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toEqual(nobody.body);
    expect((await rowsAbout(moderator.id)).users).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('a signed-in moderator is told they cannot delete themselves (403)', async () => {
    expect((await del({ password: PASSWORD, ratings_given: 'DELETE' }, moderator.token)).status).toBe(403);
    expect((await rowsAbout(moderator.id)).users).toHaveLength(1);
  });

  it('a wrong password or a missing choice is a clear 400, and nothing is deleted', async () => {
    const user = await register(ctx, 'employer');
    const { access } = await signIn(ctx, user.email);
    const wrong = await del({ password: 'Wrong-Password-9', ratings_given: 'DELETE' }, access);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.password).toBeDefined();
    const choice = await del({ password: PASSWORD, ratings_given: 'MAYBE' }, access);
    expect(choice.status).toBe(400);
    expect(choice.body.errors?.ratings_given).toBeDefined();
    expect((await rowsAbout(user.id)).users).toHaveLength(1);
  });

  it('a bad token is answered 401 before the body is judged', async () => {
    expect((await del({ nonsense: true }, 'not-a-token')).status).toBe(401);
  });
});
