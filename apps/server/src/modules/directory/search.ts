// Name search in the directories (issue 11, ADR 0020): users with a word beginning with every word of
// the search first (group 0), then users whose name or city contains it elsewhere (group 1), each
// group in the list's sort; at most SEARCH_RESULT_CAP, with a total that never needs every match read.
//
// Each group's possible matches (its candidates) are an index range of search_grams (drizzle/0018),
// which holds the beginnings of every word of every listed user's search key and the 3- and 4-letter
// pieces inside them: group 0's are the users with a word beginning like the search's longest word,
// group 1's those with the search's first letters inside a word. Counting them reads no user. From
// their number the statement chooses, as it runs, how to find each group's page:
// - few candidates (for the page asked): read them, check each against its user (the whole search,
//   the rating and skills filters) and sort them (`fetch`);
// - many: walk the list's sort index, which carries each user's search key, city and average, until
//   the page is found (`walk`), which ends soon exactly when matches are common.
// A search of one word of 3 or 4 plain letters or digits without a rating or skills filter is
// `exact`: its candidates are its matches, counted from the index alone, or, without a city, read
// from their stored counts (search_gram_counts). Any other search checks its candidates against
// their users while counting, and reads at most COUNT_READS of each group's: past that, the total is
// what was found and says so (total_capped), as a total past the cap does.
// One prepared statement per shape, planned once with all its branches (PostgreSQL runs only the
// branch whose condition holds). A search that is not exact binds its search row (its key, pieces and
// signatures), computed by a statement of its own and kept per search (searchRowOf).
import type { ListSort } from '@workspace/contracts';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client.ts';
import { countUpTo, preparedRaw } from '../../db/prepared.ts';
import type { Page } from '../../lib/paging.ts';
import {
  type AnsweredPage,
  answeredTotal,
  COUNT_LIMIT,
  DIRECTORY_COLUMNS,
  type DirectoryFilter,
  type DirectoryRow,
  ORDER,
  type Viewer,
  withinCap,
} from './repository.ts';

/** Candidates of a group checked against their users at most, when counting (a lookup each). */
const COUNT_READS = 100;
/**
 * Walking past one index entry of the sort against fetching a candidate (its user looked up and
 * checked): a group's page is fetched when candidates x matches <= WALK_COST x (offset + limit) x
 * users, that is, when reading every candidate costs less than walking (offset + limit) / (matches /
 * users) entries. Measured on the 100,000-user bench database: "swat", page 3, fetched its 882
 * candidates in 4.3 ms (5 µs each) or walked 6,458 entries in 1.8 ms (0.28 µs each), so a lookup
 * costs about 17 entries. At 0.2, later pages of common pieces were fetched where the walk was faster
 * (docs/benchmarks.md).
 */
const WALK_COST = 0.05;

/**
 * A group's candidates a page may be fetched from at most. Past COUNT_LIMIT they are counted only when
 * a fetch may pay: a rare match among a common first name's users ("sunil f") was walked for along
 * the whole list ("vijay d's" at 100,000 users: 87,500 entries, 100-170 ms).
 */
const FETCH_LIMIT = 10 * COUNT_LIMIT;

// Written into the statements as literals, which the planner reads as such.
const COUNT_LIMIT_SQL = sql.raw(String(COUNT_LIMIT));
const COUNT_READS_SQL = sql.raw(String(COUNT_READS));
const WALK_COST_SQL = sql.raw(String(WALK_COST));
const FETCH_LIMIT_SQL = sql.raw(String(FETCH_LIMIT));

/** A search of one word of 3 or 4 plain letters or digits: its own piece of search_grams. */
const EXACT_SEARCH = /^[a-z0-9]{3,4}$/;

interface Shape {
  role: DirectoryFilter['role'];
  sort: ListSort;
  city: boolean;
  minRating: boolean;
  skills: boolean;
  /** Its candidates are its matches: one word of 3 or 4 letters a-z/0-9, no rating or skills filter. */
  exact: boolean;
}

function shapeOf(filter: DirectoryFilter, sort: ListSort): Shape {
  const minRating = filter.minTenths !== undefined;
  const skills = (filter.skills?.length ?? 0) > 0;
  return {
    role: filter.role,
    sort,
    city: Boolean(filter.city),
    minRating,
    skills,
    exact: EXACT_SEARCH.test((filter.search ?? '').trim().toLowerCase()) && !minRating && !skills,
  };
}

