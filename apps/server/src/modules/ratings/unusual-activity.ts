// Unusual activity (DESIGN §8.2, ADR 0017): after each new rating, its ratee's last window of ratings
// is compared with the profile's own usual rate; a burst is flagged into the moderators' queue with
// reason UNUSUAL_ACTIVITY and no reporter. The rule and its thresholds are the contracts'
// UNUSUAL_ACTIVITY, which the "How ratings work" page states in words.
import { RATING_STATUSES, UNUSUAL_ACTIVITY } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { touchUsers } from '../users/repository.ts';

const { windowHours, baselineDays, freshAccountHours, volume, freshAccounts } = UNUSUAL_ACTIVITY;

/** A rating from an account younger than freshAccountHours when it was written. */
const fresh = sql`(r.created_at - u.date_joined) < make_interval(hours => ${freshAccountHours})`;

/** Where the window that ends at `at` starts, and where the baseline before it starts. */
const windowStartAt = (at: SQL) => sql`${at} - make_interval(hours => ${windowHours})`;
const baselineStartAt = (at: SQL) => sql`${windowStartAt(at)} - make_interval(days => ${baselineDays})`;

/** The ratee's ratings (as `r`) written in (from, to], every status (a burst is a burst even once hidden). */
const ratingsBetween = (rateeId: number, from: SQL, to: SQL) => sql`r.ratee_id = ${rateeId}
    and r.status = any(${sql.param([...RATING_STATUSES])}::text[])
    and r.created_at > ${from} and r.created_at <= ${to}`;

/** The same ratings with their raters (as `u`), for `fresh`. */
const receivedBetween = (rateeId: number, from: SQL, to: SQL) => sql`
  from ratings r join users u on u.id = r.rater_id
  where ${ratingsBetween(rateeId, from, to)}`;

/** The ratee's window as of `at`: its ratings with whether each came from a fresh account. */
const windowRatings = (rateeId: number, at: SQL) =>
  sql`select r.id, ${fresh} as fresh ${receivedBetween(rateeId, windowStartAt(at), at)}`;

/**
 * The window's counts as a rating is written, for the rating's own statement (repository
 * insertRating): that statement does not see its own row, so the caller adds it. Only when these
 * could make a burst does `flagUnusualActivity` run (mayBeBurst).
 */
export const windowCounts = (rateeId: number) =>
  sql`select count(*)::int as n, (count(*) filter (where w.fresh))::int as fresh from (${windowRatings(rateeId, sql`now()`)}) w`;

/**
 * The least usual count that rules out a volume burst of `n` ratings in the window: the rule's
 * n > factor × max(1, usual / days) is, for n ≥ its minimum (above the factor), usual × factor < n × days.
 */
const usualCap = (n: SQL) => sql`ceil(${n} * ${baselineDays}::numeric / ${volume.factor})::int`;

/**
 * The ratee's ratings in the baseline before the window, counted up to usualCap(n), and only when
 * `n` (the window's count with the new rating) reaches the volume minimum: a busy profile's everyday
 * rating reads that many index entries at most, never its whole month (null: not counted).
 */
export const usualUpTo = (rateeId: number, n: SQL) => {
  const now = sql`now()`;
  return sql`(case when ${n} >= ${volume.min} then (
    select count(*)::int from (
      select 1 from ratings r where ${ratingsBetween(rateeId, baselineStartAt(now), windowStartAt(now))}
      limit ${usualCap(n)}) usual) end)`;
};

/** Whether a rater's account is fresh now (for the rating being written). */
export const raterIsFresh = (raterId: number) =>
  sql`(select now() - u.date_joined < make_interval(hours => ${freshAccountHours}) from users u where u.id = ${raterId})`;

/**
 * Whether a rating's window (its counts with the rating, and the usual count up to its cap) could
 * make a burst. Exact for volume: a profile that usually gets as many ratings as its window holds is
 * not checked on each of them. A fresh-account burst needs the fresh accounts' usual count, read by
 * the rule itself, whenever the window has enough of them.
 */
export const mayBeBurst = (counts: { n: number; fresh: number; usual: number | null }) =>
  (counts.n >= volume.min &&
    (counts.usual === null || counts.usual * volume.factor < counts.n * baselineDays)) ||
  counts.fresh >= freshAccounts.min;

