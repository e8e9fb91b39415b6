// A page of each group, fetched from its candidates or walked along the list's sort index, and the
// one statement per shape that chooses between them as it runs.
import { type SQL, sql } from 'drizzle-orm';
import { countUpTo, preparedRaw } from '../../../db/prepared.ts';
import { DIRECTORY_COLUMNS, type DirectoryRow } from '../repository.ts';
import { CANDIDATES, candidateLists, moreCandidates, UP_TO_FETCH } from './candidates.ts';
import {
  candidatesMatch,
  candidateUser,
  estimatedMatches,
  filters,
  group1Limit,
  matchOf,
  numbers,
  numbersOf,
  orderOf,
  SEARCHED_COLUMNS,
  skillUsers,
  WALKED_INSIDE,
  walkedInsideList,
} from './matches.ts';
import { searchRow } from './search-row.ts';
import {
  COUNT_LIMIT_SQL,
  COUNT_READS_SQL,
  EXACT_ROW,
  FETCH_LIMIT_SQL,
  PARAMS,
  ROW,
  role,
  type Shape,
  WALK_COST_SQL,
} from './shape.ts';

/**
 * Whether group `group`'s page is fetched from its candidates (else walked): only when all of them are
 * read, and reading them costs less than walking the sort's index to the page at the matches' density.
 * A group of a search that is not exact reads up to FETCH_LIMIT candidates when its count reached
 * COUNT_LIMIT and even that many would be cheaper to fetch than the walk (few of the checked matched):
 * they are counted further then, and fetched when the rule holds for all of them. Not group 1 when its
 * matches were not counted (group 0 had COUNT_READS candidates or more): none is no estimate.
 */
function fetchCondition(shape: Shape, group: 0 | 1, limit: SQL, offset: SQL): SQL {
  const { n, m } = numbersOf(shape, group);
  const walkCost = sql`${WALK_COST_SQL} * (${offset} + ${limit}) * nb.users`;
  // A count that reached its limit may have more candidates than the fetch would read.
  const [piece, counted] =
    group === 0 ? [sql`nb.has0`, COUNT_LIMIT_SQL] : [sql`nb.has1`, group1Limit(shape, sql`nb.n0`)];
  const within = sql`${n}::float8 * ${estimatedMatches(shape, group)} <= ${walkCost}`;
  if (shape.exact) return sql`(select ${piece} and ${n} < ${counted} and ${within} from nb)`;
  // Past COUNT_LIMIT: the estimate scales with the candidates (those checked that matched, over the
  // checked), so at least `counted` of them must be cheap enough before they are counted further.
  const cheapAt = (candidates: SQL) =>
    sql`${candidates}::float8 * ${candidates} * ${m} / ${COUNT_READS_SQL} <= ${walkCost}`;
  const estimated = group === 0 ? sql`true` : sql`not (nb.has0 and nb.n0 >= ${COUNT_READS_SQL})`;
  return sql`(select ${piece} and case when ${n} < ${counted} then ${within}
      when ${estimated} and ${cheapAt(n)}
        then (select more.n < ${FETCH_LIMIT_SQL} and ${cheapAt(sql`more.n`)} from ${UP_TO_FETCH[group]} more)
      else false end
    from nb)`;
}

/**
 * Whether a skills-filtered group's walk starts from the skills index (every user with the skill,
 * sorted) rather than along the sort's index: when reading the skill's users costs less than walking
 * to the page at the matches' density, in fetchCondition's terms (estimatedMatches). Past
 * COUNT_LIMIT candidates the estimate is low, which leans to the skills index, whose cost is bounded
 * by the skill's users.
 * The walk along the sort's index is unbounded: a common piece and a common skill that few users
 * share walked all 87,500 employees' entries (30-100 ms under load at 100,000 users).
 */
function walkFromSkills(shape: Shape, group: 0 | 1, limit: SQL, offset: SQL): SQL {
  return sql`(select ${skillUsers(shape)} * ${estimatedMatches(shape, group)} <= ${WALK_COST_SQL} * (${offset} + ${limit}) * nb.users
    from nb)`;
}

/**
 * The group's page, numbered in order: fetched from its candidates or walked along the sort's index,
 * whichever fetchCondition chooses; PostgreSQL runs only that branch.
 */
