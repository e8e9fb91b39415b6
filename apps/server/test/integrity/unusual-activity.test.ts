// Unusual activity (DESIGN §8.2, ADR 0017) on a real database through the API: generated bursts are
// flagged into the moderators' queue with no reporter and a neutral profile notice; ordinary traffic
// (a popular company's steady stream, the demo seed) raises nothing.
import {
  type FlagFacts,
  type FlaggedRating,
  type ProfileResponse,
  UNUSUAL_ACTIVITY,
} from '@workspace/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { flags } from '../../src/db/schema/index.ts';
import {
  burstOrNull,
  findBurst,
  flagUnusualActivity,
  freshAccountAt,
  usualCounts,
} from '../../src/modules/ratings/unusual-activity.ts';
import { transparencyReport } from '../../src/modules/transparency/repository.ts';
import { seedDemoIfEmpty } from '../../src/seed/demo.ts';
import { get, makeUser, rate, type TestUser, writeCompanyRating } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let moderator: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  moderator = await makeUser(ctx, 'moderator');
});
afterAll(() => ctx.close());

/** Accounts opened `daysAgo` days ago (old accounts: not fresh when they rate now). */
const people = (count: number, daysAgo = 400) =>
  Promise.all(
    Array.from({ length: count }, () =>
      makeUser(ctx, 'employee', { dateJoined: new Date(Date.now() - daysAgo * DAY) }),
    ),
  );

async function automaticFlags(rateeId: number) {
  return queryRows<{ rating_id: number; status: string; details: string | null; facts: FlagFacts }>(
    ctx.deps.db,
    sql`select f.rating_id, f.status, f.details, f.facts from flags f join ratings r on r.id = f.rating_id
        where r.ratee_id = ${rateeId} and f.reporter_id is null and f.reason = 'UNUSUAL_ACTIVITY'`,
  );
}

const notice = async (viewer: TestUser, company: TestUser) =>
  (await get<ProfileResponse>(ctx, viewer, `/api/core/users/${company.id}/profile/`)).body.unusual_activity;

/**
 * `count` ratings of `ratee` spread evenly over the `days` days before the last 24 hours, each by an
 * account opened `joinedDaysBefore` days before its rating.
 */
async function history(ratee: TestUser, count: number, days: number, { joinedDaysBefore = 400 } = {}) {
  for (let i = 0; i < count; i++) {
    const at = new Date(Date.now() - DAY - ((i + 0.5) * days * DAY) / count);
    const rater = await makeUser(ctx, 'employee', {
      dateJoined: new Date(at.getTime() - joinedDaysBefore * DAY),
    });
    const rating = await rate(ctx, rater, ratee);
    // Stored as if written then, with whether its rater's account was fresh at that time.
    await ctx.deps.db.execute(
      sql`update ratings r set created_at = ${at}::timestamptz,
            from_fresh_account = ${freshAccountAt(sql`${at}::timestamptz`, sql`u.date_joined`)}
          from users u where u.id = r.rater_id and r.id = ${rating.id}`,
    );
  }
  // Those ratings were recent while they were written: clear what the check made of them then.
  await ctx.deps.db.delete(flags).where(isNull(flags.reporterId));
}

/** The usual counts of `ratee`'s month for a window of `n` ratings, `fresh` of them from fresh accounts. */
async function usualNow(ratee: TestUser, n: number, fresh: number) {
  const usual = usualCounts(ratee.id, sql`${n}::int`, sql`${fresh}::int`);
  const [row] = await queryRows<{ n: number | null; fresh: number | null }>(
    ctx.deps.db,
    sql`select ${usual.n} as n, ${usual.fresh} as fresh`,
  );
  return row as { n: number | null; fresh: number | null };
}

