// ADR 0030: with ANONYMOUS_HOLD=day (the default), an anonymous rating is held until its day in India
// has ended, so that a company watching its own page cannot date it: nobody but its author sees it,
// and nothing of it moves the ratee's average, counts, verified badge, notifications or the
// transparency report, until the release publishes the day's held ratings together.
import {
  type FlaggedRating,
  type ModerationDispute,
  MSG,
  type Notification,
  type ProfileResponse,
  RATING_CATEGORIES,
  type Rating,
  UNUSUAL_ACTIVITY,
} from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { ratings, users } from '../../src/db/schema/index.ts';
import { editRating } from '../../src/modules/rating-actions/service.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import {
  releaseErasedRatings,
  releaseHeldEdits,
  releaseHeldRatings,
  releaseLeavingRatings,
  releaseReturningRatings,
} from '../../src/modules/ratings/release.ts';
import { transparencyReport } from '../../src/modules/transparency/repository.ts';
import { loginAs, signUp } from '../fixtures.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { statusOf } from '../moderation/data.ts';
import { expectNoTraceOf, get, makeUser, rate, type TestUser } from './support.ts';

let ctx: TestContext;
let moderator: TestUser;
const METRICS_TOKEN = 'metrics-token-for-held-ratings-0123456789';

beforeAll(async () => {
  ctx = await createTestApp({ ANONYMOUS_HOLD: 'day', METRICS_TOKEN });
  moderator = await makeUser(ctx, 'moderator');
});
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
});

const DAY_MS = 24 * 3600 * 1000;