const P = {
  search: sql.placeholder('search'),
  city: sql.placeholder('city'),
  minTenths: sql.placeholder('minTenths'),
  skills: sql.placeholder('skills'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  viewerId: sql.placeholder('viewerId'),
  viewerContext: sql.placeholder('viewerContext'),
} satisfies Record<string, Placeholder>;

/**
 * The search row (searchRow) of a search that is not exact, bound to its page's statement as
 * parameters. Read from a WITH query in the statement, each of its ~55 uses was an InitPlan, and
 * starting them was a large part of such a search's fixed cost (ExecutorStart: 45 % of a search that
 * found nothing); one at a time, the same search again: "zzzz q" 0.68 -> 0.51 ms, "amit k" 5.1 -> 3.9.
 */
const Q = {
  qk: sql`${sql.placeholder('qk')}::text`,
  begun: sql`${sql.placeholder('begun')}::text`,
  words: sql`${sql.placeholder('words')}::text[]`,
  one: sql`${sql.placeholder('one')}::boolean`,
  whole0: sql`${sql.placeholder('whole0')}::boolean`,
  pieces0: sql`${sql.placeholder('pieces0')}::text[]`,
  pieces1: sql`${sql.placeholder('pieces1')}::text[]`,
  inside1: sql`${sql.placeholder('inside1')}::boolean`,
  mask0: sql`${sql.placeholder('mask0')}::bigint`,
  mask1: sql`${sql.placeholder('mask1')}::bigint`,
  skillMask: sql`${sql.placeholder('skillMask')}::bigint`,
} satisfies Record<string, SQL>;

/**
 * An exact search's row (its key, and its key begun), read from the statement's own WITH query `q`:
 * a handful of uses, so a round trip of its own would cost more than it saves.
 */
const EXACT = { qk: sql`(select qk from q)`, begun: sql`(select begun from q)` };

const role = (shape: Shape) => sql.raw(`'${shape.role}'`);

/** The search's key (search_key, drizzle/0018) without its leading space: `qk`. */
const SEARCH_KEY = sql`select btrim(search_key(${P.search}::text)) as qk`;

/**
 * The search as its key's words (search_key, drizzle/0018), whether it is one word, itself as the
 * beginning of a word (`begun`: a space before it, as before every word of a key), and the pieces of
 * search_grams its groups' candidates have, from which searchRow picks what each group reads:
 * - group 0: the beginning (up to 12 letters) of each word of at least two letters (`starts0`);
 *   for a search of one such word (`whole0`), the candidates are exactly group 0;
 * - group 1, one word: its first, middle and last 4 letters (or the word, of 3 or 4) inside a word
 *   (`insides1`); several words: the first word's first 4 letters inside a word (`insides1`: where
 *   the first word begins a word too, every word does, and the match is group 0's), or, for a first
 *   word under three letters, the beginning of each later word of two letters or more (each begins a
 *   word of a match, `starts1`).
 * No piece: the group is found by walking the list. A search without a word matches no one.
 */
const SEARCH = sql`select qk, words, one, ' ' || qk as begun,
    one and length(qk) between 2 and 12 as whole0,
    array(select distinct substr(w, 1, 12) from unnest(words) w where length(w) >= 2) as starts0,
    case when one then array[]::text[] else
      array(select distinct substr(w, 1, 12) from unnest(words[2:]) w where length(w) >= 2) end as starts1,
    case when length(words[1]) < 3 then array[]::text[]
      when not one then array[substr(words[1], 1, 4)]
      else array(select distinct p from unnest(array[substr(qk, 1, 4), substr(qk, (length(qk) - 4) / 2 + 1, 4),
        right(qk, 4)]) p) end as insides1
  from (select qk, string_to_array(qk, ' ') as words, cardinality(string_to_array(qk, ' ')) = 1 as one
        from (${SEARCH_KEY}) a) b`;

/** The longest piece of a list (the first in order of several as long), or none: one index range. */
const longest = (list: string) => `array(select p from unnest(${list}) p order by length(p) desc, p limit 1)`;

/**
 * The search row: SEARCH with each group's pieces and, for a skills filter, its signature
 * (skill_bits, drizzle/0021). Only then: skill_bits is an SQL function PostgreSQL cannot inline, so
 * every execution parsed and planned its body again (a seventh of an unfiltered search that found
 * nothing). An exact search is its own one piece and needs only its key: each list above is a
 * subquery that every execution starts, runs and ends.
 *
 * Each group of several words reads one piece's index range and drops, on its entries, the users
 * lacking the other words' beginnings (their word signature, word_bits, drizzle/0026: `mask0`,
 * `mask1`); the check against each user finds the rest. Intersecting every word's piece read all
 * their rows on every search: a later word's beginning ("sh", "mu") begins a large share of all names
 * ("aditya mu" at 1,000,000 users: 108,052 rows). Group 0's piece is its longest word's beginning
 * (`pieces0`); group 1's (`pieces1`), for several words, the first word's letters inside a word, or,
 * for a first word under three letters, the longest later word's beginning (`inside1` says which);
 * for one word, its inside pieces, intersected.
 */
function searchRow(shape: Shape): SQL {
  if (shape.exact) {
    return sql`select qk, ' ' || qk as begun from (${SEARCH_KEY}) a`;
  }
  return sql`select *, ${sql.raw(longest('starts0'))} as pieces0,
    case when one or cardinality(insides1) > 0 then insides1 else ${sql.raw(longest('starts1'))} end as pieces1,
    one or cardinality(insides1) > 0 as inside1,
    case when one then 0 else word_bits(words) end as mask0,
    case when one then 0 else word_bits(words[2:]) end as mask1
    ${shape.skills ? sql`, skill_bits(${P.skills}::text[]) as skill_mask` : sql``}
  from (${SEARCH}) s`;
}

/** A group's candidate pieces, their number (0: none to look up) and the word signature they need. */
const PIECES = {
  0: {
    all: Q.pieces0,
    count: sql`cardinality(${Q.pieces0})`,
    mask: Q.mask0,
  },
  1: {
    all: Q.pieces1,
    count: sql`cardinality(${Q.pieces1})`,
    mask: Q.mask1,
  },
};

const cityOf = (shape: Shape) => (shape.city ? sql`and g.city_lc = lower(${P.city}::text)` : sql``);

/**
 * A skills filter on the pieces: the row's user has every bit of the filter's skills' signature (a
 * user lacking one has not all the skills; one in about 30 without a skill has its bits by chance,
 * and is dropped when checked against their user). Read from the index's own entries.
 */
const skillsOf = (shape: Shape) =>
  shape.skills ? sql`and (g.skill_bits & ${Q.skillMask}) = ${Q.skillMask}` : sql``;

/** Whether an exact search's piece begins a word of its group's candidates (else it is only inside one). */
const EXACT_GROUP_STARTS = { 0: sql.raw('true'), 1: sql.raw('false') };

/**
 * A group's candidates' ids. One piece: its rows, read from one or two index ranges (the flags are
 * index conditions), so a LIMIT stops the read, less those whose word signature lacks a bit of the
 * group's (read from the index's entries). Several (one word's inside pieces, group 1): the users
 * having them all, each piece's rows read whole. An exact search's group 1 is the users with the
 * piece inside a word and beginning none (group 0 has those).
 */
function candidates(shape: Shape, group: 0 | 1): SQL {
  const where = sql`g.user_role = ${role(shape)} ${cityOf(shape)} ${skillsOf(shape)}`;
  if (shape.exact) {
    return sql`select g.user_id from search_grams g
      where ${where} and g.gram = ${EXACT.qk} and g.word_start = ${EXACT_GROUP_STARTS[group]}`;
  }
  const { all, count, mask } = PIECES[group];
  const one = (flags: SQL, when = sql`true`) =>
    sql`(select g.user_id from search_grams g
      where ${count} = 1 and ${when} and ${where} and g.gram = (${all})[1] and ${flags}
        and (g.word_bits & ${mask}) = ${mask})`;
  // Group 0's piece begins a word; group 1's is inside a word (one word's, or the first of several)
  // or begins one (a later word's).
  if (group === 0) return one(sql`g.word_start`);
  return sql`${one(sql`g.word_start = any('{f,t}') and g.inside`, Q.inside1)}
    union all
    ${one(sql`g.word_start`, sql`not ${Q.inside1}`)}
    union all
    (select g.user_id from search_grams g
      where ${count} > 1 and ${where} and g.gram = any(${all}::text[]) and g.inside
      group by g.user_id having count(*) = ${count})`;
}

/**
 * Each group's first candidates (COUNT_LIMIT of an exact search's, else FETCH_LIMIT), read once for
 * the count, the checks and the page (c0, c1). PostgreSQL reads a WITH query only as far as its
 * readers go, so a count that stops early still stops the read. Named in three places, a search of
 * several words grouped its pieces' rows three times ("ram kumar": 32 ms of PostgreSQL, ADR 0020).
 * Group 1's count of a search that is not exact is a WITH query of its own (n1c), read only where
 * the total or group 1's page asks.
 */
const CANDIDATES = { 0: sql.raw('c0'), 1: sql.raw('c1') };
const candidateLists = (shape: Shape) => {
  const limit = shape.exact ? COUNT_LIMIT_SQL : FETCH_LIMIT_SQL;
  return sql`c0 as materialized (${candidates(shape, 0)} limit ${limit}),
    c1 as materialized (${candidates(shape, 1)} limit ${limit})
    ${shape.exact ? sql`` : sql`, n1c as materialized (select ${candidatesCounted(shape, 1, COUNT_LIMIT_SQL)} as n)`}`;
};

/** Each group's candidates up to FETCH_LIMIT (nx0.n, nx1.n), counted only where fetchCondition asks. */
const MORE = { 0: sql.raw('nx0'), 1: sql.raw('nx1') };
const moreCandidates = (shape: Shape) =>
  shape.exact
    ? sql``
    : sql`nx0 as materialized (select ${candidatesCounted(shape, 0, FETCH_LIMIT_SQL)} as n),
      nx1 as materialized (select ${candidatesCounted(shape, 1, FETCH_LIMIT_SQL)} as n),`;

/**
 * Where a group's candidates are one piece's rows with nothing tested on their entries, their number
 * is stored (search_gram_counts, drizzle/0027) and read there, not counted: an exact search's groups
 * without a city and, without a city or skills filter, one word's group 0 (its beginning) and, for a
 * word of 3 or 4 letters, its group 1 (the word inside a word). Counting up to COUNT_LIMIT entries of
 * each group was about a third of an exact search ("ran" at 100,000 users: 0.5 of 1.3 ms). `when`:
 * whether it applies, as the statement runs; `piece` and `flags`: the counts' rows.
 */
function storedPiece(shape: Shape, group: 0 | 1): { when: SQL; piece: SQL; flags: SQL } | undefined {
  if (shape.city || shape.skills) return undefined;
  if (shape.exact) {
    return {
      when: sql`true`,
      piece: EXACT.qk,
      flags: sql`word_start = ${EXACT_GROUP_STARTS[group]}`,
    };
  }
  return group === 0
    ? {
        when: sql`(${Q.one} and cardinality(${Q.pieces0}) = 1)`,
        piece: sql`(${Q.pieces0})[1]`,
        flags: sql`word_start`,
      }
    : {
        when: sql`(${Q.one} and cardinality(${Q.pieces1}) = 1)`,
        piece: sql`(${Q.pieces1})[1]`,
        flags: sql`inside`,
      };
}

/** A group's candidates up to `limit`: as stored where storedPiece applies, else counted from its list (c0, c1). */
function candidatesCounted(shape: Shape, group: 0 | 1, limit: SQL): SQL {
  const counted = countUpTo(sql`select user_id from ${CANDIDATES[group]}`, limit);
  const stored = storedPiece(shape, group);
  if (!stored) return counted;
  const n = sql`least((select coalesce(sum(listed), 0) from search_gram_counts
    where user_role = ${role(shape)} and gram = ${stored.piece} and ${stored.flags})::int, ${limit})`;
  return shape.exact ? n : sql`(case when ${stored.when} then ${n} else ${counted} end)`;
}

/** Whether the group has pieces to look its candidates up by (else it is walked). */
const hasPieces = (shape: Shape, group: 0 | 1) => (shape.exact ? sql`true` : sql`${PIECES[group].count} > 0`);

/**
 * Every word of the search begins a word of the user's key (one word: a single test). Tests are
 * strpos, not LIKE: PostgreSQL takes a LIKE with an unknown pattern to match one row in 200, and then
 * prefers reading the whole table and sorting it to walking the sort's index.
 */
const beginsWords = sql`(case when ${Q.one} then strpos(users.search_key, ${Q.begun}) > 0
  else not exists (select 1 from unnest(${Q.words}) w where strpos(users.search_key, ' ' || w) = 0) end)`;

/**
 * The user matches the search in group 0 (its words begun) or 1 (contained elsewhere). An exact
 * search is one word, so its tests are plain, without the other case's subquery.
 */
function matchOf(shape: Shape, group: 0 | 1): SQL {
  if (shape.exact) {
    const begun = sql`strpos(users.search_key, ${EXACT.begun}) > 0`;
    return group === 0 ? begun : sql`(strpos(users.search_key, ${EXACT.qk}) > 0 and not ${begun})`;
  }
  return group === 0
    ? sql`(${Q.qk} <> '' and ${beginsWords})`
    : sql`(${Q.qk} <> '' and strpos(users.search_key, ${Q.qk}) > 0 and not ${beginsWords})`;
}

/**
 * What a search reads of a user, for a subquery standing for `users`: the filters, the match and
 * every list order (ORDER).
 */
const SEARCHED_COLUMNS = sql`users.id, users.user_role, users.is_active, users.city, users.rating_tenths,
  users.skills_lc, users.search_key, users.rank_score, users.show_rating_details,
  users.total_ratings_received, users.date_joined, users.full_name`;

/**
 * Each candidate's user (as "users"), looked up by its key: a join PostgreSQL cannot turn into a walk
 * of a whole index (the LIMIT keeps the subquery apart).
 */
const candidateUser = sql`join lateral (select ${SEARCHED_COLUMNS}
  from users where users.id = c.user_id limit 1) users on true`;

interface FilterOptions {
  city?: boolean;
  skillsIndexed?: boolean;
  cityIndexed?: boolean;
}

/**
 * The filters other than the search. `city: false` leaves the city out (a candidate of search_grams_city
 * is in it). `skillsIndexed` or `cityIndexed` false writes that test so that no index can serve it
 * (IS TRUE), which keeps a walk on the sort's index.
 */
function filters(
  shape: Shape,
  { city = shape.city, skillsIndexed = true, cityIndexed = true }: FilterOptions = {},
): SQL {
  const skills = sql`users.skills_lc @> ${P.skills}::text[]`;
  const inCity = sql`lower(users.city) = lower(${P.city}::text)`;
  return sql`users.user_role = ${role(shape)} and users.is_active
    ${city ? (cityIndexed ? sql`and ${inCity}` : sql`and (${inCity}) is true`) : sql``}
    ${shape.minRating ? sql`and users.rating_tenths >= ${P.minTenths}::int` : sql``}
    ${shape.skills ? (skillsIndexed ? sql`and ${skills}` : sql`and (${skills}) is true`) : sql``}`;
}

/** How many listed users have the filter's first skill (skill_counts, drizzle/0005): at least the filter's. */
const skillUsers = (shape: Shape) => sql`coalesce((select active_count from skill_counts
    where user_role = ${role(shape)} and skill_a = (${P.skills}::text[])[1] and skill_b = (${P.skills}::text[])[1]), 0)`;

/** The list's order. */
const orderOf = (shape: Shape) =>
  sql.join(
    ORDER[shape.sort].map((part) => sql`${part}`),
    sql`, `,
  );

/**
 * How far group 1's candidates are counted: an exact search's only as far as group 0's leave short of
 * COUNT_LIMIT (its total is their sum); others' all the way, since their matches are checked.
 */
const group1Limit = (shape: Shape, n0: SQL) =>
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
const candidatesMatch = (shape: Shape, whole0: SQL) =>
  shape.exact ? sql`true` : shape.minRating || shape.skills ? sql`false` : whole0;

/** Group 1's candidates counted, of a search that is not exact (n1c): read only where asked. */
const GROUP1_COUNTED = sql`(select n from n1c)`;

/**
 * The search's numbers: each group's candidates (n0, and n1 when exact, up to COUNT_LIMIT), the
 * listed users of the role, and each group's matches (m0, m1): the candidates themselves when exact,
 * else those among the first COUNT_READS that check out (`partial` when a group had more: its count is a lower bound). A
 * search without a piece to look up (no word of three letters) walks the list to count.
 */
function numbers(shape: Shape): SQL {
  const n0 = candidatesCounted(shape, 0, COUNT_LIMIT_SQL);
  // An exact search's total is both groups' candidates; others count group 1's only where asked.
  const n1 = shape.exact ? sql`${candidatesCounted(shape, 1, group1Limit(shape, sql`n0`))} as n1,` : sql``;
  const users = sql`(select active_count from user_role_counts where user_role = ${role(shape)})::int`;
  const counted = (columns: SQL) =>
    sql`select ${columns}, has0, has1, ${users} as users from (select n0, ${n1} has0, has1, whole0
      from (select ${n0} as n0, ${hasPieces(shape, 0)} as has0, ${hasPieces(shape, 1)} as has1,
              ${shape.exact ? sql`true` : Q.whole0} as whole0 offset 0) a offset 0) counts`;
  if (shape.exact) return counted(sql`n0, n1, n0 as m0, n1 as m1, false as partial`);
  const walked = (group: 0 | 1) =>
    countUpTo(sql`select 1 from users where ${filters(shape)} and ${matchOf(shape, group)}`, COUNT_LIMIT_SQL);
  const m0 = sql`case when not has0 then ${walked(0)} when ${candidatesMatch(shape, sql`whole0`)} then n0
    else ${checkedCount(shape, 0)} end`;
  // Once group 0 has more candidates than are checked, the total is a lower bound whatever group 1
  // holds: group 1 is not counted then, and its candidates are read only if a page reaches it
  // ("ram kumar" at 1,000,000 users read 82,797 entries of "ram" inside a word for a page of Kumars).
  const partial0 = sql`(has0 and n0 >= ${COUNT_READS_SQL})`;
  return counted(sql`n0, ${m0} as m0,
    case when ${partial0} then 0 when not has1 then ${walked(1)} else ${checkedCount(shape, 1)} end as m1,
    case when ${partial0} then true else has1 and ${GROUP1_COUNTED} >= ${COUNT_READS_SQL} end as partial`);
}

/** A group's candidates counted (n) and matches found among them (m), in nb (n1c). */
const numbersOf = (shape: Shape, group: 0 | 1) =>
  group === 0
    ? { n: sql`nb.n0`, m: sql`nb.m0` }
    : { n: shape.exact ? sql`nb.n1` : GROUP1_COUNTED, m: sql`nb.m1` };

/**
 * A group's matches as estimated from its candidates: those checked that matched, scaled to all
 * counted (an exact search's candidates are its matches). The checked ones' matches alone made a group
 * of several hundred candidates always look cheap to fetch (a lookup each), where the walk found the
 * page sooner.
 */
function estimatedMatches(shape: Shape, group: 0 | 1): SQL {
  const { n, m } = numbersOf(shape, group);
  if (shape.exact) return m;
  return sql`(case when ${n} > ${COUNT_READS_SQL} then ${n}::float8 * ${m} / ${COUNT_READS_SQL} else ${m} end)`;
}

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
        then (select more.n < ${FETCH_LIMIT_SQL} and ${cheapAt(sql`more.n`)} from ${MORE[group]} more)
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
  const order = orderOf(shape);
  const fetch = fetchCondition(shape, group, limit, offset);
  // Each way reads a whole page's worth (a parameter, so the plan knows the LIMIT is small and walks
  // the index) and the rows past `limit` are dropped here.
  const page = sql`${P.limit}::int`;
  // An exact search's candidates are its matches; others are checked against their users.
  const checked = shape.exact ? sql`` : sql`and ${matchOf(shape, group)}`;
  return sql`select id, position from (select x.id, row_number() over () as position from (
      (select users.id
       from ${CANDIDATES[group]} c
       ${candidateUser}
       where ${limit} > 0 and ${fetch} and ${filters(shape, { city: false })} ${checked}
       order by ${order} limit ${page} offset ${offset})
      union all
      ${walk(shape, group, sql`${limit} > 0 and not ${fetch}`, page, offset, walkFromSkills(shape, group, limit, offset))}
    ) x) numbered where position <= ${limit}`;
}

