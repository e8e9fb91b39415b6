// Checking candidates against their users (the whole search, the city, rating and skills filters),
// the list's order, and the numbers a page's choice rests on: matches counted or estimated per group.
import { type SQL, sql } from 'drizzle-orm';
import { countUpTo } from '../../../db/prepared.ts';
import { ORDER } from '../repository.ts';
import { CANDIDATES, candidatesCounted, hasPieces } from './candidates.ts';
import {
  COUNT_LIMIT_SQL,
  COUNT_READS_SQL,
  EXACT_ROW,
  PARAMS,
  ROW,
  role,
  type Shape,
  WALK_LIMIT_SQL,
} from './shape.ts';

/**
 * Every word of the search begins a word of the user's key: a test for each of the first three words
 * (one that is not there is '', in every key), and only a search of more words starts a subquery for
 * the rest. Tests are strpos, not LIKE: PostgreSQL takes a LIKE with an unknown pattern to match one
 * row in 200, and then prefers reading the whole table and sorting it to walking the sort's index.
 * A subquery over all the words, started for every user checked, made a walk of the sort's index
 * cost twice as much an entry (1M users, "divya shet": 559,000 entries, 535-565 ms against 246-353).
 */
const beginsWords = sql`(strpos(users.search_key, ${ROW.begin1}) > 0 and strpos(users.search_key, ${ROW.begin2}) > 0
  and strpos(users.search_key, ${ROW.begin3}) > 0
  and (cardinality(${ROW.beginsRest}) = 0
    or not exists (select 1 from unnest(${ROW.beginsRest}) w where strpos(users.search_key, ' ' || w) = 0)))`;

/**
 * The user matches the search in group 0 (its words begun) or 1 (contained elsewhere). An exact
 * search is one word, so its tests are plain, without the other case's subquery.
 */
export function matchOf(shape: Shape, group: 0 | 1): SQL {
  if (shape.exact) {
    const begun = sql`strpos(users.search_key, ${EXACT_ROW.begun}) > 0`;
    return group === 0 ? begun : sql`(strpos(users.search_key, ${EXACT_ROW.qk}) > 0 and not ${begun})`;
  }
  return group === 0
    ? sql`(${ROW.qk} <> '' and ${beginsWords})`
    : sql`(${ROW.qk} <> '' and strpos(users.search_key, ${ROW.qk}) > 0 and not ${beginsWords})`;
}

/**
 * What a search reads of a user, for a subquery standing for `users`: the filters, the match and
 * every list order (ORDER).
 */
export const SEARCHED_COLUMNS = sql`users.id, users.user_role, users.is_active, users.city, users.rating_tenths,
  users.skills_lc, users.search_key, users.rank_score, users.show_rating_details,
  users.total_ratings_received, users.date_joined, users.full_name`;

/**
 * Each candidate's user (as "users"), looked up by its key: a join PostgreSQL cannot turn into a walk
 * of a whole index (the LIMIT keeps the subquery apart).
 */
export const candidateUser = sql`join lateral (select ${SEARCHED_COLUMNS}
  from users where users.id = c.user_id limit 1) users on true`;

export interface FilterOptions {
  city?: boolean;
  skillsIndexed?: boolean;
  cityIndexed?: boolean;
  /** false: the rows are the role's listed users already (firstListed), whose role and activity are not read. */
  listed?: boolean;
}

/**
 * The filters other than the search. `city: false` leaves the city out (a candidate of search_grams_city
 * is in it). `skillsIndexed` or `cityIndexed` false writes that test so that no index can serve it
 * (IS TRUE), which keeps a walk on the sort's index.
 */
export function filters(
  shape: Shape,
  { city = shape.city, skillsIndexed = true, cityIndexed = true, listed = true }: FilterOptions = {},
): SQL {
  const skills = sql`users.skills_lc @> ${PARAMS.skills}::text[]`;
  const inCity = sql`lower(users.city) = lower(${PARAMS.city}::text)`;
  return sql`${listed ? sql`users.user_role = ${role(shape)} and users.is_active` : sql`true`}
    ${city ? (cityIndexed ? sql`and ${inCity}` : sql`and (${inCity}) is true`) : sql``}
    ${shape.minRating ? sql`and users.rating_tenths >= ${PARAMS.minTenths}::int` : sql``}
    ${shape.skills ? (skillsIndexed ? sql`and ${skills}` : sql`and (${skills}) is true`) : sql``}`;
}

/** How many listed users have the filter's first skill (skill_counts, drizzle/0005): at least the filter's. */
export const skillUsers = (shape: Shape) => sql`coalesce((select active_count from skill_counts
    where user_role = ${role(shape)} and skill_a = (${PARAMS.skills}::text[])[1] and skill_b = (${PARAMS.skills}::text[])[1]), 0)`;

/** The list's order. */
export const orderOf = (shape: Shape) =>
  sql.join(
    ORDER[shape.sort].map((part) => sql`${part}`),
    sql`, `,
  );

/**
 * The first WALK_LIMIT users of the role's list, in its order, standing for `users`: where a group
 * without a piece (Shape.walkedInside) is looked for, its filters and match tested on them. The bound
 * is on the users read, not on those passing the filters: a rare skill or city passed every user of
 * the list before 5,000 passed it. Each carries what the filters and the match read (the search key,
 * and the city, average or skills when filtered by them); rows come out in the list's order.
 */
const firstListed = (shape: Shape) => {
  const read = [
    sql`users.id`,
    sql`users.search_key`,
    ...(shape.city ? [sql`users.city`] : []),
    ...(shape.minRating ? [sql`users.rating_tenths`] : []),
    ...(shape.skills ? [sql`users.skills_lc`] : []),
  ];
  return sql`(select ${sql.join(read, sql`, `)} from users
    where users.user_role = ${role(shape)} and users.is_active
    order by ${orderOf(shape)} limit ${WALK_LIMIT_SQL}) users`;
};

