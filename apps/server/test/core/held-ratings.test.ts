// ADR 0030: with ANONYMOUS_HOLD=day (the default), an anonymous rating is held until its day in India
// has ended, so that a company watching its own page cannot date it: nobody but its author sees it,
// and nothing of it moves the ratee's average, counts, verified badge, notifications or the
// transparency report, until the release publishes the day's held ratings together.
import { type Notification, type ProfileResponse, type Rating, UNUSUAL_ACTIVITY } from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { ratings, users } from '../../src/db/schema/index.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { releaseHeldRatings } from '../../src/modules/ratings/release.ts';
import { transparencyReport } from '../../src/modules/transparency/repository.ts';
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

  it("a suspension hides the rater's held ratings, which the release then leaves; reinstating publishes them", async () => {
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    const held = await rate(ctx, author, company, { is_anonymous: true });
    const suspended = await call(ctx.app, 'POST', `/api/moderation/users/${author.id}/suspend/`, {
      token: moderator.token,
      body: { reason: 'Fake reviews from several accounts' },
    });
    expect(suspended.status).toBe(200);
    const tomorrow = new Date((await createdAtOf(held.id)).getTime() + DAY_MS);
    await releaseHeldRatings(ctx.deps.db, { now: tomorrow });
    expect(await statusOf(ctx, held.id)).toBe('hidden');
    expect((await storedOf(company.id))?.total).toBe(0);

    const reinstated = await call(ctx.app, 'POST', `/api/moderation/users/${author.id}/reinstate/`, {
      token: moderator.token,
      body: { reason: 'The reports were mistaken' },
    });
    expect(reinstated.status).toBe(200);
    expect(await statusOf(ctx, held.id)).toBe('published');
    expect((await storedOf(company.id))?.total).toBe(1);
  });

  it("the release's job in the server publishes the ended days' held ratings, and says so in the metrics", async () => {
    const scrape = async () => {
      const answer = await call(ctx.app, 'GET', '/api/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(answer.raw.body)?.[1]);
      return {
        released: metric('worktrust_held_ratings_released_total'),
        lastRunAt: metric('worktrust_held_release_last_run_timestamp_seconds'),
      };
    };
    const company = await makeUser(ctx, 'employer');
    const held = await rate(ctx, await makeUser(ctx, 'employee'), company, { is_anonymous: true });
    const before = await scrape();
    // Written yesterday, as far as the release can tell.
    await ctx.deps.db.execute(
      sql`update ratings set created_at = created_at - interval '1 day' where id = ${held.id}`,
    );
    const ranAfter = Date.now() / 1000;
    await ctx.deps.heldRelease.wake();
    expect(await statusOf(ctx, held.id)).toBe('published');
    const after = await scrape();
    expect(after.released).toBeGreaterThanOrEqual(before.released + 1);
    expect(after.lastRunAt).toBeGreaterThanOrEqual(ranAfter);
    expect((await storedOf(company.id))?.total).toBe(1);
  });
});