/**
 * Walking the list for a group's page, when `when` holds: along the sort's index (the filters tested
 * on its entries), or, for a skills filter when `fromSkills` holds, from the skills index.
 */
function walk(shape: Shape, group: 0 | 1, when: SQL, limit: SQL, offset: SQL, fromSkills: SQL): SQL {
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
    P.offset,
  );
  const walked = countUpTo(
    sql`select 1 from users where ${filters(shape)} and ${matchOf(shape, 0)}`,
    P.offset,
  );
  return sql`case when ${P.offset}::int = 0 or ${P.limit}::int = 0 or exists (select 1 from page0) then 0
  else greatest(0, ${P.offset}::int - (case
    when (select has0 and (n0 < ${COUNT_READS_SQL} or (${candidatesMatch(shape, Q.whole0)} and n0 < ${COUNT_LIMIT_SQL})) from nb)
      then (select m0 from nb)
    when (select has0 and n0 < ${COUNT_LIMIT_SQL} from nb) then ${inCandidates}
    else ${walked} end)) end`;
}

/**
 * A page of a search: its rows (the directory's columns, in order) each with the total, which is at
 * most COUNT_LIMIT (more matched: the cap) and, when `partial`, a lower bound. A page with no row
 * (past the end or the cap) is one row of nulls carrying the total: read in a second statement, it
 * cost a third of company searches (a fragment and a city, pages 1-5) another round trip.
 */