/**
 * Group 1's matches among the first WALK_LIMIT users of the list, in its order (Shape.walkedInside):
 * a WITH query read once, as far as the count and the page go, not a walk for each.
 */
export const WALKED_INSIDE = sql.raw('inside1');
export const walkedInsideList = (shape: Shape) =>
  shape.walkedInside
    ? sql`${WALKED_INSIDE} as materialized (select users.id from ${firstListed(shape)}
        where ${filters(shape, { listed: false })} and ${matchOf(shape, 1)}),`
    : sql``;

/**
 * How far group 1's candidates are counted: an exact search's only as far as group 0's leave short of
 * COUNT_LIMIT (its total is their sum); others' all the way, since their matches are checked.
 */
export const group1Limit = (shape: Shape, n0: SQL) =>
  shape.exact ? sql`(${COUNT_LIMIT_SQL} - ${n0})` : COUNT_LIMIT_SQL;

/** A group's matches among its first COUNT_READS candidates, up to COUNT_LIMIT. */
const checkedCount = (shape: Shape, group: 0 | 1) =>
  countUpTo(
    sql`select 1 from (select user_id from ${CANDIDATES[group]} limit ${COUNT_READS_SQL}) c ${candidateUser}
      where ${filters(shape, { city: false })} and ${matchOf(shape, group)}`,
    COUNT_LIMIT_SQL,
  );

/**
 * Whether group 0's candidates are its matches (so its count n0 is theirs): an exact search's, and,
 * without a rating or skills filter, a whole word's (`whole0`, as the caller reads it).
 */
export const candidatesMatch = (shape: Shape, whole0: SQL) =>
  shape.exact ? sql`true` : shape.minRating || shape.skills ? sql`false` : whole0;

/** Group 1's candidates counted, of a search that is not exact (n1c): read only where asked. */
const GROUP1_COUNTED = sql`(select n from n1c)`;

/**
 * The search's numbers: each group's candidates (n0, and n1 when exact, up to COUNT_LIMIT), the
 * listed users of the role, and each group's matches (m0, m1): the candidates themselves when exact,
 * else those among the first COUNT_READS that check out (`partial` when a group had more: its count is
 * a lower bound). Group 0 has a piece whenever the search has a word (none: no match); group 1 without
 * one (Shape.walkedInside) counts its matches among the first WALK_LIMIT users of the list, a lower
 * bound when the list has more.
 */
export function numbers(shape: Shape): SQL {
  const n0 = candidatesCounted(shape, 0, COUNT_LIMIT_SQL);
  // An exact search's total is both groups' candidates; others count group 1's only where asked.
  const n1 = shape.exact ? sql`${candidatesCounted(shape, 1, group1Limit(shape, sql`n0`))} as n1,` : sql``;
  const users = sql`(select active_count from user_role_counts where user_role = ${role(shape)})::int`;
  const counted = (columns: SQL) =>
    sql`select ${columns}, has0, has1, ${users} as users from (select n0, ${n1} has0, has1, whole0
      from (select ${n0} as n0, ${hasPieces(shape, 0)} as has0, ${hasPieces(shape, 1)} as has1,
              ${shape.exact ? sql`true` : ROW.whole0} as whole0 offset 0) a offset 0) counts`;
  if (shape.exact) return counted(sql`n0, n1, n0 as m0, n1 as m1, false as partial`);
  const m0 = sql`case when not has0 then 0 when ${candidatesMatch(shape, sql`whole0`)} then n0
    else ${checkedCount(shape, 0)} end`;
  const walked1 = shape.walkedInside
    ? countUpTo(sql`select 1 from ${WALKED_INSIDE}`, COUNT_LIMIT_SQL)
    : sql`0`;
  // The walk read the first WALK_LIMIT users of the role's list: with more, matches may lie past them.
  const listedPastWalk = shape.walkedInside ? sql`${users} > ${WALK_LIMIT_SQL}` : sql`false`;
  // Once group 0 has more candidates than are checked, the total is a lower bound whatever group 1
  // holds: group 1 is not counted then, and its candidates are read only if a page reaches it
  // ("ram kumar" at 1,000,000 users read 82,797 entries of "ram" inside a word for a page of Kumars).
  const partial0 = sql`(has0 and n0 >= ${COUNT_READS_SQL})`;
  return counted(sql`n0, ${m0} as m0,
    case when ${partial0} then 0 when not has1 then ${walked1} else ${checkedCount(shape, 1)} end as m1,
    case when ${partial0} then true when not has1 then ${listedPastWalk}
      else ${GROUP1_COUNTED} >= ${COUNT_READS_SQL} end as partial`);
}

/** A group's candidates counted (n) and matches found among them (m), in nb (n1c). */
export const numbersOf = (shape: Shape, group: 0 | 1) =>
  group === 0
    ? { n: sql`nb.n0`, m: sql`nb.m0` }
    : { n: shape.exact ? sql`nb.n1` : GROUP1_COUNTED, m: sql`nb.m1` };

/**
 * A group's matches as estimated from its candidates: those checked that matched, scaled to all
 * counted (an exact search's candidates are its matches). The checked ones' matches alone made a group
 * of several hundred candidates always look cheap to fetch (a lookup each), where the walk found the
 * page sooner.
 */
export function estimatedMatches(shape: Shape, group: 0 | 1): SQL {
  const { n, m } = numbersOf(shape, group);
  if (shape.exact) return m;
  return sql`(case when ${n} > ${COUNT_READS_SQL} then ${n}::float8 * ${m} / ${COUNT_READS_SQL} else ${m} end)`;
}