function groupPage(shape: Shape, group: 0 | 1, limit: SQL, offset: SQL): SQL {
  if (shape.ranked) return rankedGroupPage(shape, group, limit, offset);
  // Group 0 of several words reading a word pair: its range in rank order when that is the cheaper.
  const byPair = shape.rankedWords && group === 0 ? pairRangeCheaper(shape, limit, offset) : undefined;
  const looked = lookedUpPage(shape, group, limit, offset, byPair ? sql`not ${byPair}` : sql`true`);
  return byPair ? sql`${rankedWordsPage(shape, limit, offset, byPair)} union all ${looked}` : looked;
}

/** The group's page fetched from its candidates or walked along the sort's index, when `when` holds. */
function lookedUpPage(shape: Shape, group: 0 | 1, limit: SQL, offset: SQL, when: SQL): SQL {
  const order = orderOf(shape);
  const fetch = sql`${when} and ${fetchCondition(shape, group, limit, offset)}`;
  // Each way reads a whole page's worth (a parameter, so the plan knows the LIMIT is small and walks
  // the index) and the rows past `limit` are dropped here.
  const page = sql`${PARAMS.limit}::int`;
  // An exact search's candidates are its matches; others are checked against their users.
  const checked = shape.exact ? sql`` : sql`and ${matchOf(shape, group)}`;
  return sql`select id, position from (select x.id, row_number() over () as position from (
      (select users.id
       from ${CANDIDATES[group]} c
       ${candidateUser}
       where ${limit} > 0 and ${fetch} and ${filters(shape, { city: false })} ${checked}
       order by ${order} limit ${page} offset ${offset})
      union all
      ${walk(shape, group, sql`${limit} > 0 and not (${fetch}) and ${when}`, page, offset, walkFromSkills(shape, group, limit, offset))}
    ) x) numbered where position <= ${limit}`;
}

/**
 * Walking the list for a group's page, when `when` holds: along the sort's index (the filters tested
 * on its entries), or, for a skills filter when `fromSkills` holds, from the skills index.
 */
function walk(shape: Shape, group: 0 | 1, when: SQL, limit: SQL, offset: SQL, fromSkills: SQL): SQL {
  // A group without a piece: its matches among the first WALK_LIMIT users of the list, as counted.
  if (group === 1 && shape.walkedInside) {
    return sql`(select id from ${WALKED_INSIDE} where ${when} limit ${limit} offset ${offset})`;
  }
  const order = orderOf(shape);
  // The city is tested on the sort's entries too: a generic plan cannot tell a big city from a small
  // one, and read every user of the city through users_dir_city and sorted them (Mumbai at 1M users:
  // 12,800 rows), where the walk, taken only when matches are common, passes a few thousand entries.
  // The skills too, so that only the sort's index serves the walk.
  const along = (condition: SQL) =>
    sql`(select users.id from users
       where ${condition} and ${filters(shape, { skillsIndexed: false, cityIndexed: false })} and ${matchOf(shape, group)}
       order by ${order} limit ${limit} offset ${offset})`;
  if (!shape.skills) return along(when);
  // From the skills index: the users with the skills, then sorted. The subquery is a fence (OFFSET 0),
  // so the page's ORDER BY and LIMIT cannot draw the plan back to walking the sort's index.
  const fromSkillsIndex = sql`(select users.id from (select ${SEARCHED_COLUMNS} from users
       where ${when} and ${fromSkills} and ${filters(shape, { cityIndexed: false })} and ${matchOf(shape, group)}
       offset 0) users
     order by ${order} limit ${limit} offset ${offset})`;
  return sql`${along(sql`${when} and not ${fromSkills}`)}
    union all
    ${fromSkillsIndex}`;
}

/**
 * Where group 1's part of the page starts: at its beginning when group 0 ended on this page (or the
 * page is the first, or asks for no row: past the cap), else past what group 0 filled of the pages
 * before, counted only then (a CASE evaluates its other branch only when taken): from the numbers
 * when they are group 0's matches (all its candidates checked, or its candidates are its matches),
 * else among its candidates when all were read (a lookup each, at most COUNT_LIMIT), else by walking
 * the list. Group 0 then has fewer matches than the offset, so a walk passed every user of the role:
 * it was the only way until 2026-11-27 ("sunil f" page 3 at 100,000 users: 87,500 entries, 80-95 ms).
 */