/**
 * The ratings the rule flags for `rateeId` as of `at`: every rating in the window on a volume burst,
 * the fresh accounts' ratings on a fresh-account burst; none on ordinary traffic. The baseline is
 * read only when the window alone could make a burst, so a profile's everyday rating costs one
 * small index range.
 */
function burstQuery(rateeId: number, at: SQL = sql`now()`) {
  return sql`
    with recent as (${windowRatings(rateeId, at)}),
    counts as (
      select count(*)::int as n, (count(*) filter (where fresh))::int as fresh from recent
    ),
    usual as (
      select count(*)::int as n, (count(*) filter (where ${fresh}))::int as fresh
      ${receivedBetween(rateeId, baselineStartAt(at), windowStartAt(at))}
        and exists (select 1 from counts c where c.n >= ${volume.min} or c.fresh >= ${freshAccounts.min})
    ),
    verdict as (
      select
        c.n, c.fresh, u.n as usual_n, u.fresh as usual_fresh,
        c.n >= ${volume.min} and c.n > ${volume.factor} * greatest(1, u.n / ${baselineDays}::numeric) as volume,
        c.fresh >= ${freshAccounts.min}
          and c.fresh > ${freshAccounts.factor} * greatest(1, u.fresh / ${baselineDays}::numeric) as fresh_burst
      from counts c, usual u
    )
    select r.id, v.volume, v.n, v.fresh as fresh_count, v.usual_n, v.usual_fresh
    from recent r, verdict v
    where v.volume or (v.fresh_burst and r.fresh)`;
}

interface BurstRow {
  id: number;
  volume: boolean;
  n: number;
  fresh_count: number;
  usual_n: number;
  usual_fresh: number;
}

/** What the moderator reads on the flag: the counts that made the burst, no personal data. */
function details(row: BurstRow): string {
  const usual = (count: number) => (count / baselineDays).toFixed(1);
  return row.volume
    ? `${row.n} ratings in ${windowHours} hours; usually ${usual(row.usual_n)} a day over the ${baselineDays} days before.`
    : `${row.fresh_count} ratings in ${windowHours} hours from accounts opened less than ${freshAccountHours} hours before rating; usually ${usual(row.usual_fresh)} a day.`;
}

/** Ratings of `rateeId` that the rule flags as of `at` (for checks over past data, e.g. the seeds). */
export async function findBurst(db: Executor, rateeId: number, at?: SQL): Promise<number[]> {
  const rows = await queryRows<BurstRow>(db, burstQuery(rateeId, at));
  return rows.map((row) => Number(row.id));
}

/**
 * Runs the rule for `rateeId` now and flags what it finds, each rating at most once ever (a partial
 * unique index). When a flag is new, the ratee's page is refreshed for its neutral notice.
 * Returns the ratings newly flagged.
 */
export async function flagUnusualActivity(db: Executor, rateeId: number): Promise<number[]> {
  const rows = await queryRows<BurstRow>(db, burstQuery(rateeId));
  if (rows.length === 0) return [];
  const flagged = await queryRows<{ rating_id: number }>(
    db,
    sql`insert into flags (rating_id, reporter_id, reason, details)
        select t.id, null, 'UNUSUAL_ACTIVITY', t.details
        from unnest(${sql.param(rows.map((row) => row.id))}::bigint[],
                    ${sql.param(rows.map(details))}::text[]) as t(id, details)
        on conflict (rating_id) where reporter_id is null do nothing
        returning rating_id`,
  );
  if (flagged.length > 0) await touchUsers(db, [rateeId]);
  return flagged.map((row) => Number(row.rating_id));
}

/**
 * Whether the profile has ratings flagged as unusual activity that moderators have not yet decided:
 * its own open automatic flags, from their partial index by ratee (drizzle/0017). Joined from the
 * ratings instead, PostgreSQL walked all of a popular company's ratings once per open flag of the
 * site (426 ms for 166 flags at the 1M-rating seed's busiest company).
 */
export function underReviewQuery(rateeId: number | SQL) {
  return sql`exists (
    select 1 from flags f join ratings r on r.id = f.rating_id
    where f.ratee_id = ${rateeId} and f.reporter_id is null and f.status = 'open' and r.status = 'published')`;
}
