// Suspending and reinstating users: sign-in and tokens stop at once, the ratings they gave leave the
// averages, and reinstating publishes exactly the ratings the suspension hid.
import { type AuditEntry, type FlagsResponse, MSG, overallScore, roundHalfUp1 } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refreshFamilies, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { aggregatesOf, insertRating, insertUser, statusOf, type TestUser } from './data.ts';

let ctx: TestContext;
let moderator: TestUser;
let passwordHash: string;
const PASSWORD = 'Monsoon-Filter-Coffee-7';

beforeAll(async () => {
  ctx = await createTestApp();
  moderator = await insertUser(ctx, 'moderator', { name: 'Meera Iyer' });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
});

const mod = (path: string, body?: unknown) =>
  call<ErrorAnswer>(ctx.app, 'POST', `/api/moderation/${path}`, { body, token: moderator.token });
const suspend = (user: TestUser, reason = 'Posting fake reviews') =>
  mod(`users/${user.id}/suspend/`, { reason });
const reinstate = (user: TestUser, reason = 'Appeal accepted') =>
  mod(`users/${user.id}/reinstate/`, { reason });
const login = (user: TestUser) =>
  call<{ access?: string; refresh?: string } & ErrorAnswer>(ctx.app, 'POST', '/api/auth/login/', {
    body: { email: user.email, password: PASSWORD },
  });
const latestAudit = async () =>
  (
    await call<{ results: AuditEntry[] }>(ctx.app, 'GET', '/api/moderation/audit/?page_size=1', {
      token: moderator.token,
    })
  ).body.results[0];

/** An employee who rated three companies; the third rating was hidden for cause before. */
async function reviewer() {
  const employee = await insertUser(ctx, 'employee', { passwordHash });
  const companies = [
    await insertUser(ctx, 'employer'),
    await insertUser(ctx, 'employer'),
    await insertUser(ctx, 'employer'),
  ] as const;
  // Each company also has one rating from someone else, so its average moves but does not vanish.
  for (const company of companies) await insertRating(ctx, await insertUser(ctx, 'employee'), company, [4]);
  const given = [
    await insertRating(ctx, employee, companies[0], [1, 1, 2]),
    await insertRating(ctx, employee, companies[1], [5, 5, 5], { anonymous: true }),
    await insertRating(ctx, employee, companies[2], [2, 2]),
  ] as const;
  expect((await mod(`ratings/${given[2]}/hide/`, { reason: 'Abusive' })).status).toBe(200);
  return { employee, companies, given };
}

