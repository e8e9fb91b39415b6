// Withdrawal keeps the record (DESIGN §9.1, issue 42 finding 4): a rating withdrawn while hidden,
// under an open dispute or after an upheld one cannot be replaced for RATE_AGAIN_AFTER_WITHDRAWAL_DAYS,
// and its flags, dispute, appeal and audit rows stay, so the transparency report keeps counting them.
import {
  dayOnly,
  ELIGIBILITY,
  type EligibilityResponse,
  type FlaggedRating,
  type ProfileResponse,
  RATE_AGAIN_AFTER_WITHDRAWAL_DAYS,
  type TransparencyReport,
  withdrawnUnderModeration,
} from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { flags, ratingAppeals, ratingDisputes } from '../../src/db/schema/index.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { transparencyReport } from '../../src/modules/transparency/repository.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { makeUser, rate, ratingBody, type TestUser } from './support.ts';

let ctx: TestContext;
let moderator: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  moderator = await makeUser(ctx, 'moderator');
});
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
});

const send = <T = ErrorAnswer>(user: TestUser, method: string, url: string, body?: unknown) =>
  call<T>(ctx.app, method as 'POST', url, { token: user.token, body });
const withdraw = (author: TestUser, id: number) => send(author, 'DELETE', `/api/core/ratings/${id}/`);
const dispute = (ratee: TestUser, id: number) =>
  send<{ id: number }>(ratee, 'POST', `/api/core/ratings/${id}/dispute/`, {
    reason: 'FALSE_FACTS',
    details: 'This never happened.',
  });
const decide = (disputeId: number, outcome: 'UPHELD' | 'REJECTED') =>
  send(moderator, 'POST', `/api/moderation/disputes/${disputeId}/decide/`, { outcome, reason: 'Checked.' });
const publicCount = async (user: TestUser, viewer: TestUser) =>
  (await send<ProfileResponse>(viewer, 'GET', `/api/core/users/${user.id}/profile/`)).body.rating_summary
    .total_ratings;
/** The day the rater may rate again, as the API states it: the day after the cooldown ends (India's). */
const rateAgainOn = () => {
  const day = new Date(dayOnly(new Date(Date.now() + RATE_AGAIN_AFTER_WITHDRAWAL_DAYS * 86_400_000)));
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};
const thisMonth = async () => {
  const report: TransparencyReport = await transparencyReport(ctx.deps.db);
  return report.months.at(-1) as TransparencyReport['months'][number];
};

const profileOf = async (ratee: TestUser, viewer: TestUser) =>
  (await send<ProfileResponse>(viewer, 'GET', `/api/core/users/${ratee.id}/profile/`)).body;

/**
 * Expects `rater` refused on both the check and the write, with the dated reason, and told so by the
 * profile before trying: no offer to rate, and the day they may.
 */
async function expectCoolingDown(rater: TestUser, ratee: TestUser) {
  // Twice: the second answer comes from the view cache, which must not carry the wait to others.
  for (let i = 0; i < 2; i++) {
    expect(await profileOf(ratee, rater)).toMatchObject({
      can_rate: false,
      user_has_rated: false,
      rate_again_on: rateAgainOn(),
    });
  }
  const expected = withdrawnUnderModeration(rateAgainOn());
  const context = rater.role === 'employer' ? 'EMPLOYER_TO_EMPLOYEE' : 'EMPLOYEE_TO_COMPANY';
  const check = await send<EligibilityResponse>(rater, 'POST', '/api/core/check-rating-eligibility/', {
    ratee_id: ratee.id,
    role_context: context,
  });
  expect(check.body).toEqual({ eligible: false, reason: expected });
  const again = await send(rater, 'POST', '/api/core/ratings/', ratingBody(rater, ratee));
  expect(again.status).toBe(400);
  expect(again.body.detail).toBe(expected);
}