describe('a volume burst', () => {
  it(`flags every rating of the window once ${UNUSUAL_ACTIVITY.volume.min} arrive in a day on a quiet profile`, async () => {
    const company = await makeUser(ctx, 'employer');
    const raters = await people(UNUSUAL_ACTIVITY.volume.min);
    const reader = (await people(1))[0] as TestUser;
    const written = [];
    for (const rater of raters.slice(0, -1)) written.push(await rate(ctx, rater, company));
    expect(await automaticFlags(company.id)).toEqual([]);
    expect(await notice(reader, company)).toBe(false);

    written.push(await rate(ctx, raters.at(-1) as TestUser, company));
    const flagged = await automaticFlags(company.id);
    expect(flagged.map((f) => Number(f.rating_id)).sort()).toEqual(written.map((r) => r.id).sort());
    // Its figures, for the moderator's sentence in their language: six ratings, none a day before.
    expect(flagged[0]).toMatchObject({ details: null, facts: { count: 6, usual_per_day: 0 } });
    // The notice shows on the profile for everyone; the ratings stay published.
    expect(await notice(reader, company)).toBe(true);
    const profile = await get<ProfileResponse>(ctx, reader, `/api/core/users/${company.id}/profile/`);
    expect(profile.body.all_ratings).toHaveLength(UNUSUAL_ACTIVITY.volume.min);

    // Once, ever: the next rating of the burst flags only itself.
    const more = await rate(ctx, (await people(1))[0] as TestUser, company);
    expect((await automaticFlags(company.id)).map((f) => Number(f.rating_id))).toContain(more.id);
    expect(await automaticFlags(company.id)).toHaveLength(UNUSUAL_ACTIVITY.volume.min + 1);

    // In the moderators' queue with no reporter.
    const queue = await get<{ results: FlaggedRating[] }>(
      ctx,
      moderator,
      '/api/moderation/flags/?status=open',
    );
    const item = queue.body.results.find((r) => r.rating.id === more.id);
    expect(item?.flags).toEqual([
      expect.objectContaining({
        reason: 'UNUSUAL_ACTIVITY',
        reporter_id: null,
        reporter_name: 'Automatic check',
        rule: 'volume',
        // The figures, which the web app words in the moderator's language; no sentence in English.
        details: null,
        facts: { count: UNUSUAL_ACTIVITY.volume.min + 1, usual_per_day: 0 },
      }),
    ]);

    // The transparency report counts them as automatic flags, by their reason.
    const report = await transparencyReport(ctx.deps.db, new Date());
    const month = report.months.at(-1);
    const automatic = (await automaticFlags(company.id)).length;
    expect(month?.flags.by_source.automatic).toBeGreaterThanOrEqual(automatic);
    expect(month?.flags.by_reason.UNUSUAL_ACTIVITY).toBe(month?.flags.by_source.automatic);

    // Deciding every flag (dismissed here) takes the notice away.
    const open = await queryRows<{ id: number }>(
      ctx.deps.db,
      sql`select f.id from flags f join ratings r on r.id = f.rating_id where r.ratee_id = ${company.id}`,
    );
    for (const { id } of open) {
      const dismissed = await call(ctx.app, 'POST', `/api/moderation/flags/${id}/dismiss/`, {
        token: moderator.token,
        body: { reason: 'Launch-day reviews from real staff' },
      });
      expect(dismissed.status).toBe(200);
    }
    expect(await notice(reader, company)).toBe(false);
  });

  it("is measured against the profile's own usual rate: a popular company's steady stream raises nothing", async () => {
    const company = await makeUser(ctx, 'employer');
    // Thirty days at four a day, then a day of sixteen: four times its usual day, ordinary for this
    // company, though far above the six that make a burst on a quiet profile.
    await history(company, 120, 30);
    const today = await people(16);
    for (const rater of today) await rate(ctx, rater, company);
    expect(await automaticFlags(company.id)).toEqual([]);
    // The rating's own statement tells whether the rule can find a burst, reading the usual month
    // only up to the count that rules one out: 16 in the window need fewer than 120 usual ratings.
    const usualVolume = async (n: number) => (await usualNow(company, n, 0)).n;
    expect(await usualVolume(UNUSUAL_ACTIVITY.volume.min - 1)).toBeNull();
    expect(await usualVolume(16)).toBe(120);
    expect(burstOrNull({ n: 16, fresh: 0, usualN: 120, usualFresh: null })).toBeNull();
    expect(await usualVolume(17)).toBe(120); // its cap is 128: the exact count
    expect(burstOrNull({ n: 17, fresh: 0, usualN: 120, usualFresh: null })).not.toBeNull();
    // Past four times its usual rate, it is a burst even for a popular company.
    for (const rater of await people(1)) await rate(ctx, rater, company);
    expect(await automaticFlags(company.id)).toHaveLength(17);
  });
});

