// Unusual activity (DESIGN §8.2, ADR 0017): after each new rating, its ratee's last window of ratings
// is compared with the profile's own usual rate; a burst is flagged into the moderators' queue with
// reason UNUSUAL_ACTIVITY and no reporter. The rule and its thresholds are the contracts'
// UNUSUAL_ACTIVITY, which the "How ratings work" page states in words; `burstKinds` applies it.
import {
  type AutomaticFlagRule,
  BURST_FLAG_RULES,
  type FlagFacts,
  RATING_STATUSES,
  UNUSUAL_ACTIVITY,
} from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { nextDayStart } from '../../db/days.ts';
import { type Bound, countUpTo } from '../../db/prepared.ts';
import { touchUsers } from '../users/repository.ts';

const { windowHours, baselineDays, freshAccountHours, volume, freshAccounts } = UNUSUAL_ACTIVITY;

/**
 * Whether an account opened at `joined` is fresh at `at`. Each rating stores what this said as it was
 * written (ratings.from_fresh_account, drizzle/0022): neither time ever changes, and the rule then
 * counts fresh accounts' ratings from their own index instead of looking up every rater.
 */
export const freshAccountAt = (at: SQL, joined: SQL) =>
  sql`((${at} - ${joined}) < make_interval(hours => ${freshAccountHours}))`;

/** Whether a rater's account is fresh now (for the rating being written). */
export const raterIsFresh = (raterId: Bound<number>) =>
  sql`coalesce((select ${freshAccountAt(sql`now()`, sql`u.date_joined`)} from users u where u.id = ${raterId}), false)`;

/** Where the window that ends at `at` starts, and where the baseline before it starts. */
const windowStartAt = (at: SQL) => sql`${at} - make_interval(hours => ${windowHours})`;
const baselineStartAt = (at: SQL) => sql`${windowStartAt(at)} - make_interval(days => ${baselineDays})`;

/** The ratee's ratings (as `r`) written in (from, to], every status (a burst is a burst even once hidden). */
const ratingsBetween = (rateeId: Bound<number>, from: SQL, to: SQL) => sql`r.ratee_id = ${rateeId}
    and r.status = any(${sql.param([...RATING_STATUSES])}::text[])
    and r.created_at > ${from} and r.created_at <= ${to}`;

/** Of those, the ratings from fresh accounts: from their own partial index (drizzle/0022), every status. */
const freshRatingsBetween = (rateeId: Bound<number>, from: SQL, to: SQL) => sql`r.ratee_id = ${rateeId}
    and r.from_fresh_account and r.created_at > ${from} and r.created_at <= ${to}`;

const countOf = (where: SQL) => sql`(select count(*)::int from ratings r where ${where})`;

/**
 * The window's counts as a rating is written, for the rating's own statement (repository
 * insertRating): that statement does not see its own row, so the caller adds it. Both come from
 * index entries alone.
 */
export const windowCounts = (rateeId: Bound<number>) => {
  const now = sql`now()`;
  return sql`select ${countOf(ratingsBetween(rateeId, windowStartAt(now), now))} as n,
    ${countOf(freshRatingsBetween(rateeId, windowStartAt(now), now))} as fresh`;
};

/**
 * The least usual count that rules out a burst of `n` ratings of a kind in the window: the rule's
 * n > factor × max(1, usual / days) is, for n at its minimum or above (above the factor),
 * usual × factor < n × days.
 */
const usualCap = (n: SQL, factor: number) => sql`ceil(${n} * ${baselineDays}::numeric / ${factor})::int`;

/** Counts `where`'s ratings up to `cap`: a busy profile's month is read only that far. */
const ratingsUpTo = (where: SQL, cap: SQL) => countUpTo(sql`select 1 from ratings r where ${where}`, cap);

/**
 * The ratee's usual counts of both kinds, in the baseline before the window that ends at `at`, for a
 * window of `n` ratings of which `fresh` from fresh accounts. Each is counted only when its window
 * count reaches the kind's minimum (null: not counted, no burst of that kind) and only up to the
 * count that rules a burst out, so the verdict is exact and an everyday rating of a popular profile
 * never reads its whole month.
 */