describe('suspending a user', () => {
  it('stops their sign-in and tokens at once and hides the ratings they gave', async () => {
    const { employee, companies, given } = await reviewer();
    const signedIn = await login(employee);
    expect(signedIn.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/profile/', { token: employee.token })).status).toBe(200);
    expect(await aggregatesOf(ctx, companies[0].id)).toEqual({
      rating_received: roundHalfUp1((4 + overallScore([1, 1, 2])) / 2),
      total_ratings_received: 2,
    });

    const res = await suspend(employee);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.userSuspended });

    // Tokens issued before are refused on the very next request; sign-in and refresh too.
    for (const token of [employee.token, signedIn.body.access]) {
      const profile = await call(ctx.app, 'GET', '/api/auth/profile/', { token });
      expect(profile.status).toBe(401);
    }
    // Sign-in with the right password starts no session, and says why (issue 47), with the reason
    // the moderator wrote for them (REASON_READ_BY.suspend_user); a wrong password learns nothing.
    const again = await login(employee);
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ detail: MSG.accountSuspended, reason: 'Posting fake reviews' });
    const guessed = await call<ErrorAnswer>(ctx.app, 'POST', '/api/auth/login/', {
      body: { email: employee.email, password: `${PASSWORD}x` },
    });
    expect(guessed.status).toBe(401);
    expect(guessed.body).toEqual({ detail: MSG.badCredentials });
    const refresh = await call(ctx.app, 'POST', '/api/auth/refresh/', {
      body: { refresh: signedIn.body.refresh },
    });
    expect(refresh.status).toBe(401);
    const families = await ctx.deps.db
      .select({ revokedAt: refreshFamilies.revokedAt })
      .from(refreshFamilies)
      .where(eq(refreshFamilies.userId, employee.id));
    expect(families.length).toBeGreaterThan(0);
    expect(families.every((f) => f.revokedAt !== null)).toBe(true);

    // Every rating they gave is hidden, and the companies' averages follow.
    for (const id of given) expect(await statusOf(ctx, id)).toBe('hidden');
    for (const company of companies) {
      expect(await aggregatesOf(ctx, company.id)).toEqual({ rating_received: 4, total_ratings_received: 1 });
    }
    const profile = await call<{ all_ratings: { id: number }[] }>(
      ctx.app,
      'GET',
      `/api/core/users/${companies[1].id}/profile/`,
      { token: moderator.token },
    );
    expect(profile.status).toBe(200);
    expect(profile.body.all_ratings.map((r) => r.id)).not.toContain(given[1]);
    // Their own profile is gone from public view.
    const gone = await call(ctx.app, 'GET', `/api/core/users/${employee.id}/profile/`, {
      token: moderator.token,
    });
    expect(gone.status).toBe(404);

    expect(await latestAudit()).toMatchObject({
      moderator_id: moderator.id,
      moderator_name: 'Meera Iyer',
      action: 'suspend_user',
      target_type: 'user',
      target_id: employee.id,
      reason: 'Posting fake reviews',
    });

    const twice = await suspend(employee);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ detail: MSG.alreadySuspended });
  });

  it('keeps a suspended rater’s ratings hidden until they are reinstated', async () => {
    const { employee, given } = await reviewer();
    expect((await suspend(employee)).status).toBe(200);
    const restore = await mod(`ratings/${given[0]}/restore/`, { reason: 'Looks fine' });
    expect(restore.status).toBe(400);
    expect(restore.body).toEqual({ detail: MSG.raterSuspended });
    const hide = await mod(`ratings/${given[0]}/hide/`, { reason: 'Fake' });
    expect(hide.status).toBe(400);
    expect(hide.body).toEqual({ detail: MSG.alreadyHidden });
    expect(await statusOf(ctx, given[0])).toBe('hidden');
  });

  it('refuses moderators, unknown users and malformed ids', async () => {
    const other = await insertUser(ctx, 'moderator');
    const res = await suspend(other);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.cannotSuspendModerator });
    expect((await suspend(moderator)).body).toEqual({ detail: MSG.cannotSuspendModerator });
    expect((await call(ctx.app, 'GET', '/api/auth/profile/', { token: other.token })).status).toBe(200);

    for (const action of ['suspend', 'reinstate']) {
      const unknown = await mod(`users/2000000000/${action}/`, { reason: 'x' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: MSG.userNotFound });
      for (const id of ['me', '0', '-2', '2.5', '12345678901234']) {
        expect((await mod(`users/${id}/${action}/`, { reason: 'x' })).status, id).toBe(404);
      }
    }
  });

  it('requires a reason', async () => {
    const employee = await insertUser(ctx, 'employee');
    for (const path of [`users/${employee.id}/suspend/`, `users/${employee.id}/reinstate/`]) {
      for (const body of [{}, { reason: ' ' }]) {
        const res = await mod(path, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ detail: MSG.validationFailed, errors: { reason: [MSG.reasonRequired] } });
      }
    }
    expect((await call(ctx.app, 'GET', '/api/auth/profile/', { token: employee.token })).status).toBe(200);
  });
});