describe('a long burst (a review bomb)', () => {
  const viewVersion = async (user: TestUser) =>
    (
      await queryRows<{ v: number }>(
        ctx.deps.db,
        sql`select view_version as v from users where id = ${user.id}`,
      )
    )[0]?.v;

  /** Writes a rating below the route and runs the rule as the route does: the ratings it flagged. */
  async function rateAndCheck(rater: TestUser, company: TestUser) {
    const written = await writeCompanyRating(ctx, rater, company);
    if (!written?.burst) throw new Error('expected the rating to count a burst');
    const version = await viewVersion(company);
    const flagged = await flagUnusualActivity(
      ctx.deps.db,
      { ratingId: written.id, rateeId: company.id, held: false },
      written.burst,
    );
    return { id: written.id, flagged, pageMoved: (await viewVersion(company)) !== version };
  }

  it('flags each further rating alone, without reading the window again or moving the page', async () => {
    const company = await makeUser(ctx, 'employer');
    const { min } = UNUSUAL_ACTIVITY.volume;
    const raters = await people(min + 24);
    for (const rater of raters.slice(0, min - 1)) await rate(ctx, rater, company);
    // The burst is found: the whole window, and the page moves for its notice.
    const found = await rateAndCheck(raters[min - 1] as TestUser, company);
    expect(found.flagged).toHaveLength(min);
    expect(found.pageMoved).toBe(true);
    // From then on each rating of the burst flags itself alone, and the notice already shows.
    for (const rater of raters.slice(min, min + 20)) {
      const next = await rateAndCheck(rater, company);
      expect(next.flagged).toEqual([next.id]);
      expect(next.pageMoved).toBe(false);
    }
    // Ratings written after the last flag whose own check never ran (a run that failed) are taken
    // by the next run: every rating since the last flag.
    const missed = [];
    for (const rater of raters.slice(min + 20, min + 23)) {
      missed.push((await writeCompanyRating(ctx, rater, company))?.id);
    }
    const after = await rateAndCheck(raters[min + 23] as TestUser, company);
    expect(after.flagged.sort()).toEqual([...missed, after.id].sort());
    // Every rating of the window is flagged once, as ADR 0017 says.
    expect(await automaticFlags(company.id)).toHaveLength(min + 24);
  });

  it('a burst that comes back after the last one left the window is found, and flagged, whole again', async () => {
    const company = await makeUser(ctx, 'employer');
    const { min } = UNUSUAL_ACTIVITY.volume;
    for (const rater of await people(min)) await rate(ctx, rater, company);
    expect(await automaticFlags(company.id)).toHaveLength(min);
    // Two days later (the first burst, and its flags, moved back in time).
    await ctx.deps.db.execute(
      sql`update ratings set created_at = created_at - interval '2 days' where ratee_id = ${company.id}`,
    );
    await ctx.deps.db.execute(
      sql`update flags set created_at = created_at - interval '2 days' where ratee_id = ${company.id}`,
    );
    const raters = await people(min);
    const written = [];
    for (const rater of raters.slice(0, -1)) written.push(await rate(ctx, rater, company));
    const last = await rateAndCheck(raters.at(-1) as TestUser, company);
    expect(last.flagged.sort()).toEqual([...written.map((r) => r.id), last.id].sort());
  });
});