export const usualCounts = (rateeId: Bound<number>, n: SQL, fresh: SQL, at: SQL = sql`now()`) => {
  const [from, to] = [baselineStartAt(at), windowStartAt(at)];
  return {
    n: sql`(case when ${n} >= ${volume.min}
      then ${ratingsUpTo(ratingsBetween(rateeId, from, to), usualCap(n, volume.factor))} end)`,
    fresh: sql`(case when ${fresh} >= ${freshAccounts.min}
      then ${ratingsUpTo(freshRatingsBetween(rateeId, from, to), usualCap(fresh, freshAccounts.factor))} end)`,
  };
};

/** A window's counts and the usual counts of the same kinds (null where not counted). */
export interface BurstCounts {
  n: number;
  fresh: number;
  usualN: number | null;
  usualFresh: number | null;
}

const exceeds = (count: number, usual: number | null, rule: { min: number; factor: number }) =>
  count >= rule.min && count > rule.factor * Math.max(1, (usual ?? 0) / baselineDays);

/** The rule: which kinds of burst a window's counts make. */
const burstKinds = (counts: BurstCounts) => ({
  volume: exceeds(counts.n, counts.usualN, volume),
  fresh: exceeds(counts.fresh, counts.usualFresh, freshAccounts),
});

/** A rating's counts when its window makes a burst, else null: only then does `flagUnusualActivity` run. */
export const burstOrNull = (counts: BurstCounts): BurstCounts | null => {
  const kinds = burstKinds(counts);
  return kinds.volume || kinds.fresh ? counts : null;
};

/** The ratee's window as of `at`, each rating with the window's and the usual counts. */
function windowQuery(rateeId: number, at: SQL = sql`now()`) {
  const usual = usualCounts(rateeId, sql`c.n`, sql`c.fresh`, at);
  return sql`
    with recent as (
      select r.id, r.from_fresh_account as fresh from ratings r
      where ${ratingsBetween(rateeId, windowStartAt(at), at)}
    ),
    counts as (
      select count(*)::int as n, (count(*) filter (where fresh))::int as fresh from recent
    ),
    usual as (select c.n, c.fresh, ${usual.n} as usual_n, ${usual.fresh} as usual_fresh from counts c)
    select r.id, r.fresh, u.n, u.fresh as fresh_count, u.usual_n, u.usual_fresh
    from recent r, usual u`;
}

interface WindowRow {
  id: number;
  fresh: boolean;
  n: number;
  fresh_count: number;
  usual_n: number | null;
  usual_fresh: number | null;
}

/** The flag's figures for the moderator (worded by the web app): the counts that made the burst. */
function facts(counts: BurstCounts, volumeBurst: boolean): FlagFacts {
  const usual = volumeBurst ? counts.usualN : counts.usualFresh;
  return {
    count: volumeBurst ? counts.n : counts.fresh,
    usual_per_day: Math.round(((usual ?? 0) / baselineDays) * 10) / 10,
  };
}

/**
 * Ratings of `rateeId` that the rule flags as of `at` (for checks over past data, e.g. the seeds):
 * every rating in the window on a volume burst, the fresh accounts' ratings on a fresh-account burst;
 * none on ordinary traffic.
 */
export async function findBurst(db: Executor, rateeId: number, at?: SQL): Promise<number[]> {
  const rows = await queryRows<WindowRow>(db, windowQuery(rateeId, at));
  const first = rows[0];
  if (!first) return [];
  const kinds = burstKinds({
    n: first.n,
    fresh: first.fresh_count,
    usualN: first.usual_n,
    usualFresh: first.usual_fresh,
  });
  return rows.filter((row) => kinds.volume || (kinds.fresh && row.fresh)).map((row) => Number(row.id));
}

