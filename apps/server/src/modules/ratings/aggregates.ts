// The stored aggregates of DESIGN §4 (ADR 0003): per user (sum, count, rounded average, star histogram,
// ranking score, and per category a sum and count in users.category_totals), over published ratings
// received.
//
// Their arithmetic is defined once, here: averageTenths, starOf, rankScore, the histogram and
// withCategoryScores are the SQL every writer uses. Three kinds of change keep them exact at every
// commit, each in its own transaction: a new rating (insertRating in ratings/repository.ts adds its
// own contribution in the statement that writes it), moderation publishing or withdrawing ratings
// (applyRatings), and a rebuild from the ratings (recomputeAllAggregates: after a bulk seed, and
// `npm run cli -- recompute`). aggregateMismatches compares every stored value with a recomputation.
import { LIMITS, RANKING_PRIOR_MEAN, RANKING_PRIOR_WEIGHT } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

/** A user's average in tenths: the mean of their ratings' overall tenths, rounded half up; 0 unrated. */
export const averageTenths = (sum: SQL, count: SQL): SQL =>
  sql`(case when ${count} = 0 then 0 else round((${sum})::numeric / (${count}))::int end)`;

/** The whole star (1..5) a rating counts under in the histogram: its overall score rounded half up. */
export const starOf = (overallTenths: SQL): SQL => sql`round((${overallTenths}) / 10.0)::int`;

/**
 * The 'top' ranking: a Bayesian average, as if every user already had RANKING_PRIOR_WEIGHT ratings of
 * RANKING_PRIOR_MEAN (contracts' rankingScore is the same rule for the web app's explanation).
 */
export const rankScore = (sumTenths: SQL, count: SQL): SQL =>
  sql`((${RANKING_PRIOR_MEAN * RANKING_PRIOR_WEIGHT}::float8 + (${sumTenths}) / 10.0) / (${RANKING_PRIOR_WEIGHT}::float8 + (${count})))`;

const STARS = Array.from({ length: LIMITS.scoreMax - LIMITS.scoreMin + 1 }, (_, i) => LIMITS.scoreMin + i);

/** Per-star counts of the rows aggregated, as an int[] indexed 1..5 (an aggregate expression). */
export const histogramOf = (overallTenths: SQL): SQL =>
  sql`array[${sql.join(
    STARS.map((star) => sql`count(*) filter (where ${starOf(overallTenths)} = ${sql.raw(String(star))})`),
    sql`, `,
  )}]::int[]`;

/**
 * Rows of `rows` (columns category, s, n) as users.category_totals stores them (an aggregate
 * expression): {"<category>": {"sum": s, "count": n}}, {} without rows.
 */
const categoryTotalsOf = (rows: SQL) =>
  sql`coalesce(jsonb_object_agg(${rows}.category, jsonb_build_object('sum', ${rows}.s, 'count', ${rows}.n)), '{}'::jsonb)`;

/**
 * A user's category totals (users.category_totals, {"<category>": {"sum", "count"}}) with the rows of
 * `delta` added: a select of (category, sum, count). A category whose count comes to 0 is left out, so
 * the object holds exactly the categories that count.
 */
export const withCategoryScores = (totals: SQL, delta: SQL): SQL => sql`(
  select ${categoryTotalsOf(sql`t`)}
  from (
    select d.category, sum(d.s)::int as s, sum(d.n)::int as n from (
      select e.key as category, (e.value->>'sum')::int as s, (e.value->>'count')::int as n
      from jsonb_each(${totals}) e
      union all ${delta}
    ) d group by d.category
  ) t where t.n <> 0)`;

/** The stored aggregates' columns, as a profile's rating summary reads them (profiles/service.ts). */
export interface Aggregates {
  ratingTenths: number;
  totalRatingsReceived: number;
  scoreHistogram: number[];
  categoryTotals: Record<string, { sum: number; count: number }>;
}

/**
 * The aggregates of the ratings matching `where` (over the table `ratings`, unaliased), computed by
 * the same arithmetic as the stored ones: for a profile read with a subset of its ratings (only
 * verified employees'), which no stored column holds.
 */
export async function aggregatesOf(db: Executor, where: SQL): Promise<Aggregates> {
  const [row] = await queryRows<Aggregates>(
    db,
    sql`select ${averageTenths(sql`coalesce(sum(overall_tenths), 0)`, sql`count(*)`)} as "ratingTenths",
               count(*)::int as "totalRatingsReceived", ${histogramOf(sql`overall_tenths`)} as "scoreHistogram",
               (select ${categoryTotalsOf(sql`c`)} from (
                  select e.key as category, sum(e.value::int)::int as s, count(*)::int as n
                  from ratings, jsonb_each(ratings.scores) e where ${where} group by e.key) c) as "categoryTotals"
        from ratings where ${where}`,
  );
  if (!row) throw new Error('an aggregate query returned no row');
  return row;
}

const EMPTY_HISTOGRAM = sql.raw(`'{${STARS.map(() => 0).join(',')}}'::int[]`);

/**
 * Adds (+1) or withdraws (-1) the given ratings' contribution to their ratees' aggregates, whatever
 * their status as it runs: call it before or after publishing or hiding them, inside the same transaction. The
 * ratings must currently count (or stop counting) exactly once: callers pass only ratings whose status
 * they change. A new rating's own statement does this itself (insertRating).
 */