function searchStatement(shape: Shape): SQL {
  const limit = sql`${P.limit}::int`;
  const offset = sql`${P.offset}::int`;
  const limit1 = sql`greatest(0, ${limit} - (select count(*) from page0))::int`;
  const offset1 = sql`(${group1Offset(shape)})::int`;
  // Group 1's window is computed once: groupPage names it in several branches and conditions, and
  // each would otherwise count group 0's matches before the page again (a walk through every user
  // with a skill, six times over, was most of a slow search's time).
  return sql`with ${shape.exact ? sql`q as materialized (${searchRow(shape)}),` : sql``} ${candidateLists(shape)},
    nb as materialized (${numbers(shape)}), ${moreCandidates(shape)}
    page0 as materialized (${groupPage(shape, 0, limit, offset)}),
    window1 as materialized (select ${limit1} as limit1, ${offset1} as offset1),
    page1 as (${groupPage(shape, 1, sql`(select limit1 from window1)`, sql`(select offset1 from window1)`)})
    select listed.*, least(nb.m0 + nb.m1, ${COUNT_LIMIT_SQL}) as "total", nb.partial as "partial"
    from nb left join lateral (
      select ${DIRECTORY_COLUMNS}, viewers_rating.id is not null as "hasRated", p.grp, p.position
      from (select id, 0 as grp, position from page0 union all select id, 1, position from page1) p
      join lateral (select * from users where users.id = p.id limit 1) users on true
      left join ratings viewers_rating on viewers_rating.rater_id = ${P.viewerId}::int
        and viewers_rating.ratee_id = users.id and viewers_rating.role_context = ${P.viewerContext}::text
    ) listed on true
    order by listed.grp, listed.position`;
}