describe('reinstating a user', () => {
  it('publishes exactly the ratings the suspension hid, not those hidden for cause', async () => {
    const { employee, companies, given } = await reviewer();
    const before = await Promise.all(companies.map((c) => aggregatesOf(ctx, c.id)));
    expect((await suspend(employee)).status).toBe(200);

    const res = await reinstate(employee);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.userReinstated });
    expect(await statusOf(ctx, given[0])).toBe('published');
    expect(await statusOf(ctx, given[1])).toBe('published');
    expect(await statusOf(ctx, given[2])).toBe('hidden');
    expect(await Promise.all(companies.map((c) => aggregatesOf(ctx, c.id)))).toEqual(before);
    expect(await latestAudit()).toMatchObject({
      action: 'reinstate_user',
      target_type: 'user',
      target_id: employee.id,
      reason: 'Appeal accepted',
    });

    // The suspension ended the old sessions for good; signing in again works.
    expect((await call(ctx.app, 'GET', '/api/auth/profile/', { token: employee.token })).status).toBe(401);
    const again = await login(employee);
    expect(again.status).toBe(200);
    expect(
      (await call(ctx.app, 'GET', '/api/auth/profile/', { token: again.body.access as string })).status,
    ).toBe(200);

    const twice = await reinstate(employee);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ detail: MSG.notSuspended });
  });

  it('stays exact over repeated suspensions, with a rating hidden for cause in between', async () => {
    const { employee, companies, given } = await reviewer();
    expect((await suspend(employee)).status).toBe(200);
    expect((await reinstate(employee)).status).toBe(200);
    expect((await mod(`ratings/${given[0]}/hide/`, { reason: 'Fake after all' })).status).toBe(200);
    expect((await suspend(employee)).status).toBe(200);
    expect(await aggregatesOf(ctx, companies[1].id)).toEqual({
      rating_received: 4,
      total_ratings_received: 1,
    });
    expect((await reinstate(employee)).status).toBe(200);
    expect([
      await statusOf(ctx, given[0]),
      await statusOf(ctx, given[1]),
      await statusOf(ctx, given[2]),
    ]).toEqual(['hidden', 'published', 'hidden']);
    expect(await aggregatesOf(ctx, companies[1].id)).toEqual({
      rating_received: roundHalfUp1((4 + overallScore([5, 5, 5])) / 2),
      total_ratings_received: 2,
    });
  });

  it('keeps hidden a rating whose dispute was upheld while its author was suspended', async () => {
    const { employee, companies, given } = await reviewer();
    const [company] = companies;
    // A company's dispute leaves the rating up until moderators decide.
    const disputed = await call<{ id: number }>(ctx.app, 'POST', `/api/core/ratings/${given[0]}/dispute/`, {
      body: { reason: 'FALSE_FACTS', details: 'There is no record of this person ever working here.' },
      token: company.token,
    });
    expect(disputed.status).toBe(201);
    expect((await suspend(employee)).status).toBe(200);
    expect(await statusOf(ctx, given[0])).toBe('hidden');
    const upheld = await mod(`disputes/${disputed.body.id}/decide/`, {
      outcome: 'UPHELD',
      reason: 'No record of employment.',
    });
    expect(upheld.status).toBe(200);
    const before = await aggregatesOf(ctx, company.id);

    expect((await reinstate(employee)).status).toBe(200);
    expect(await statusOf(ctx, given[0])).toBe('hidden');
    expect(await aggregatesOf(ctx, company.id)).toEqual(before);
  });

  it('does not give a suspension’s hiding the reason of an earlier hiding that was undone', async () => {
    const { employee, given } = await reviewer();
    // Hidden for cause ("Abusive"), then restored: the old reason is no longer in force.
    expect((await mod(`ratings/${given[2]}/restore/`, { reason: 'Rewritten without abuse' })).status).toBe(
      200,
    );
    const reader = await insertUser(ctx, 'employee');
    const flagged = await call(ctx.app, 'POST', `/api/core/ratings/${given[2]}/flag/`, {
      body: { reason: 'FAKE' },
      token: reader.token,
    });
    expect(flagged.status).toBe(201);
    expect((await suspend(employee)).status).toBe(200);
    expect(await statusOf(ctx, given[2])).toBe('hidden');

    const queue = await call<FlagsResponse>(ctx.app, 'GET', '/api/moderation/flags/?status=open', {
      token: moderator.token,
    });
    const card = queue.body.results.find((item) => item.rating.id === given[2]);
    expect(card?.rating.status).toBe('hidden');
    // Hidden by the suspension, which is no hiding decision of its own rating.
    expect(card?.rating.moderation ?? null).toBeNull();

    // Hidden for cause again: that decision, and its reason, is the one in force.
    expect((await reinstate(employee)).status).toBe(200);
    expect((await mod(`ratings/${given[2]}/hide/`, { reason: 'Abusive again' })).status).toBe(200);
    const after = await call<FlagsResponse>(ctx.app, 'GET', '/api/moderation/flags/?status=resolved', {
      token: moderator.token,
    });
    expect(after.body.results.find((item) => item.rating.id === given[2])?.rating.moderation).toMatchObject({
      reason: 'Abusive again',
    });
  });

  it('keeps averages exact when two users who rated each other are suspended at the same moment', async () => {
    const employee = await insertUser(ctx, 'employee');
    const company = await insertUser(ctx, 'employer');
    await insertRating(ctx, employee, company, [5, 4]);
    await insertRating(ctx, company, employee, [3, 2]);
    const answers = await Promise.all([suspend(employee), suspend(company)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const user of [employee, company]) {
      expect(await aggregatesOf(ctx, user.id)).toEqual({ rating_received: 0, total_ratings_received: 0 });
    }
    const back = await Promise.all([reinstate(employee), reinstate(company)]);
    expect(back.map((a) => a.status)).toEqual([200, 200]);
    expect(await aggregatesOf(ctx, company.id)).toEqual({
      rating_received: overallScore([5, 4]),
      total_ratings_received: 1,
    });
    const [row] = await ctx.deps.db
      .select({ active: users.isActive })
      .from(users)
      .where(eq(users.id, company.id));
    expect(row?.active).toBe(true);
  });
});