export async function applyRatings(tx: Executor, ratingIds: readonly number[], sign: 1 | -1): Promise<void> {
  if (ratingIds.length === 0) return;
  const ids = sql`array[${sql.join(
    ratingIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
  // Lock the ratees before reading their aggregates: under READ COMMITTED the update below would
  // otherwise compute from a snapshot taken before a concurrent writer committed, and overwrite it
  // (a lost update). Locking in id order keeps writers of several ratees free of deadlocks.
  await tx.execute(sql`
    select id from users where id in (select ratee_id from ratings where id = any(${ids}))
    order by id for no key update`);
  const s = sql`n.s`;
  const c = sql`n.c`;
  await tx.execute(sql`
    with per_user as (
      select ratee_id, sum(overall_tenths)::int as s, count(*)::int as c,
             ${histogramOf(sql`overall_tenths`)} as h
      from ratings where id = any(${ids}) group by ratee_id order by ratee_id
    ),
    next as (
      select u.id,
             u.rating_sum_tenths + ${sign} * p.s as s,
             u.total_ratings_received + ${sign} * p.c as c,
             array(select u.score_histogram[i] + ${sign} * p.h[i]
                   from generate_series(1, ${sql.raw(String(STARS.length))}) as i order by i) as h
      from users u join per_user p on p.ratee_id = u.id
    )
    update users u set
      rating_sum_tenths = ${s},
      total_ratings_received = ${c},
      rating_tenths = ${averageTenths(s, c)},
      score_histogram = n.h,
      rank_score = ${rankScore(s, c)},
      category_totals = ${withCategoryScores(
        sql`u.category_totals`,
        sql`select sc.key, ${sign} * sum(sc.value::int), ${sign} * count(*)
            from ratings r, jsonb_each(r.scores) sc
            where r.id = any(${ids}) and r.ratee_id = u.id group by sc.key`,
      )}
    from next n where u.id = n.id`);
}

/** Per user, their category totals over published ratings received, as users.category_totals holds them. */
const CATEGORY_TRUTH = sql`
  select c.user_id, ${categoryTotalsOf(sql`c`)} as totals
  from (
    select r.ratee_id as user_id, s.key as category, sum(s.value::int)::int as s, count(*)::int as n
    from ratings r, jsonb_each(r.scores) s
    where r.status = 'published' group by r.ratee_id, s.key
  ) c group by c.user_id`;

/**
 * Every user's aggregates recomputed from their published ratings received (columns s, c, h, avg,
 * rank, totals), and the raters whose ratings of them, in any status but held (ADR 0030), carry the
 * verified badge.
 */
const USER_TRUTH = sql`
  select u.id, coalesce(p.s, 0) as s, coalesce(p.c, 0) as c, coalesce(p.h, ${EMPTY_HISTOGRAM}) as h,
         ${averageTenths(sql`coalesce(p.s, 0)`, sql`coalesce(p.c, 0)`)} as avg,
         ${rankScore(sql`coalesce(p.s, 0)`, sql`coalesce(p.c, 0)`)} as rank,
         coalesce(ct.totals, '{}'::jsonb) as totals, coalesce(v.n, 0) as verified
  from users u left join (
    select ratee_id, sum(overall_tenths)::int as s, count(*)::int as c, ${histogramOf(sql`overall_tenths`)} as h
    from ratings where status = 'published' group by ratee_id
  ) p on p.ratee_id = u.id
  left join (${CATEGORY_TRUTH}) ct on ct.user_id = u.id
  left join (
    select ratee_id, count(*)::int as n from ratings where verified_employee and status <> 'held' group by ratee_id
  ) v on v.ratee_id = u.id`;

/** Rows of USER_TRUTH (as t) that differ from the stored row (as u). */
const USER_DIFFERS = sql`(u.rating_sum_tenths <> t.s or u.total_ratings_received <> t.c
  or u.rating_tenths <> t.avg or u.score_histogram is distinct from t.h
  or u.rank_score is distinct from t.rank or u.category_totals <> t.totals
  or u.verified_raters <> t.verified)`;

/**
 * Rebuilds every stored aggregate from the ratings themselves, writing only the rows that differ, and
 * returns the users it corrected, in id order: after a bulk load, after a change of the ranking prior,
 * and for operators (`cli recompute`). Idempotent: a second run changes nothing. Rating writes wait for
 * it (SHARE lock on ratings), so it is exact while the server runs.
 */
export async function recomputeAllAggregates(tx: Executor): Promise<number[]> {
  await tx.execute(sql`lock table ratings in share mode`);
  const users = await queryRows<{ id: number }>(
    tx,
    sql`
    update users u set
      rating_sum_tenths = t.s, total_ratings_received = t.c, rating_tenths = t.avg,
      score_histogram = t.h, rank_score = t.rank, category_totals = t.totals, verified_raters = t.verified
    from (${USER_TRUTH}) t
    where u.id = t.id and ${USER_DIFFERS}
    returning u.id`,
  );
  // Search order follows at once (ADR 0027): a recompute moves every rank together (the seed's, a new
  // ranking prior), which the refresh job would copy a batch at a time, for minutes (drizzle/0042).
  await tx.execute(sql`select copy_ranks(null)`);
  return users.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Users whose stored aggregates differ from a recomputation (empty when all is exact): the sum,
 * count, rounded average, histogram, ranking score (with the current prior) and category totals.
 * Used by tests, the fuzzer, the seed and the benchmark.
 */
export async function aggregateMismatches(tx: Executor): Promise<{ id: number }[]> {
  return queryRows<{ id: number }>(
    tx,
    sql`select u.id from users u join (${USER_TRUTH}) t on t.id = u.id where ${USER_DIFFERS} order by 1`,
  );
}