const shapeName = (kind: string, shape: Shape) =>
  `search_${kind}_${Object.values(shape)
    .map((value) => (typeof value === 'boolean' ? Number(value) : value))
    .join('_')}`;

/** A page's row; a page with no row is one row whose columns are null but the numbers. */
type SearchRow = { [K in keyof DirectoryRow]: DirectoryRow[K] | null } & { total: number; partial: boolean };

const pageStatement = preparedRaw<SearchRow, [Shape]>(searchStatement);

/** The search row (searchRow) of a search that is not exact, as its statement returns it: Q's values. */
interface SearchRowValues {
  qk: string;
  begun: string;
  words: string[];
  one: boolean;
  whole0: boolean;
  pieces0: string[];
  pieces1: string[];
  inside1: boolean;
  /** The signatures (int8) as text: 64 bits are past JavaScript's exact integers. */
  mask0: string;
  mask1: string;
  /** '0' without a skills filter. */
  skillMask: string;
}

const rowStatement = preparedRaw<SearchRowValues, [Shape]>(
  (shape) => sql`select qk, begun, words, one, whole0, pieces0, pieces1, inside1, mask0::text as mask0,
    mask1::text as mask1, ${shape.skills ? sql`skill_mask::text` : sql`'0'`} as "skillMask"
    from (${searchRow(shape)}) r`,
);

