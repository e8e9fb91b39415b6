// The stored aggregates of DESIGN §4: per user (sum, count, rounded average, star histogram,
// ranking score) and per user and category (sum, count), over published ratings received.
// Every change that publishes or withdraws ratings calls applyRatings in its own transaction, so
// the aggregates equal a recomputation at every commit; applyRatings locks the ratees' rows first,
// which serialises concurrent writers.
import { RANKING_PRIOR_MEAN, RANKING_PRIOR_WEIGHT } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

const PRIOR_SUM = RANKING_PRIOR_MEAN * RANKING_PRIOR_WEIGHT;

/**
 * Adds (+1) or withdraws (-1) the given ratings' contribution to their ratees' aggregates. Call it
 * after inserting or publishing them (+1), or before or after hiding them (-1), inside the same
 * transaction. The ratings must currently count (or stop counting) exactly once: callers pass only
 * ratings whose status they change.
 */
export async function applyRatings(tx: Executor, ratingIds: readonly number[], sign: 1 | -1): Promise<void> {
  if (ratingIds.length === 0) return;
  const ids = sql`array[${sql.join(
    ratingIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  // Lock the ratees before reading their aggregates: under READ COMMITTED the update below would
  // otherwise compute from a snapshot taken before a concurrent writer committed, and overwrite it
  // (a lost update). Locking in id order keeps writers of several ratees free of deadlocks.
  await tx.execute(sql`
    select id from users where id in (select ratee_id from ratings where id = any(${ids}))
    order by id for no key update`);
  await tx.execute(sql`
    with per_user as (
      select ratee_id,
             sum(overall_tenths)::int as s,
             count(*)::int as c,
             count(*) filter (where round(overall_tenths / 10.0) = 1)::int as h1,
             count(*) filter (where round(overall_tenths / 10.0) = 2)::int as h2,
             count(*) filter (where round(overall_tenths / 10.0) = 3)::int as h3,
             count(*) filter (where round(overall_tenths / 10.0) = 4)::int as h4,
             count(*) filter (where round(overall_tenths / 10.0) = 5)::int as h5
      from ratings where id = any(${ids}) group by ratee_id order by ratee_id
    ),
    next as (
      select u.id,
             u.rating_sum_tenths + ${sign} * p.s as s,
             u.total_ratings_received + ${sign} * p.c as c,
             array[u.score_histogram[1] + ${sign} * p.h1, u.score_histogram[2] + ${sign} * p.h2,
                   u.score_histogram[3] + ${sign} * p.h3, u.score_histogram[4] + ${sign} * p.h4,
                   u.score_histogram[5] + ${sign} * p.h5] as h
      from users u join per_user p on p.ratee_id = u.id
    )
    update users u set
      rating_sum_tenths = n.s,
      total_ratings_received = n.c,
      rating_tenths = case when n.c = 0 then 0 else round(n.s::numeric / n.c)::int end,
      score_histogram = n.h,
      rank_score = (${PRIOR_SUM}::float8 + n.s / 10.0) / (${RANKING_PRIOR_WEIGHT} + n.c)
    from next n where u.id = n.id`);

  const perCategory = sql`
    select r.ratee_id as user_id, s.category, sum(s.score)::int as score_sum, count(*)::int as score_count
    from ratings r join rating_scores s on s.rating_id = r.id
    where r.id = any(${ids}) group by r.ratee_id, s.category`;
  if (sign === 1) {
    await tx.execute(sql`
      insert into user_category_totals (user_id, category, score_sum, score_count)
      ${perCategory} order by 1, 2
      on conflict (user_id, category) do update set
        score_sum = user_category_totals.score_sum + excluded.score_sum,
        score_count = user_category_totals.score_count + excluded.score_count`);
  } else {
    await tx.execute(sql`
      update user_category_totals t set
        score_sum = t.score_sum - d.score_sum,
        score_count = t.score_count - d.score_count
      from (${perCategory}) d
      where t.user_id = d.user_id and t.category = d.category`);
  }
}

/**
 * Rebuilds every aggregate from the ratings themselves: after a bulk load, and in tests and the
 * benchmark to prove the incremental updates exact.
 */
export async function recomputeAllAggregates(tx: Executor): Promise<void> {
  await tx.execute(sql`
    with per_user as (
      select ratee_id,
             sum(overall_tenths)::int as s,
             count(*)::int as c,
             array[count(*) filter (where round(overall_tenths / 10.0) = 1),
                   count(*) filter (where round(overall_tenths / 10.0) = 2),
                   count(*) filter (where round(overall_tenths / 10.0) = 3),
                   count(*) filter (where round(overall_tenths / 10.0) = 4),
                   count(*) filter (where round(overall_tenths / 10.0) = 5)]::int[] as h
      from ratings where status = 'published' group by ratee_id
    )
    update users u set
      rating_sum_tenths = coalesce(p.s, 0),
      total_ratings_received = coalesce(p.c, 0),
      rating_tenths = case when coalesce(p.c, 0) = 0 then 0 else round(p.s::numeric / p.c)::int end,
      score_histogram = coalesce(p.h, '{0,0,0,0,0}'),
      rank_score = (${PRIOR_SUM}::float8 + coalesce(p.s, 0) / 10.0) / (${RANKING_PRIOR_WEIGHT} + coalesce(p.c, 0))
    from users u2 left join per_user p on p.ratee_id = u2.id
    where u.id = u2.id`);
  await tx.execute(sql`delete from user_category_totals`);
  await tx.execute(sql`
    insert into user_category_totals (user_id, category, score_sum, score_count)
    select r.ratee_id, s.category, sum(s.score)::int, count(*)::int
    from ratings r join rating_scores s on s.rating_id = r.id
    where r.status = 'published' group by r.ratee_id, s.category`);
}

/**
 * Users whose stored aggregates differ from a recomputation (empty when all is exact). Used by
 * tests, the fuzzer and the benchmark.
 */
export async function aggregateMismatches(tx: Executor): Promise<{ id: number }[]> {
  const result = (await tx.execute(sql`
    with truth as (
      select u.id,
             coalesce(sum(r.overall_tenths), 0)::int as s,
             count(r.id)::int as c
      from users u left join ratings r on r.ratee_id = u.id and r.status = 'published'
      group by u.id
    ),
    cat_truth as (
      select r.ratee_id as user_id, s.category, sum(s.score)::int as score_sum, count(*)::int as score_count
      from ratings r join rating_scores s on s.rating_id = r.id
      where r.status = 'published' group by r.ratee_id, s.category
    )
    select u.id from users u join truth t on t.id = u.id
    where u.rating_sum_tenths <> t.s or u.total_ratings_received <> t.c
       or u.rating_tenths <> (case when t.c = 0 then 0 else round(t.s::numeric / t.c)::int end)
    union
    select coalesce(c.user_id, t.user_id) from cat_truth c
    full join (select * from user_category_totals where score_count > 0) t
      on t.user_id = c.user_id and t.category = c.category
    where c.user_id is null or t.user_id is null
       or c.score_sum <> t.score_sum or c.score_count <> t.score_count`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows;
}