describe('withdrawing under moderation', () => {
  it('an employer whose rating is disputed cannot withdraw it and publish another (the finding)', async () => {
    const before = await thisMonth();
    const employer = await makeUser(ctx, 'employer');
    const bob = await makeUser(ctx, 'employee');
    const reader = await makeUser(ctx, 'employer');
    const rating = await rate(ctx, employer, bob);
    const filed = await dispute(bob, rating.id);
    expect(filed.status).toBe(201);
    expect(await publicCount(bob, reader)).toBe(0);

    expect((await withdraw(employer, rating.id)).status).toBe(204);
    await expectCoolingDown(employer, bob);
    expect(await publicCount(bob, reader)).toBe(0);

    // The dispute stays, closed as withdrawn, and the report still counts it.
    const [kept] = await ctx.deps.db
      .select()
      .from(ratingDisputes)
      .where(eq(ratingDisputes.id, filed.body.id));
    expect(kept).toMatchObject({ ratingId: rating.id, status: 'withdrawn', outcome: null });
    expect(kept?.decidedAt).toBeInstanceOf(Date);
    const after = await thisMonth();
    expect(after.disputes.opened).toBe(before.disputes.opened + 1);
    expect(after.ratings.withdrawn).toBe(before.ratings.withdrawn + 1);
    // Not in the moderators' open queue any more.
    const queue = await send<{ results: { id: number }[] }>(
      moderator,
      'GET',
      '/api/moderation/disputes/?status=open',
    );
    expect(queue.body.results.map((d) => d.id)).not.toContain(filed.body.id);
  });

  it('after an upheld dispute, and with an appeal open, the same: and the appeal stays', async () => {
    const before = await thisMonth();
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    const rating = await rate(ctx, author, company);
    const filed = await dispute(company, rating.id);
    expect((await decide(filed.body.id, 'UPHELD')).status).toBe(200);
    const appealed = await send(author, 'POST', `/api/core/ratings/${rating.id}/appeal/`, {
      message: 'Please look again.',
    });
    expect(appealed.status).toBe(201);

    expect((await withdraw(author, rating.id)).status).toBe(204);
    await expectCoolingDown(author, company);
    const [appeal] = await ctx.deps.db
      .select()
      .from(ratingAppeals)
      .where(eq(ratingAppeals.ratingId, rating.id));
    expect(appeal).toMatchObject({ status: 'withdrawn', message: 'Please look again.' });
    const after = await thisMonth();
    expect(after.disputes.upheld).toBe(before.disputes.upheld + 1);
    expect(after.appeals.opened).toBe(before.appeals.opened + 1);
    expect(after.moderation.hidden).toBe(before.moderation.hidden);
  });

  it('hidden by a moderator: flags and the audit row stay, out of the queue', async () => {
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    const reporter = await makeUser(ctx, 'employee');
    const rating = await rate(ctx, author, company);
    expect(
      (await send(reporter, 'POST', `/api/core/ratings/${rating.id}/flag/`, { reason: 'SPAM' })).status,
    ).toBe(201);
    expect(
      (await send(author, 'POST', `/api/core/ratings/${rating.id}/flag/`, { reason: 'OTHER' })).status,
    ).toBe(400);
    const hidden = await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/hide/`, {
      reason: 'Spam.',
    });
    expect(hidden.status).toBe(200);
    // A second, still open flag on the hidden rating.
    await ctx.deps.db
      .insert(flags)
      .values({ ratingId: rating.id, reporterId: null, reason: 'UNUSUAL_ACTIVITY', rule: 'volume' });

    expect((await withdraw(author, rating.id)).status).toBe(204);
    await expectCoolingDown(author, company);
    const kept = await ctx.deps.db
      .select()
      .from(flags)
      .where(eq(flags.ratingId, rating.id))
      .orderBy(flags.id);
    expect(kept.map((f) => f.status)).toEqual(['actioned', 'withdrawn']);
    const [audit] = await queryRows<{ n: number }>(
      ctx.deps.db,
      sql`select count(*)::int as n from moderation_actions where target_type = 'rating' and target_id = ${rating.id}`,
    );
    expect(audit?.n).toBe(1);
    for (const status of ['open', 'resolved']) {
      const queue = await send<{ results: FlaggedRating[]; total_count: number }>(
        moderator,
        'GET',
        `/api/moderation/flags/?status=${status}&page_size=100`,
      );
      expect(queue.body.results.map((item) => item.rating.id)).not.toContain(rating.id);
      expect(queue.body.total_count).toBe(queue.body.results.length);
    }
  });

  it('the wait ends: on the day named, the pair may rate again', async () => {
    const employer = await makeUser(ctx, 'employer');
    const bob = await makeUser(ctx, 'employee');
    const rating = await rate(ctx, employer, bob);
    await dispute(bob, rating.id);
    await withdraw(employer, rating.id);
    await expectCoolingDown(employer, bob);
    // Another employer reading the same (cached) profile is not told of it.
    const other = await makeUser(ctx, 'employer');
    expect(await profileOf(bob, other)).toMatchObject({ can_rate: true, rate_again_on: null });
    await ctx.deps.db.execute(
      sql`update rating_cooldowns set until = now() - interval '1 second' where rater_id = ${employer.id}`,
    );
    expect(await profileOf(bob, employer)).toMatchObject({ can_rate: true, rate_again_on: null });
    await rate(ctx, employer, bob);
    expect(await profileOf(bob, employer)).toMatchObject({
      can_rate: false,
      user_has_rated: true,
      rate_again_on: null,
    });
  });
});

describe('withdrawing with nothing open', () => {
  it('a published rating, or one whose dispute was rejected, may be rated again at once', async () => {
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    const first = await rate(ctx, author, company);
    expect((await withdraw(author, first.id)).status).toBe(204);
    const second = await rate(ctx, author, company);
    const filed = await dispute(company, second.id);
    expect((await decide(filed.body.id, 'REJECTED')).status).toBe(200);
    expect((await withdraw(author, second.id)).status).toBe(204);
    const check = await send<EligibilityResponse>(author, 'POST', '/api/core/check-rating-eligibility/', {
      ratee_id: company.id,
      role_context: 'EMPLOYEE_TO_COMPANY',
    });
    expect(check.body).toEqual({ eligible: true, reason: ELIGIBILITY.ok });
    await rate(ctx, author, company);
    const [rejected] = await ctx.deps.db
      .select()
      .from(ratingDisputes)
      .where(eq(ratingDisputes.id, filed.body.id));
    expect(rejected).toMatchObject({ status: 'decided', outcome: 'REJECTED' });
  });
});