/**
 * The search rows last asked for, by search and skills, in each server process: a row depends on
 * nothing else (search_key, word_bits and skill_bits are immutable functions), and people search for
 * the same names and pieces again. A row not here costs a round trip of its own (about 0.1 ms).
 */
const searchRows = new LRUCache<string, SearchRowValues>({ max: 10_000 });

/** A search's row when it is not exact (an exact one computes its own, `q`). */
async function searchRowOf(
  db: Executor,
  shape: Shape,
  filter: DirectoryFilter,
): Promise<SearchRowValues | undefined> {
  if (shape.exact) return undefined;
  const search = filter.search ?? '';
  const skills = shape.skills ? [...new Set(filter.skills ?? [])] : [];
  // Unambiguous whatever the text holds: joined with a separator, a search holding it and another
  // search's skills could share a key, and one would be answered with the other's row.
  const key = JSON.stringify([search, skills]);
  const cached = searchRows.get(key);
  if (cached) return cached;
  const [row] = await rowStatement(db, `search_row_${Number(shape.skills)}`, shape).rows({ search, skills });
  if (!row) throw new Error('the search row statement returned no row');
  searchRows.set(key, row);
  return row;
}

/** The values of a shape's placeholders. */
function valuesOf(filter: DirectoryFilter, viewer: Viewer | undefined, page: Page, row?: SearchRowValues) {
  return {
    search: filter.search ?? '',
    ...row,
    city: filter.city ?? '',
    minTenths: filter.minTenths ?? 0,
    skills: [...new Set(filter.skills ?? [])],
    limit: page.limit,
    offset: page.offset,
    viewerId: viewer?.id ?? 0,
    viewerContext: viewer?.context ?? '',
  };
}