/**
 * Flags a burst that the new rating's own statement counted (`counts`), each rating at most once ever
 * for each kind of burst (a partial unique index). It costs the same for the 400th rating of a burst
 * as for the first: the ratee's newest automatic flag of the burst's kind (an index probe, drizzle/0038)
 * marks where the last run that found this burst stopped, and every rating of the window up to there
 * was flagged by it or by an earlier one; so only the new rating, and the ratings since that flag
 * (none while a burst goes on; the quiet stretch's when a burst comes back within the window), are
 * flagged. With no such flag in the window, the whole window is: the burst has just been found.
 * The new rating is named, not only found by time: a rating whose statement began before that flag's
 * and committed after it is still flagged. The ratee's page is refreshed only when its neutral notice
 * was not already showing. Returns the ratings newly flagged.
 */
export async function flagUnusualActivity(
  db: Executor,
  /** `held`: the rating is held for the next day's release (ADR 0030). */
  rating: { ratingId: number; rateeId: number; held: boolean },
  counts: BurstCounts,
): Promise<number[]> {
  const kinds = burstKinds(counts);
  if (!kinds.volume && !kinds.fresh) return [];
  const rule: AutomaticFlagRule = kinds.volume ? 'volume' : 'fresh_accounts';
  const { rateeId, ratingId, held } = rating;
  const now = sql`now()`;
  // Moderators see a burst at once; the profile's notice of one a held rating completed waits for the
  // next day in India, or its appearing would date that rating.
  const noticeFrom = held ? nextDayStart(now) : sql`null`;
  const since = sql`greatest(${windowStartAt(now)}, (
      select f.created_at from flags f
      where f.ratee_id = ${rateeId} and f.reporter_id is null and f.rule = ${rule}
      order by f.created_at desc limit 1))`;
  const qualifies = kinds.volume ? sql`true` : sql`r.from_fresh_account`;
  const sinceThen = kinds.volume
    ? ratingsBetween(rateeId, since, now)
    : freshRatingsBetween(rateeId, since, now);
  const [row] = await queryRows<{ shown: boolean; flagged: number[] }>(
    db,
    sql`with targets as (
          select r.id from ratings r where r.id = ${ratingId} and r.ratee_id = ${rateeId} and ${qualifies}
          union
          select r.id from ratings r where ${sinceThen}
        ),
        inserted as (
          insert into flags (rating_id, reporter_id, reason, rule, facts, notice_from)
          select id, null, 'UNUSUAL_ACTIVITY', ${rule}, ${JSON.stringify(facts(counts, kinds.volume))}::jsonb,
                 ${noticeFrom}::timestamptz from targets
          on conflict (rating_id, rule) where reporter_id is null do nothing
          returning rating_id
        )
        select ${underReviewQuery(rateeId)} as shown,
               coalesce((select array_agg(rating_id) from inserted), '{}') as flagged`,
  );
  const flagged = (row?.flagged ?? []).map(Number);
  // The notice is read from the open automatic flags: a page already showing it stays right.
  if (flagged.length > 0 && !row?.shown && !held) await touchUsers(db, [rateeId]);
  return flagged;
}

/** The burst rules as SQL literals: constants of the contracts, never input. */
const BURST_RULES = sql.raw(BURST_FLAG_RULES.map((rule) => `'${rule}'`).join(', '));

/**
 * Whether the profile has ratings flagged as a burst that moderators have not yet decided: its own
 * open automatic flags of the burst rules (a copied text's flag is not the notice's business), from
 * their partial index by ratee (drizzle/0017). Joined from the ratings instead, PostgreSQL walked all
 * of a popular company's ratings once per open flag of the site (426 ms for 166 flags at the
 * 1M-rating seed's busiest company).
 */
export function underReviewQuery(rateeId: number | SQL) {
  return sql`exists (
    select 1 from flags f join ratings r on r.id = f.rating_id
    where f.ratee_id = ${rateeId} and f.reporter_id is null and f.rule in (${BURST_RULES})
      and f.status = 'open' and r.status = 'published' and (f.notice_from is null or f.notice_from <= now()))`;
}