/** What anyone can learn of a company: its row's aggregates and badge count. */
async function storedOf(id: number) {
  const [row] = await ctx.deps.db
    .select({
      sum: users.ratingSumTenths,
      total: users.totalRatingsReceived,
      rank: users.rankScore,
      verified: users.verifiedRaters,
      version: users.viewVersion,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

const createdAtOf = async (id: number) =>
  (await ctx.deps.db.select({ at: ratings.createdAt }).from(ratings).where(eq(ratings.id, id)))[0]
    ?.at as Date;

const notificationsOf = (user: TestUser) =>
  get<{ count: number; results: Notification[] }>(ctx, user, '/api/core/notifications/');

/** The transparency report's ratings posted this month, counted afresh (the route caches its answer). */
const postedThisMonth = async () => (await transparencyReport(ctx.deps.db)).months.at(-1)?.ratings.posted;

/** An author signed up with a password: to sign in again after a suspension, or to delete the account. */
async function signedUpAuthor(role: 'employee' | 'employer' = 'employee') {
  const person = await signUp(ctx.app, { user_role: role });
  const author: TestUser = {
    id: person.user.id,
    token: person.access,
    fullName: person.user.full_name,
    email: person.email,
    userCode: person.user.user_code,
    role,
  };
  /** A suspension ends every session: a reinstated author signs in again. */
  const signInAgain = async () => {
    author.token = (await loginAs(ctx.app, person.email, person.password)).access;
  };
  return { author, password: person.password, signInAgain };
}

/** The release's metrics, as an operator's dashboard reads them. */
async function scrapeRelease() {
  const answer = await call(ctx.app, 'GET', '/api/metrics', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  // One series, as `name` or `name{labels}`: its value.
  const metric = (series: string) =>
    Number(
      answer.raw.body
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')[1],
    );
  return {
    released: metric('worktrust_held_ratings_released_total{kind="rating"}'),
    edits: metric('worktrust_held_ratings_released_total{kind="edit"}'),
    left: metric('worktrust_held_ratings_released_total{kind="suspended"}'),
    erased: metric('worktrust_held_ratings_released_total{kind="erased"}'),
    lastRunAt: metric('worktrust_held_release_last_run_timestamp_seconds'),
  };
}

describe('an anonymous rating held until the next day in India', () => {
  it('is seen by its author alone, moves nothing of its ratee, and is published, counted and told by the release', async () => {
    const company = await makeUser(ctx, 'employer');
    const [author, reader, named] = [
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
    ];
    const before = await storedOf(company.id);
    const posted = await postedThisMonth();

    const held = await rate(ctx, author, company, {
      is_anonymous: true,
      feedback_message: 'Held till tomorrow.',
    });
    expect(held.status).toBe('held');
    // The author's own list has it, marked.
    const given = await get<{ results: Rating[] }>(ctx, author, '/api/core/my-ratings/given/');
    expect(given.body.results.map((r) => [r.id, r.status])).toEqual([[held.id, 'held']]);

    // Nobody else: not the ratee, not a reader, not a count.
    expect(await storedOf(company.id)).toEqual(before);
    const profile = await get<ProfileResponse>(ctx, reader, `/api/core/users/${company.id}/profile/`);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.all_ratings).toEqual([]);
    expect(profile.body.rating_summary.total_ratings).toBe(0);
    const received = await get<{ total_count: number }>(ctx, company, '/api/core/my-ratings/received/');
    expect(received.body.total_count).toBe(0);
    expect((await notificationsOf(company)).body.count).toBe(0);
    expect(await postedThisMonth()).toBe(posted);
    // Nor can the ratee act on it by id.
    const reply = await call<ErrorAnswer>(ctx.app, 'POST', `/api/core/ratings/${held.id}/reply/`, {
      token: company.token,
      body: { message: 'Who is this?' },
    });
    expect(reply.status).toBe(400);

    // A named rating is published at once, as always.
    const open = await rate(ctx, named, company, { feedback_message: 'Signed by me.' });
    expect(open.status).toBe('published');

    // Still the rating's day: the release leaves it.
    const writtenAt = await createdAtOf(held.id);
    await releaseHeldRatings(ctx.deps.db, { now: writtenAt });
    expect(await statusOf(ctx, held.id)).toBe('held');

    // Its day over: published with the rest of the day's, counted, and told as a rating received.
    expect(
      await releaseHeldRatings(ctx.deps.db, { now: new Date(writtenAt.getTime() + DAY_MS) }),
    ).toBeGreaterThan(0);
    expect(await statusOf(ctx, held.id)).toBe('published');
    const after = await get<ProfileResponse>(ctx, reader, `/api/core/users/${company.id}/profile/`);
    const shown = after.body.all_ratings.find((r) => r.id === held.id);
    expect(shown).toMatchObject({
      rater_name: 'Anonymous',
      is_anonymous: true,
      feedback_message: 'Held till tomorrow.',
    });
    expect(shown?.created_at).toMatch(/T00:00:00(\.000)?Z$/);
    expectNoTraceOf(after.body.all_ratings, author);
    expect(after.body.rating_summary.total_ratings).toBe(2);
    expect(await postedThisMonth()).toBe((posted ?? 0) + 2);
    const told = await notificationsOf(company);
    expect(told.body.results.map((n) => [n.type, n.params])).toEqual([
      ['rating_received', {}],
      ['rating_received', {}],
    ]);
    // Both dated by their day alone, as a rating received always is.
    for (const n of told.body.results) expect(n.created_at).toMatch(/T00:00:00(\.000)?Z$/);
    const mine = await get<{ results: Rating[] }>(ctx, author, '/api/core/my-ratings/given/');
    expect(mine.body.results[0]?.status).toBe('published');
    // Released once: a second release finds nothing.
    expect(await releaseHeldRatings(ctx.deps.db, { now: new Date(writtenAt.getTime() + DAY_MS) })).toBe(0);
  });

  it("counts a verified author's badge only when the rating is released", async () => {
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    await ctx.deps.db.execute(
      sql`insert into employment_verifications (employee_id, company_id, domain)
          values (${author.id}, ${company.id}, 'example.in')`,
    );
    const held = await rate(ctx, author, company, { is_anonymous: true });
    expect(held.status).toBe('held');
    const [row] = await queryRows<{ verified_employee: boolean }>(
      ctx.deps.db,
      sql`select verified_employee from ratings where id = ${held.id}`,
    );
    expect(row?.verified_employee).toBe(true);
    expect((await storedOf(company.id))?.verified).toBe(0);
    await releaseHeldRatings(ctx.deps.db, { now: new Date((await createdAtOf(held.id)).getTime() + DAY_MS) });
    expect((await storedOf(company.id))?.verified).toBe(1);
  });

  it('edited and withdrawn while held: nothing of the ratee moves, and the pair may rate again at once', async () => {
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    const before = await storedOf(company.id);
    const posted = await postedThisMonth();
    const held = await rate(ctx, author, company, { is_anonymous: true });
    // Edited and withdrawn while held: the ratee's row, its views' version included, never moves.
    const edited = await call(ctx.app, 'PATCH', `/api/core/ratings/${held.id}/`, {
      token: author.token,
      body: { feedback_message: 'Second thoughts.' },
    });
    expect(edited.status).toBe(204);
    expect(await statusOf(ctx, held.id)).toBe('held');
    // Not marked "Edited": nobody saw what it said before, and it is published as it is now.
    const mine = await get<{ results: Rating[] }>(ctx, author, '/api/core/my-ratings/given/');
    expect(mine.body.results[0]).toMatchObject({ feedback_message: 'Second thoughts.', edited_at: null });
    const gone = await call(ctx.app, 'DELETE', `/api/core/ratings/${held.id}/`, { token: author.token });
    expect(gone.status).toBe(204);
    expect(await storedOf(company.id)).toEqual(before);
    // Nor the transparency report: no rating posted, edited or withdrawn that anyone saw.
    const month = (await transparencyReport(ctx.deps.db)).months.at(-1);
    expect(month?.ratings.posted).toBe(posted);
    const again = await rate(ctx, author, company, { is_anonymous: true });
    expect(again.status).toBe('held');
  });

  it("a burst a held rating completes reaches moderators at once, the profile's notice only the next day", async () => {
    const company = await makeUser(ctx, 'employer');
    const old = new Date(Date.now() - 30 * DAY_MS);
    const raters = [];
    for (let i = 0; i < UNUSUAL_ACTIVITY.volume.min; i += 1)
      raters.push(await makeUser(ctx, 'employee', { dateJoined: old }));
    // One fewer named ratings than a burst: no flag, no notice.
    for (const rater of raters.slice(1)) await rate(ctx, rater, company);
    const notice = async () =>
      (await get<ProfileResponse>(ctx, reader, `/api/core/users/${company.id}/profile/`)).body
        .unusual_activity;
    const reader = await makeUser(ctx, 'employee');
    expect(await notice()).toBe(false);
    const version = (await storedOf(company.id))?.version;

    const held = await rate(ctx, raters[0] as TestUser, company, { is_anonymous: true });
    const flagged = await queryRows<{ n: number }>(
      ctx.deps.db,
      sql`select count(*)::int as n from flags where ratee_id = ${company.id} and rule = 'volume'`,
    );
    expect(flagged[0]?.n).toBe(UNUSUAL_ACTIVITY.volume.min);
    expect(await notice()).toBe(false);
    expect((await storedOf(company.id))?.version).toBe(version);

    // The next day: the held rating released, and the notice with it.
    await releaseHeldRatings(ctx.deps.db, { now: new Date((await createdAtOf(held.id)).getTime() + DAY_MS) });
    await ctx.deps.db.execute(
      sql`update flags set notice_from = now() - interval '1 second' where ratee_id = ${company.id}`,
    );
    expect(await notice()).toBe(true);
  });

  it("a suspension hides the rater's named and held ratings at once, their published anonymous ones with the next day's release; reinstating brings named ones back at once, anonymous ones with the next day's release", async () => {
    const [heldFor, publishedFor, namedFor, reader] = [
      await makeUser(ctx, 'employer'),
      await makeUser(ctx, 'employer'),
      await makeUser(ctx, 'employer'),
      await makeUser(ctx, 'employee'),
    ];
    const { author, signInAgain } = await signedUpAuthor();
    // An anonymous rating others have seen, one still held, and a named one.
    const seen = await rate(ctx, author, publishedFor, {
      is_anonymous: true,
      feedback_message: 'Seen before.',
    });
    await releaseHeldRatings(ctx.deps.db, { now: new Date((await createdAtOf(seen.id)).getTime() + DAY_MS) });
    expect(await statusOf(ctx, seen.id)).toBe('published');
    const held = await rate(ctx, author, heldFor, { is_anonymous: true });
    const named = await rate(ctx, author, namedFor, { feedback_message: 'Signed.' });
    const toldBefore = (await notificationsOf(publishedFor)).body.count;

    const moderate = (action: 'suspend' | 'reinstate', reason: string) =>
      call(ctx.app, 'POST', `/api/moderation/users/${author.id}/${action}/`, {
        token: moderator.token,
        body: { reason },
      });
    expect((await moderate('suspend', 'Fake reviews from several accounts')).status).toBe(200);
    // The anonymous rating others have seen does not vanish in the minute the account did.
    expect(await statusOf(ctx, seen.id)).toBe('published');
    expect((await storedOf(publishedFor.id))?.total).toBe(1);
    for (const id of [held.id, named.id]) expect(await statusOf(ctx, id)).toBe('hidden');
    const tomorrow = new Date((await createdAtOf(held.id)).getTime() + DAY_MS);
    await releaseHeldRatings(ctx.deps.db, { now: tomorrow });
    expect(await releaseLeavingRatings(ctx.deps.db, { now: tomorrow })).toBe(1);
    expect(await releaseLeavingRatings(ctx.deps.db, { now: tomorrow })).toBe(0);
    for (const id of [seen.id, held.id, named.id]) expect(await statusOf(ctx, id)).toBe('hidden');
    for (const company of [heldFor, publishedFor, namedFor])
      expect((await storedOf(company.id))?.total).toBe(0);

    expect((await moderate('reinstate', 'The reports were mistaken')).status).toBe(200);
    // The named rating at once, with the account.
    expect(await statusOf(ctx, named.id)).toBe('published');
    expect((await storedOf(namedFor.id))?.total).toBe(1);
    // The anonymous ones wait: nobody sees them come back in the minute the account did.
    const [reinstated] = await queryRows<{ at: Date }>(
      ctx.deps.db,
      sql`select reinstated_at as at from suspension_hidden_ratings where rating_id = ${seen.id}`,
    );
    const reinstatedAt = new Date(reinstated?.at as Date);
    expect(await releaseReturningRatings(ctx.deps.db, { now: reinstatedAt })).toBe(0);
    for (const id of [seen.id, held.id]) expect(await statusOf(ctx, id)).toBe('hidden');
    expect((await storedOf(publishedFor.id))?.total).toBe(0);
    const page = await get<ProfileResponse>(ctx, reader, `/api/core/users/${publishedFor.id}/profile/`);
    expect(page.body.all_ratings).toEqual([]);
    // Their author is told they come back with the next day's release; nobody else is.
    await signInAgain();
    const given = await get<{ results: Rating[] }>(ctx, author, '/api/core/my-ratings/given/');
    const returning = (id: number) => given.body.results.find((r) => r.id === id);
    expect(returning(seen.id)).toMatchObject({ status: 'hidden', return_held: true });
    expect(returning(held.id)).toMatchObject({ status: 'hidden', return_held: true });
    expect(returning(named.id)).not.toHaveProperty('return_held');

    // Suspended again before the release: they stay hidden by the new suspension.
    expect((await moderate('suspend', 'The same accounts again')).status).toBe(200);
    const nextDay = new Date(reinstatedAt.getTime() + DAY_MS);
    expect(await releaseReturningRatings(ctx.deps.db, { now: nextDay })).toBe(0);
    for (const id of [seen.id, held.id, named.id]) expect(await statusOf(ctx, id)).toBe('hidden');

    // Reinstated again: the release after the day of the reinstatement publishes both.
    expect((await moderate('reinstate', 'Cleared on review')).status).toBe(200);
    expect(await statusOf(ctx, named.id)).toBe('published');
    expect(await releaseReturningRatings(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(2);
    for (const id of [seen.id, held.id]) expect(await statusOf(ctx, id)).toBe('published');
    for (const company of [heldFor, publishedFor, namedFor])
      expect((await storedOf(company.id))?.total).toBe(1);
    const after = await get<ProfileResponse>(ctx, reader, `/api/core/users/${publishedFor.id}/profile/`);
    expect(after.body.all_ratings.map((r) => [r.id, r.feedback_message])).toEqual([
      [seen.id, 'Seen before.'],
    ]);
    expectNoTraceOf(after.body.all_ratings, author);
    // Not told again as a rating received: the company was told when it first came.
    expect((await notificationsOf(publishedFor)).body.count).toBe(toldBefore);
    await signInAgain();
    const mine = await get<{ results: Rating[] }>(ctx, author, '/api/core/my-ratings/given/');
    expect(mine.body.results).toHaveLength(3);
    for (const rating of mine.body.results) expect(rating).not.toHaveProperty('return_held');
    // Released once.
    expect(await releaseReturningRatings(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(0);
  });

  it('a rating coming back with the next release is not restored at once, and may be kept hidden for cause', async () => {
    const company = await makeUser(ctx, 'employer');
    const { author, signInAgain } = await signedUpAuthor();
    const written = await rate(ctx, author, company, { is_anonymous: true, feedback_message: 'Waiting.' });
    await releaseHeldRatings(ctx.deps.db, {
      now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
    });
    const moderate = (path: string, reason: string) =>
      call<ErrorAnswer>(ctx.app, 'POST', `/api/moderation/${path}/`, {
        token: moderator.token,
        body: { reason },
      });
    expect((await moderate(`users/${author.id}/suspend`, 'Checked')).status).toBe(200);
    await releaseLeavingRatings(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) });
    expect((await moderate(`users/${author.id}/reinstate`, 'Cleared')).status).toBe(200);

    // Published now, it would reappear in the minute of a moderator's act tied to the reinstatement.
    const restored = await moderate(`ratings/${written.id}/restore`, 'Fine after all');
    expect(restored.status).toBe(400);
    expect(restored.body.detail).toBe(MSG.ratingReturnsTomorrow);
    expect(await statusOf(ctx, written.id)).toBe('hidden');
    // Nor is there a moderator's decision for its author to appeal: it comes back by itself.
    await signInAgain();
    const early = await call<ErrorAnswer>(ctx.app, 'POST', `/api/core/ratings/${written.id}/appeal/`, {
      token: author.token,
      body: { message: 'Please bring it back.' },
    });
    expect(early).toMatchObject({ status: 400, body: { detail: MSG.appealNoDecision } });

    // Kept hidden for cause: it no longer comes back, and its author sees why and may appeal.
    expect((await moderate(`ratings/${written.id}/hide`, 'Names a colleague')).status).toBe(200);
    expect((await moderate(`ratings/${written.id}/hide`, 'Again')).status).toBe(400);
    expect(await releaseReturningRatings(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(0);
    expect(await statusOf(ctx, written.id)).toBe('hidden');
    expect((await storedOf(company.id))?.total).toBe(0);
    await signInAgain();
    const given = await get<{ results: Rating[] }>(ctx, author, '/api/core/my-ratings/given/');
    expect(given.body.results[0]).not.toHaveProperty('return_held');
    expect(given.body.results[0]?.moderation).toMatchObject({ reason: 'Names a colleague', appeal: null });
    const appealed = await call(ctx.app, 'POST', `/api/core/ratings/${written.id}/appeal/`, {
      token: author.token,
      body: { message: 'It names nobody.' },
    });
    expect(appealed.status).toBe(201);
  });

  it("a suspended author's anonymous rating hidden for cause before the release is not returned by their reinstatement; one reinstated before it never leaves", async () => {
    const [forCause, staying, reader] = [
      await makeUser(ctx, 'employer'),
      await makeUser(ctx, 'employer'),
      await makeUser(ctx, 'employee'),
    ];
    const { author } = await signedUpAuthor();
    const causes = await rate(ctx, author, forCause, {
      is_anonymous: true,
      feedback_message: 'Names a person.',
    });
    const stays = await rate(ctx, author, staying, { is_anonymous: true, feedback_message: 'Stays.' });
    const day = new Date((await createdAtOf(stays.id)).getTime() + DAY_MS);
    await releaseHeldRatings(ctx.deps.db, { now: day });
    const moderate = (path: string, reason: string) =>
      call<ErrorAnswer>(ctx.app, 'POST', `/api/moderation/${path}/`, {
        token: moderator.token,
        body: { reason },
      });
    expect((await moderate(`users/${author.id}/suspend`, 'Fake reviews')).status).toBe(200);
    // Still on the company's page, as before the suspension: the release takes it down.
    const shown = await get<ProfileResponse>(ctx, reader, `/api/core/users/${staying.id}/profile/`);
    expect(shown.body.all_ratings.map((r) => r.id)).toEqual([stays.id]);
    // The moderators' queue says it leaves tomorrow.
    await call(ctx.app, 'POST', `/api/core/ratings/${stays.id}/flag/`, {
      token: reader.token,
      body: { reason: 'FAKE' },
    });
    const queue = await get<{ results: { rating: { id: number; leave_held?: string } }[] }>(
      ctx,
      moderator,
      '/api/moderation/flags/?status=open',
    );
    expect(queue.body.results.find((item) => item.rating.id === stays.id)?.rating.leave_held).toBe('hidden');
    // Hidden for its own cause now: out of the aggregates at once, and never returned by a reinstatement.
    expect((await moderate(`ratings/${causes.id}/hide`, 'Names a colleague')).status).toBe(200);
    expect((await storedOf(forCause.id))?.total).toBe(0);
    // Reinstated before the release: the other never left, and nothing moves at the release.
    expect((await moderate(`users/${author.id}/reinstate`, 'Cleared')).status).toBe(200);
    const later = new Date(Date.now() + DAY_MS);
    expect(await releaseLeavingRatings(ctx.deps.db, { now: later })).toBe(0);
    expect(await releaseReturningRatings(ctx.deps.db, { now: later })).toBe(0);
    expect(await statusOf(ctx, stays.id)).toBe('published');
    expect(await statusOf(ctx, causes.id)).toBe('hidden');
    expect((await storedOf(staying.id))?.total).toBe(1);
    const [left] = await queryRows<{ n: number }>(
      ctx.deps.db,
      sql`select count(*)::int as n from suspension_hidden_ratings where rating_id in (${causes.id}, ${stays.id})`,
    );
    expect(left?.n).toBe(0);
  });

  it('a reinstated author who deletes their account before the release, keeping their ratings, gets them back as others saw them', async () => {
    const company = await makeUser(ctx, 'employer');
    const { author, password, signInAgain } = await signedUpAuthor();
    const written = await rate(ctx, author, company, { is_anonymous: true, feedback_message: 'Kept.' });
    await releaseHeldRatings(ctx.deps.db, {
      now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
    });
    for (const action of ['suspend', 'reinstate']) {
      const done = await call(ctx.app, 'POST', `/api/moderation/users/${author.id}/${action}/`, {
        token: moderator.token,
        body: { reason: 'Checked' },
      });
      expect(done.status).toBe(200);
      if (action === 'suspend')
        await releaseLeavingRatings(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) });
    }
    await signInAgain();
    const gone = await call(ctx.app, 'DELETE', '/api/auth/account/', {
      token: author.token,
      body: { password, ratings_given: 'KEEP_ANONYMOUS' },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    expect(await statusOf(ctx, written.id)).toBe('hidden');
    expect(await releaseReturningRatings(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(1);
    expect(await statusOf(ctx, written.id)).toBe('published');
    expect((await storedOf(company.id))?.total).toBe(1);
    const page = await get<ProfileResponse>(ctx, company, `/api/core/users/${company.id}/profile/`);
    expect(page.body.all_ratings.map((r) => [r.rater_name, r.feedback_message])).toEqual([
      ['Anonymous', 'Kept.'],
    ]);
  });

  it("the release's job in the server publishes the ended days' held ratings, hides a suspended author's, and says so in the metrics", async () => {
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    const held = await rate(ctx, author, company, { is_anonymous: true });
    const before = await scrapeRelease();
    // Written yesterday, as far as the release can tell.
    await ctx.deps.db.execute(
      sql`update ratings set created_at = created_at - interval '1 day' where id = ${held.id}`,
    );
    const ranAfter = Date.now() / 1000;
    await ctx.deps.heldRelease.wake();
    expect(await statusOf(ctx, held.id)).toBe('published');
    const after = await scrapeRelease();
    expect(after.released).toBeGreaterThanOrEqual(before.released + 1);
    expect(after.lastRunAt).toBeGreaterThanOrEqual(ranAfter);
    expect((await storedOf(company.id))?.total).toBe(1);

    // And an edit of it, made yesterday as far as the release can tell.
    const edited = await call(ctx.app, 'PATCH', `/api/core/ratings/${held.id}/`, {
      token: author.token,
      body: { feedback_message: 'Edited yesterday.' },
    });
    expect(edited.status).toBe(204);
    await ctx.deps.db.execute(
      sql`update ratings set held_edit_at = held_edit_at - interval '1 day' where id = ${held.id}`,
    );
    await ctx.deps.heldRelease.wake();
    const [row] = await queryRows<{ text: string }>(
      ctx.deps.db,
      sql`select feedback_message as text from ratings where id = ${held.id}`,
    );
    expect(row?.text).toBe('Edited yesterday.');
    expect((await scrapeRelease()).edits).toBeGreaterThanOrEqual(after.edits + 1);

    // And its author suspended yesterday, as far as the release can tell: it leaves now.
    const suspended = await call(ctx.app, 'POST', `/api/moderation/users/${author.id}/suspend/`, {
      token: moderator.token,
      body: { reason: 'Checked' },
    });
    expect(suspended.status).toBe(200);
    expect(await statusOf(ctx, held.id)).toBe('published');
    await ctx.deps.db.execute(
      sql`update suspension_hidden_ratings set leaving_since = leaving_since - interval '1 day' where rating_id = ${held.id}`,
    );
    const beforeLeaving = await scrapeRelease();
    await ctx.deps.heldRelease.wake();
    expect(await statusOf(ctx, held.id)).toBe('hidden');
    expect((await storedOf(company.id))?.total).toBe(0);
    expect((await scrapeRelease()).left).toBeGreaterThanOrEqual(beforeLeaving.left + 1);
  });

  it('an edit of a published anonymous rating waits for the next day: its author alone sees it until the release applies it', async () => {
    const company = await makeUser(ctx, 'employer');
    const [author, reader] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employee')];
    const written = await rate(ctx, author, company, {
      is_anonymous: true,
      feedback_message: 'As it was first.',
    });
    await releaseHeldRatings(ctx.deps.db, {
      now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
    });
    const before = await storedOf(company.id);
    const lowest = RATING_CATEGORIES.EMPLOYEE_TO_COMPANY.map((category) => ({ category, score: 1 }));
    const edit = (body: object) =>
      call(ctx.app, 'PATCH', `/api/core/ratings/${written.id}/`, { token: author.token, body });

    expect((await edit({ category_scores: lowest, feedback_message: 'Changed my mind.' })).status).toBe(204);
    // A second edit is merged into the waiting one: the scores stay, the text is the latest.
    expect((await edit({ feedback_message: 'Changed my mind, twice.' })).status).toBe(204);

    // Nothing of the ratee moves, not even its views' version; everyone else sees it as it was.
    expect(await storedOf(company.id)).toEqual(before);
    const seen = async (user: TestUser) =>
      (await get<ProfileResponse>(ctx, user, `/api/core/users/${company.id}/profile/`)).body.all_ratings.find(
        (r) => r.id === written.id,
      );
    for (const other of [reader, company]) {
      const shown = await seen(other);
      expect(shown?.feedback_message).toBe('As it was first.');
      expect(shown?.edited_at).toBeNull();
      expect(shown).not.toHaveProperty('edit_held');
    }
    const received = await get<{ results: Rating[] }>(ctx, company, '/api/core/my-ratings/received/');
    expect(received.body.results.find((r) => r.id === written.id)?.feedback_message).toBe('As it was first.');
    // Its author sees the edit, marked as waiting, on My Ratings and on the company's page.
    const given = await get<{ results: Rating[] }>(ctx, author, '/api/core/my-ratings/given/');
    for (const mine of [given.body.results.find((r) => r.id === written.id), await seen(author)]) {
      expect(mine).toMatchObject({
        feedback_message: 'Changed my mind, twice.',
        overall_score: 1,
        edit_held: true,
      });
      expect(mine?.edited_at).not.toBeNull();
    }

    // Still the edit's day: the release leaves it. Its day over: applied, counted, seen by all.
    expect(await releaseHeldEdits(ctx.deps.db)).toBe(0);
    expect(await releaseHeldEdits(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(1);
    const after = await storedOf(company.id);
    expect(after?.sum).toBeLessThan(before?.sum as number);
    expect(after?.version).not.toBe(before?.version);
    const shown = await seen(reader);
    expect(shown).toMatchObject({ feedback_message: 'Changed my mind, twice.', overall_score: 1 });
    // Marked edited, with its day alone, as an anonymous rating's edit always is.
    expect(shown?.edited_at).toMatch(/T00:00:00(\.000)?Z$/);
    expect(await seen(author)).not.toHaveProperty('edit_held');
    expect(await releaseHeldEdits(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(0);

    // A named rating's edit is seen at once, as always.
    const named = await rate(ctx, reader, company, { feedback_message: 'Signed.' });
    const open = await call(ctx.app, 'PATCH', `/api/core/ratings/${named.id}/`, {
      token: reader.token,
      body: { feedback_message: 'Signed, and edited.' },
    });
    expect(open.status).toBe(204);
    const list = (await get<ProfileResponse>(ctx, company, `/api/core/users/${company.id}/profile/`)).body;
    expect(list.all_ratings.find((r) => r.id === named.id)?.feedback_message).toBe('Signed, and edited.');
  });

  it("a held edit's text meets the copied-text rule when it is applied, not when it is written", async () => {
    const text =
      'Night shifts were announced a day ahead, the cab service stopped without notice and the leave portal lost my requests twice in one quarter.';
    const old = new Date(Date.now() - 400 * DAY_MS);
    const first = await makeUser(ctx, 'employee', { dateJoined: old });
    const author = await makeUser(ctx, 'employee', { dateJoined: old });
    await rate(ctx, first, await makeUser(ctx, 'employer'), { feedback_message: text });
    const written = await rate(ctx, author, await makeUser(ctx, 'employer'), { is_anonymous: true });
    await releaseHeldRatings(ctx.deps.db, {
      now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
    });
    const copied = async () =>
      (
        await queryRows<{ rule: string }>(
          ctx.deps.db,
          sql`select rule from flags where rating_id = ${written.id} and reporter_id is null`,
        )
      ).map((row) => row.rule);

    const edited = await call(ctx.app, 'PATCH', `/api/core/ratings/${written.id}/`, {
      token: author.token,
      body: { feedback_message: text },
    });
    expect(edited.status).toBe(204);
    expect(await copied()).toEqual([]);
    await releaseHeldEdits(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) });
    expect(await copied()).toEqual(['copied_text']);
  });

  it('a waiting edit is not shown to moderators, goes when they hide the rating, and gives way to an edit made at once', async () => {
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    const written = await rate(ctx, author, company, {
      is_anonymous: true,
      feedback_message: 'As first written.',
    });
    await releaseHeldRatings(ctx.deps.db, {
      now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
    });
    const edit = (feedback_message: string) =>
      call(ctx.app, 'PATCH', `/api/core/ratings/${written.id}/`, {
        token: author.token,
        body: { feedback_message },
      });
    const waiting = async () =>
      (
        await queryRows<{ held: boolean }>(
          ctx.deps.db,
          sql`select held_edit_at is not null as held from ratings where id = ${written.id}`,
        )
      )[0]?.held;
    const mine = async () =>
      (await get<{ results: Rating[] }>(ctx, author, '/api/core/my-ratings/given/')).body.results.find(
        (r) => r.id === written.id,
      );

    // Moderators decide on the text others see: a dispute's card shows it, not the waiting edit.
    expect((await edit('Names someone, fixed later.')).status).toBe(204);
    const disputed = await call<{ id: number }>(ctx.app, 'POST', `/api/core/ratings/${written.id}/dispute/`, {
      token: company.token,
      body: { reason: 'FALSE_FACTS', details: 'None of this happened at our office.' },
    });
    expect(disputed.status).toBe(201);
    const queue = await get<{ results: ModerationDispute[] }>(ctx, moderator, '/api/moderation/disputes/');
    const card = queue.body.results.find((d) => d.id === disputed.body.id)?.rating;
    expect(card?.feedback_message).toBe('As first written.');
    expect(card).not.toHaveProperty('edit_held');

    // Hidden on that text: the waiting edit goes with it, and restoring publishes what was decided on.
    const hidden = await call(ctx.app, 'POST', `/api/moderation/ratings/${written.id}/hide/`, {
      token: moderator.token,
      body: { reason: 'Names a colleague in full' },
    });
    expect(hidden.status).toBe(200);
    expect(await waiting()).toBe(false);
    expect(await mine()).toMatchObject({ status: 'hidden', feedback_message: 'As first written.' });
    expect(await mine()).not.toHaveProperty('edit_held');
    const restored = await call(ctx.app, 'POST', `/api/moderation/ratings/${written.id}/restore/`, {
      token: moderator.token,
      body: { reason: 'On a second reading it names nobody' },
    });
    expect(restored.status).toBe(200);
    expect(await releaseHeldEdits(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(0);
    expect((await mine())?.feedback_message).toBe('As first written.');

    // An edit made at once (the hold switched off) replaces one still waiting.
    expect((await edit('Waiting again.')).status).toBe(204);
    expect(await waiting()).toBe(true);
    await editRating(
      ctx.deps.db,
      author.id,
      written.id,
      { feedback_message: 'Said at once.' },
      { hold: 'off' },
    );
    expect(await waiting()).toBe(false);
    expect(await mine()).toMatchObject({ feedback_message: 'Said at once.' });
    expect(await mine()).not.toHaveProperty('edit_held');
  });

  it('an author who deletes their account and keeps their ratings keeps them as others saw them', async () => {
    const company = await makeUser(ctx, 'employer');
    // Signed up with a password, which deleting the account asks for.
    const { author, password } = await signedUpAuthor();
    const written = await rate(ctx, author, company, {
      is_anonymous: true,
      feedback_message: 'Seen by all.',
    });
    await releaseHeldRatings(ctx.deps.db, {
      now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
    });
    const edited = await call(ctx.app, 'PATCH', `/api/core/ratings/${written.id}/`, {
      token: author.token,
      body: { feedback_message: 'Never seen by anyone.' },
    });
    expect(edited.status).toBe(204);
    const gone = await call(ctx.app, 'DELETE', '/api/auth/account/', {
      token: author.token,
      body: { password, ratings_given: 'KEEP_ANONYMOUS' },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    expect(await releaseHeldEdits(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(0);
    const [row] = await queryRows<{ text: string }>(
      ctx.deps.db,
      sql`select feedback_message as text from ratings where id = ${written.id}`,
    );
    expect(row?.text).toBe('Seen by all.');
  });
  it("an author who deletes their account with their ratings: named and held ones go at once, anonymous ones others see with the next day's release, tied to no one meanwhile", async () => {
    // A company, so that a dispute holds its rating back (both sides heard): 'disputed' is seen too.
    const [seenFor, disputedFor, heldFor, namedFor, reader] = [
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employer'),
    ];
    const { author, password } = await signedUpAuthor('employer');
    const seen = await rate(ctx, author, seenFor, { is_anonymous: true, feedback_message: 'Seen by all.' });
    const disputed = await rate(ctx, author, disputedFor, { is_anonymous: true });
    await releaseHeldRatings(ctx.deps.db, { now: new Date((await createdAtOf(seen.id)).getTime() + DAY_MS) });
    const dispute = await call(ctx.app, 'POST', `/api/core/ratings/${disputed.id}/dispute/`, {
      token: disputedFor.token,
      body: { reason: 'FALSE_FACTS', details: 'None of this happened at our office.' },
    });
    expect(dispute.status).toBe(201);
    const held = await rate(ctx, author, heldFor, { is_anonymous: true });
    const named = await rate(ctx, author, namedFor, { feedback_message: 'Signed.' });
    // An edit waiting for the release goes with the account: nobody saw it.
    const edited = await call(ctx.app, 'PATCH', `/api/core/ratings/${seen.id}/`, {
      token: author.token,
      body: { feedback_message: 'Never seen by anyone.' },
    });
    expect(edited.status).toBe(204);
    const versionsBefore = [(await storedOf(seenFor.id))?.version, (await storedOf(disputedFor.id))?.version];

    const gone = await call(ctx.app, 'DELETE', '/api/auth/account/', {
      token: author.token,
      body: { password, ratings_given: 'DELETE' },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    // Named and held: gone with the account; nobody could tie a held one to it.
    expect(await statusOf(ctx, named.id)).toBeUndefined();
    expect(await statusOf(ctx, held.id)).toBeUndefined();
    expect((await storedOf(namedFor.id))?.total).toBe(0);
    // Seen anonymous ones: still there, as others saw them, nothing of their ratees moved, tied to no one.
    expect(await statusOf(ctx, seen.id)).toBe('published');
    expect(await statusOf(ctx, disputed.id)).toBe('disputed');
    expect((await storedOf(seenFor.id))?.total).toBe(1);
    expect([(await storedOf(seenFor.id))?.version, (await storedOf(disputedFor.id))?.version]).toEqual(
      versionsBefore,
    );
    const page = await get<ProfileResponse>(ctx, reader, `/api/core/users/${seenFor.id}/profile/`);
    expect(page.body.all_ratings.map((r) => [r.id, r.rater_name, r.feedback_message])).toEqual([
      [seen.id, 'Anonymous', 'Seen by all.'],
    ]);
    expectNoTraceOf(page.body.all_ratings, author);
    const raters = await queryRows<{ rater: number; erased: boolean; edit: boolean }>(
      ctx.deps.db,
      sql`select rater_id as rater, author_erased_at is not null as erased, held_edit is not null as edit
          from ratings where id in (${seen.id}, ${disputed.id})`,
    );
    expect(raters.map((r) => [r.erased, r.edit])).toEqual([
      [true, false],
      [true, false],
    ]);
    const placeholder = raters[0]?.rater as number;
    expect(placeholder).not.toBe(author.id);
    expect(raters[1]?.rater).toBe(placeholder);
    expect(await queryRows(ctx.deps.db, sql`select 1 from users where id = ${author.id}`)).toEqual([]);

    // A dispute rejected meanwhile publishes it as any other: its placeholder is no suspended author.
    const [open] = await queryRows<{ id: number }>(
      ctx.deps.db,
      sql`select id from rating_disputes where rating_id = ${disputed.id}`,
    );
    const rejected = await call(ctx.app, 'POST', `/api/moderation/disputes/${open?.id}/decide/`, {
      token: moderator.token,
      body: { outcome: 'REJECTED', reason: 'The review describes the work as it was.' },
    });
    expect(rejected.status).toBe(200);
    expect(await statusOf(ctx, disputed.id)).toBe('published');
    expect((await storedOf(disputedFor.id))?.total).toBe(1);

    // The release of the deletion's own day leaves them; the next day's deletes them with the day's others.
    const [deletedAt] = await queryRows<{ at: Date }>(
      ctx.deps.db,
      sql`select author_erased_at as at from ratings where id = ${seen.id}`,
    );
    const deletion = new Date(deletedAt?.at as Date);
    expect(await releaseErasedRatings(ctx.deps.db, { now: deletion })).toBe(0);
    expect(await releaseErasedRatings(ctx.deps.db, { now: new Date(deletion.getTime() + DAY_MS) })).toBe(2);
    expect(await releaseErasedRatings(ctx.deps.db, { now: new Date(deletion.getTime() + DAY_MS) })).toBe(0);
    for (const id of [seen.id, disputed.id]) expect(await statusOf(ctx, id)).toBeUndefined();
    expect((await storedOf(seenFor.id))?.total).toBe(0);
    expect((await storedOf(disputedFor.id))?.version).toBeGreaterThan(versionsBefore[1] as number);
    expect((await storedOf(disputedFor.id))?.total).toBe(0);
    // The placeholder goes with its last rating.
    expect(await queryRows(ctx.deps.db, sql`select 1 from users where id = ${placeholder}`)).toEqual([]);
    const after = await get<ProfileResponse>(ctx, reader, `/api/core/users/${seenFor.id}/profile/`);
    expect(after.body.all_ratings).toEqual([]);
  });

  it('a suspended author who deletes their account: their leaving anonymous rating still leaves with the release, kept or deleted', async () => {
    const companies = [await makeUser(ctx, 'employer'), await makeUser(ctx, 'employer')] as const;
    for (const choice of ['KEEP_ANONYMOUS', 'DELETE'] as const) {
      const company = choice === 'DELETE' ? companies[1] : companies[0];
      const { author, password } = await signedUpAuthor();
      const written = await rate(ctx, author, company, { is_anonymous: true, feedback_message: choice });
      await releaseHeldRatings(ctx.deps.db, {
        now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
      });
      const suspended = await call(ctx.app, 'POST', `/api/moderation/users/${author.id}/suspend/`, {
        token: moderator.token,
        body: { reason: 'Fake reviews from several accounts' },
      });
      expect(suspended.status).toBe(200);
      // Suspended, they cannot sign in: they delete with their email and password.
      const gone = await call(ctx.app, 'DELETE', '/api/auth/account/', {
        body: { email: author.email, password, ratings_given: choice },
      });
      expect(gone.status, JSON.stringify(gone.body)).toBe(204);
      // Not in the minute the account went; moderators see which way it leaves.
      expect(await statusOf(ctx, written.id)).toBe('published');
      expect((await storedOf(company.id))?.total).toBe(1);
      const reporter = await makeUser(ctx, 'employee');
      const flagged = await call(ctx.app, 'POST', `/api/core/ratings/${written.id}/flag/`, {
        token: reporter.token,
        body: { reason: 'FAKE' },
      });
      expect(flagged.status).toBe(201);
      const queue = await get<{ results: FlaggedRating[] }>(
        ctx,
        moderator,
        '/api/moderation/flags/?status=open',
      );
      expect(queue.body.results.find((item) => item.rating.id === written.id)?.rating).toMatchObject({
        rater_status: 'deleted',
        leave_held: choice === 'DELETE' ? 'deleted' : 'hidden',
      });
      const tomorrow = new Date(Date.now() + DAY_MS);
      await releaseLeavingRatings(ctx.deps.db, { now: tomorrow });
      await releaseErasedRatings(ctx.deps.db, { now: tomorrow });
      // Kept, it is hidden by the suspension as it would have been; deleted, it is gone.
      expect(await statusOf(ctx, written.id)).toBe(choice === 'DELETE' ? undefined : 'hidden');
      expect((await storedOf(company.id))?.total).toBe(0);
    }
  });

  it("a waiting rating's ratee who deletes their account first takes it with them, and its placeholder goes too", async () => {
    const { author, password } = await signedUpAuthor();
    const company = await signedUpAuthor('employer');
    const written = await rate(ctx, author, company.author, { is_anonymous: true });
    await releaseHeldRatings(ctx.deps.db, {
      now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
    });
    const deleteAccount = (who: TestUser, secret: string) =>
      call(ctx.app, 'DELETE', '/api/auth/account/', {
        token: who.token,
        body: { password: secret, ratings_given: 'DELETE' },
      });
    expect((await deleteAccount(author, password)).status).toBe(204);
    const [waiting] = await queryRows<{ rater: number }>(
      ctx.deps.db,
      sql`select rater_id as rater from ratings where id = ${written.id}`,
    );
    expect((await deleteAccount(company.author, company.password)).status).toBe(204);
    expect(await statusOf(ctx, written.id)).toBeUndefined();
    expect(await queryRows(ctx.deps.db, sql`select 1 from users where id = ${waiting?.rater}`)).toEqual([]);
    expect(await releaseErasedRatings(ctx.deps.db, { now: new Date(Date.now() + DAY_MS) })).toBe(0);
  });

  it("the release's job in the server deletes an erased account's anonymous ratings, and says so in the metrics", async () => {
    const company = await makeUser(ctx, 'employer');
    const { author, password } = await signedUpAuthor();
    const written = await rate(ctx, author, company, { is_anonymous: true });
    await releaseHeldRatings(ctx.deps.db, {
      now: new Date((await createdAtOf(written.id)).getTime() + DAY_MS),
    });
    const gone = await call(ctx.app, 'DELETE', '/api/auth/account/', {
      token: author.token,
      body: { password, ratings_given: 'DELETE' },
    });
    expect(gone.status).toBe(204);
    // Deleted yesterday, as far as the release can tell.
    await ctx.deps.db.execute(
      sql`update ratings set author_erased_at = author_erased_at - interval '1 day' where id = ${written.id}`,
    );
    const before = await scrapeRelease();
    await ctx.deps.heldRelease.wake();
    expect(await statusOf(ctx, written.id)).toBeUndefined();
    expect((await storedOf(company.id))?.total).toBe(0);
    expect((await scrapeRelease()).erased).toBeGreaterThanOrEqual(before.erased + 1);
  });
});