/** A page of a search (filter.search set) with its total as answered. A page past the cap is empty. */
export async function searchDirectory(
  db: Executor,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
): Promise<AnsweredPage> {
  const shape = shapeOf(filter, sort);
  const capped = withinCap(page);
  // One row more than the page, to know whether a match follows it: a count that stopped early
  // cannot tell (a full last page was once taken to have one more match after it).
  const asked = capped.limit > 0 ? { limit: capped.limit + 1, offset: capped.offset } : capped;
  const row = await searchRowOf(db, shape, filter);
  const found = await pageStatement(db, shapeName('page', shape), shape).rows(
    valuesOf(filter, viewer, asked, row),
  );
  const first = found[0];
  const rows = found.filter((row): row is SearchRow & DirectoryRow => row.id !== null);
  const more = rows.length > capped.limit;
  const shown = more ? rows.slice(0, capped.limit) : rows;
  // A count that stopped early is at least the matches up to this page's last, and one more when a
  // match follows the page.
  const atLeast = shown.length > 0 ? capped.offset + shown.length + (more ? 1 : 0) : 0;
  const partial = first?.partial ?? false;
  const counted = first?.total ?? 0;
  return { rows: shown, ...answeredTotal(partial ? Math.max(counted, atLeast) : counted, partial) };
}

/** How a plan is explained: as planned, as it ran (each node's rows and loops), or with each node's output. */
type PlanMode = 'plan' | 'analyzed' | 'verbose';
const EXPLAIN: Record<PlanMode, string> = {
  plan: 'explain ',
  analyzed: 'explain (analyze, costs off, timing off) ',
  verbose: 'explain (verbose, costs off) ',
};

const planStatement = preparedRaw<{ 'QUERY PLAN': string }, [Shape, PlanMode]>(
  (shape, mode) => sql`${sql.raw(EXPLAIN[mode])}${searchStatement(shape)}`,
);

/**
 * The plan of a search's page statement, for the query-plan tests; `analyze`: as it ran, with each
 * node's rows and loops; `verbose`: with what each node computes.
 */
export async function searchPlan(
  db: Executor,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
  { analyze = false, verbose = false } = {},
): Promise<string> {
  const shape = shapeOf(filter, sort);
  const mode: PlanMode = analyze ? 'analyzed' : verbose ? 'verbose' : 'plan';
  const row = await searchRowOf(db, shape, filter);
  const rows = await planStatement(db, shapeName(mode, shape), shape, mode).rows(
    valuesOf(filter, viewer, page, row),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