function group1Offset(shape: Shape): SQL {
  const inCandidates = countUpTo(
    sql`select 1 from ${CANDIDATES[0]} c ${candidateUser} where ${filters(shape, { city: false })} and ${matchOf(shape, 0)}`,
    PARAMS.offset,
  );
  const walked = countUpTo(
    sql`select 1 from users where ${filters(shape)} and ${matchOf(shape, 0)}`,
    PARAMS.offset,
  );
  return sql`case when ${PARAMS.offset}::int = 0 or ${PARAMS.limit}::int = 0 or exists (select 1 from page0) then 0
  else greatest(0, ${PARAMS.offset}::int - (case
    when (select has0 and (n0 < ${COUNT_READS_SQL} or (${candidatesMatch(shape, ROW.whole0)} and n0 < ${COUNT_LIMIT_SQL})) from nb)
      then (select m0 from nb)
    when (select has0 and n0 < ${COUNT_LIMIT_SQL} from nb) then ${inCandidates}
    else ${walked} end)) end`;
}

/**
 * A page of a search: its rows (the directory's columns, in order) each with the total, which is at
 * most COUNT_LIMIT (more matched: the cap) and, when `partial`, a lower bound (pageAnswer).
 */
export function searchStatement(shape: Shape): SQL {
  if (shape.ranked && shape.exact) return rankedStatement(shape);
  const limit = sql`${PARAMS.limit}::int`;
  const offset = sql`${PARAMS.offset}::int`;
  const limit1 = sql`greatest(0, ${limit} - (select count(*) from page0))::int`;
  const offset1 = sql`(${group1Offset(shape)})::int`;
  // Group 1's window is computed once: groupPage names it in several branches and conditions, and
  // each would otherwise count group 0's matches before the page again (a walk through every user
  // with a skill, six times over, was most of a slow search's time).
  return sql`with ${shape.exact ? sql`q as materialized (${searchRow(shape)}),` : sql``} ${candidateLists(shape)},
    ${walkedInsideList(shape)} nb as materialized (${numbers(shape)}), ${moreCandidates(shape)}
    page0 as materialized (${groupPage(shape, 0, limit, offset)}),
    window1 as materialized (select ${limit1} as limit1, ${offset1} as offset1),
    page1 as (${groupPage(shape, 1, sql`(select limit1 from window1)`, sql`(select offset1 from window1)`)})
    ${pageAnswer}`;
}

/**
 * The page's rows (page0, then page1) with the directory's columns and the numbers (nb). A page with
 * no row (past the end or the cap) is one row of nulls carrying the total: read in a second
 * statement, it cost a third of company searches (a fragment and a city, pages 1-5) another round trip.
 */
const pageAnswer = sql`select listed.*, least(nb.m0 + nb.m1, ${COUNT_LIMIT_SQL}) as "total", nb.partial as "partial"
    from nb left join lateral (
      select ${DIRECTORY_COLUMNS}, viewers_rating.id is not null as "hasRated", p.grp, p.position
      from (select id, 0 as grp, position from page0 union all select id, 1, position from page1) p
      join lateral (select * from users where users.id = p.id limit 1) users on true
      left join ratings viewers_rating on viewers_rating.rater_id = ${PARAMS.viewerId}::int
        and viewers_rating.ratee_id = users.id and viewers_rating.role_context = ${PARAMS.viewerContext}::text
    ) listed on true
    order by listed.grp, listed.position`;

/**
 * The rating and skills filters as ranked_filtered_page and ranked_words_page take them: the minimum
 * average, the skills and their signature (none: 0, '{}', 0).
 */
function rankedFilters(shape: Shape): SQL {
  const minTenths = shape.minRating ? sql`${PARAMS.minTenths}::int` : sql`0`;
  const skills = shape.skills ? sql`${PARAMS.skills}::text[]` : sql`'{}'::text[]`;
  const mask = shape.skills ? ROW.skillMask : sql`0::bigint`;
  return sql`${minTenths}, ${skills}, ${mask}`;
}

/**
 * A group's page of a ranked search with a rating or skills filter (ADR 0027; never in a city): the
 * piece's range of ranked_grams in rank order, each entry checked against the filter (the skills'
 * signature on the entry, then the user) until the page is found. The numbers and group 1's window stay the search's
 * own (searchStatement), so the totals are what they were.
 */
function rankedGroupPage(shape: Shape, group: 0 | 1, limit: SQL, offset: SQL): SQL {
  return sql`select id, row_number() over () as position
    from ranked_filtered_page(${role(shape)}, ${ROW.qk}, ${STARTS[group]}, ${rankedFilters(shape)},
      ${limit}, ${offset}) id`;
}

/**
 * Group 0's page of a search of several words reading a word pair (Shape.rankedWords): the pair's range
 * of ranked_grams in rank order, each entry's user checked against the search (matchOf's group 0) and
 * the filters until the page is found (drizzle/0048), where the fetch looked up and sorted every user
 * with the pair (a first name and one letter of the last: thousands at 1,000,000 users) or the walk
 * read the list at their density. The numbers and group 1's window stay the search's own.
 */