describe('a fresh-account burst', () => {
  it('flags ratings from accounts opened shortly before, and only those', async () => {
    const company = await makeUser(ctx, 'employer');
    // One rating from an old account, so that the day stays below a volume burst.
    for (const rater of await people(1)) await rate(ctx, rater, company);
    const minimum = UNUSUAL_ACTIVITY.freshAccounts.factor + 1;
    const fresh = await people(minimum, 1);
    const written = [];
    for (const rater of fresh) written.push(await rate(ctx, rater, company));
    const flagged = await automaticFlags(company.id);
    expect(flagged.map((f) => Number(f.rating_id)).sort()).toEqual(written.map((r) => r.id).sort());
    expect(flagged[0]).toMatchObject({ details: null, facts: { count: minimum, usual_per_day: 0 } });
  });

  it("is measured against the profile's own usual rate: new people rating a popular company every day raise nothing", async () => {
    const company = await makeUser(ctx, 'employer');
    // Thirty days at two a day from accounts opened the day before, then six in a day: three times
    // its usual day, not more, though far above the four that make a burst on a quiet profile.
    await history(company, 60, 30, { joinedDaysBefore: 1 });
    const today = await people(6, 1);
    for (const rater of today.slice(0, -1)) await rate(ctx, rater, company);
    // The sixth rating's own statement tells that the rule would find nothing, from the month's
    // fresh accounts counted up to 60 (six need fewer than 60 usual ones): the rule does not run.
    const last = today.at(-1) as TestUser;
    const written = await writeCompanyRating(ctx, last, company);
    expect(written?.burst).toBeNull();
    // (each kind up to its own cap: six ratings need fewer than 45 usual ones, six fresh fewer than 60)
    expect(await usualNow(company, 6, 6)).toEqual({ n: 45, fresh: 60 });
    expect(await usualNow(company, 6, UNUSUAL_ACTIVITY.freshAccounts.min - 1)).toEqual({
      n: 45,
      fresh: null,
    });
    expect(await automaticFlags(company.id)).toEqual([]);
    // The seventh is more than three times its usual day: those seven are flagged, and only those.
    const seventh = await rate(ctx, (await people(1, 1))[0] as TestUser, company);
    const flagged = await automaticFlags(company.id);
    expect(flagged).toHaveLength(7);
    expect(flagged.map((f) => Number(f.rating_id))).toContain(seventh.id);
    // Seven fresh accounts' ratings against 60 over the 30 days before: 2.0 a day.
    expect(flagged[0]).toMatchObject({ details: null, facts: { count: 7, usual_per_day: 2 } });
  });

  it('one short of the rule raises nothing', async () => {
    const company = await makeUser(ctx, 'employer');
    for (const rater of await people(UNUSUAL_ACTIVITY.freshAccounts.factor, 2))
      await rate(ctx, rater, company);
    for (const rater of await people(2)) await rate(ctx, rater, company);
    expect(await automaticFlags(company.id)).toEqual([]);
  });
});

describe('the notice', () => {
  it("is each profile's own: flags carry their rating's ratee (drizzle/0017), people's flags too", async () => {
    const [quiet, busy] = [await makeUser(ctx, 'employer'), await makeUser(ctx, 'employer')];
    const reader = (await people(1))[0] as TestUser;
    for (const rater of await people(UNUSUAL_ACTIVITY.volume.min)) await rate(ctx, rater, busy);
    const quietRating = await rate(ctx, (await people(1))[0] as TestUser, quiet);
    const flagged = await call(ctx.app, 'POST', `/api/core/ratings/${quietRating.id}/flag/`, {
      token: reader.token,
      body: { reason: 'SPAM' },
    });
    expect(flagged.status).toBe(201);
    const rows = await queryRows<{ ratee_id: number; n: number }>(
      ctx.deps.db,
      sql`select f.ratee_id, count(*)::int as n from flags f join ratings r on r.id = f.rating_id
          where r.ratee_id in (${quiet.id}, ${busy.id}) and f.ratee_id = r.ratee_id group by f.ratee_id`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.ratee_id, row.n]))).toEqual({
      [quiet.id]: 1,
      [busy.id]: UNUSUAL_ACTIVITY.volume.min,
    });
    expect(await notice(reader, busy)).toBe(true);
    // A person's open flag is not the automatic check's: no notice.
    expect(await notice(reader, quiet)).toBe(false);
  });
});

describe('people', () => {
  it('cannot flag with the automatic reason', async () => {
    const company = await makeUser(ctx, 'employer');
    const [author, reader] = (await people(2)) as [TestUser, TestUser];
    const rating = await rate(ctx, author, company);
    const answer = await call(ctx.app, 'POST', `/api/core/ratings/${rating.id}/flag/`, {
      token: reader.token,
      body: { reason: 'UNUSUAL_ACTIVITY' },
    });
    expect(answer.status).toBe(400);
    const stored = await ctx.deps.db
      .select()
      .from(flags)
      .where(and(eq(flags.ratingId, rating.id)));
    expect(stored).toEqual([]);
  });
});

describe('the demo seed', () => {
  it('holds no burst at the time of any of its ratings', async () => {
    const demo = await createTestApp();
    try {
      await seedDemoIfEmpty(demo.deps);
      const all = await queryRows<{ ratee_id: number; created_at: Date }>(
        demo.deps.db,
        sql`select ratee_id, created_at from ratings order by created_at`,
      );
      expect(all.length).toBeGreaterThan(1000);
      const found: number[] = [];
      for (const row of all) {
        found.push(
          ...(await findBurst(demo.deps.db, row.ratee_id, sql`${new Date(row.created_at)}::timestamptz`)),
        );
      }
      expect(found).toEqual([]);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