function rankedWordsPage(shape: Shape, limit: SQL, offset: SQL, when: SQL): SQL {
  return sql`select id, row_number() over () as position
    from ranked_words_page(${role(shape)}, (${ROW.pieces0})[1], ${ROW.begin1}, ${ROW.begin2}, ${ROW.begin3},
      ${ROW.beginsRest}, ${rankedFilters(shape)}, ${limit}, ${offset}) id
    where ${when}`;
}

/**
 * Whether the pair's range in rank order finds group 0's page with fewer lookups than its candidates
 * do. The range holds every user with the pair (`search_gram_counts`), each looked up until the page
 * is found: (offset + limit) x range / matches lookups. The candidates are those of them whose word
 * signature has every word's letters (c0, read for the numbers anyway), each looked up for a fetch.
 * A ranked pair's users are mostly its two names' ("vikr s": the Vikrams with another word beginning
 * s), but the range's entries carry no word signature: when few of them have the search's other
 * words (a Vikram with a word beginning "sh" is not always a Sharma) and the page lies deep, the
 * candidates are the cheaper.
 */
function pairRangeCheaper(shape: Shape, limit: SQL, offset: SQL): SQL {
  const range = sql`coalesce((select sum(c.listed) from search_gram_counts c
    where c.user_role = ${role(shape)} and c.gram = (${ROW.pieces0})[1] and c.word_start), 0)`;
  const { n } = numbersOf(shape, 0);
  return sql`(select (${offset} + ${limit})::float8 * ${range} <= ${n}::float8 * ${estimatedMatches(shape, 0)} from nb)`;
}

/** Whether a ranked group's piece begins a word (group 0) or is only inside one (group 1). */
const STARTS = { 0: sql.raw('true'), 1: sql.raw('false') };

/**
 * An exact ranked search's page (Shape.ranked, no rating or skills filter): each group's part of the
 * page is one range of ranked_grams (drizzle/0039) in rank order, about a page's entries whatever the
 * piece, where fetch or walk read hundreds to thousands for a piece a few percent of users share (ADR
 * 0027); a company search in a city, the range of its city's companies (drizzle/0047). The order is the
 * ranks as last copied (a second or so behind the ratings); who matches and the totals are exact
 * (search_gram_counts, or in a city the candidates counted up to COUNT_LIMIT).
 */
function rankedStatement(shape: Shape): SQL {
  const limit = sql`${PARAMS.limit}::int`;
  const offset = sql`${PARAMS.offset}::int`;
  // The piece's range, or in a city its city's (a company search: Shape.ranked).
  const scope = shape.city ? sql`${role(shape)}, ${PARAMS.city}::text` : role(shape);
  const reader = sql.raw(shape.city ? 'ranked_city_page' : 'ranked_page');
  const range = (group: 0 | 1, groupLimit: SQL, groupOffset: SQL) =>
    sql`select id, row_number() over () as position
      from ${reader}(${scope}, ${EXACT_ROW.qk}, ${STARTS[group]}, ${groupLimit}, ${groupOffset}) id`;
  // Group 1's part starts where group 0 ended: at its beginning when group 0 is on this page (or the
  // page is the first), else past group 0's matches (all of them, counted: the search is exact).
  const limit1 = sql`greatest(0, ${limit} - (select count(*) from page0))::int`;
  const offset1 = sql`(case when ${offset} = 0 or exists (select 1 from page0) then 0
    else greatest(0, ${offset} - (select m0 from nb)) end)::int`;
  // In a city the counts are the candidates counted (c0, c1): a city's are not stored.
  const counted = shape.city ? sql`${candidateLists(shape)},` : sql``;
  return sql`with q as materialized (${searchRow(shape)}), ${counted} nb as materialized (${numbers(shape)}),
    page0 as materialized (${range(0, limit, offset)}),
    page1 as (${range(1, limit1, offset1)})
    ${pageAnswer}`;
}

export const shapeName = (kind: string, shape: Shape) =>
  `search_${kind}_${Object.values(shape)
    .map((value) => (typeof value === 'boolean' ? Number(value) : value))
    .join('_')}`;

/** A page's row; a page with no row is one row whose columns are null but the numbers. */
export type SearchRow = { [K in keyof DirectoryRow]: DirectoryRow[K] | null } & {
  total: number;
  partial: boolean;
};

export const pageStatement = preparedRaw<SearchRow, [Shape]>(searchStatement);
