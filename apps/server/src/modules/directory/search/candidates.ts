// Each group's candidates: the index ranges of search_grams its pieces read, how many there are
// (counted, or stored for an exact search), and the lists a page may be fetched from.
import { type SQL, sql } from 'drizzle-orm';
import { countUpTo } from '../../../db/prepared.ts';
import { COUNT_LIMIT_SQL, EXACT_ROW, FETCH_LIMIT_SQL, PARAMS, ROW, role, type Shape } from './shape.ts';

/** A group's candidate pieces, their number (0: none to look up) and the word signature they need. */
const PIECES = {
  0: {
    all: ROW.pieces0,
    count: sql`cardinality(${ROW.pieces0})`,
    mask: ROW.mask0,
  },
  1: {
    all: ROW.pieces1,
    count: sql`cardinality(${ROW.pieces1})`,
    mask: ROW.mask1,
  },
};

const cityOf = (shape: Shape) => (shape.city ? sql`and g.city_lc = lower(${PARAMS.city}::text)` : sql``);

/**
 * A skills filter on the pieces: the row's user has every bit of the filter's skills' signature (a
 * user lacking one has not all the skills; one in about 30 without a skill has its bits by chance,
 * and is dropped when checked against their user). Read from the index's own entries.
 */
const skillsOf = (shape: Shape) =>
  shape.skills ? sql`and (g.skill_bits & ${ROW.skillMask}) = ${ROW.skillMask}` : sql``;

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
      where ${where} and g.gram = ${EXACT_ROW.qk} and g.word_start = ${EXACT_GROUP_STARTS[group]}`;
  }
  const { all, count, mask } = PIECES[group];
  const one = (flags: SQL, when = sql`true`) =>
    sql`(select g.user_id from search_grams g
      where ${count} = 1 and ${when} and ${where} and g.gram = (${all})[1] and ${flags}
        and (g.word_bits & ${mask}) = ${mask})`;
  // Group 0's piece begins a word; group 1's is inside a word (one word's, or the first of several)
  // or begins one (a later word's).
  if (group === 0) return one(sql`g.word_start`);
  return sql`${one(sql`g.word_start = any('{f,t}') and g.inside`, ROW.inside1)}
    union all
    ${one(sql`g.word_start`, sql`not ${ROW.inside1}`)}
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
export const CANDIDATES = { 0: sql.raw('c0'), 1: sql.raw('c1') };
export const candidateLists = (shape: Shape) => {
  const limit = shape.exact ? COUNT_LIMIT_SQL : FETCH_LIMIT_SQL;
  return sql`c0 as materialized (${candidates(shape, 0)} limit ${limit}),
    c1 as materialized (${candidates(shape, 1)} limit ${limit})
    ${shape.exact ? sql`` : sql`, n1c as materialized (select ${candidatesCounted(shape, 1, COUNT_LIMIT_SQL)} as n)`}`;
};

/** Each group's candidates up to FETCH_LIMIT (nx0.n, nx1.n), counted only where fetchCondition asks. */
export const UP_TO_FETCH = { 0: sql.raw('nx0'), 1: sql.raw('nx1') };
export const moreCandidates = (shape: Shape) =>
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
      piece: EXACT_ROW.qk,
      flags: sql`word_start = ${EXACT_GROUP_STARTS[group]}`,
    };
  }
  return group === 0
    ? {
        when: sql`(${ROW.one} and cardinality(${ROW.pieces0}) = 1)`,
        piece: sql`(${ROW.pieces0})[1]`,
        flags: sql`word_start`,
      }
    : {
        when: sql`(${ROW.one} and cardinality(${ROW.pieces1}) = 1)`,
        piece: sql`(${ROW.pieces1})[1]`,
        flags: sql`inside`,
      };
}

/** A group's candidates up to `limit`: as stored where storedPiece applies, else counted from its list (c0, c1). */
export function candidatesCounted(shape: Shape, group: 0 | 1, limit: SQL): SQL {
  const counted = countUpTo(sql`select user_id from ${CANDIDATES[group]}`, limit);
  const stored = storedPiece(shape, group);
  if (!stored) return counted;
  const n = sql`least((select coalesce(sum(listed), 0) from search_gram_counts
    where user_role = ${role(shape)} and gram = ${stored.piece} and ${stored.flags})::int, ${limit})`;
  return shape.exact ? n : sql`(case when ${stored.when} then ${n} else ${counted} end)`;
}

/** Whether the group has pieces to look its candidates up by (else it is walked). */
export const hasPieces = (shape: Shape, group: 0 | 1) =>
  shape.exact ? sql`true` : sql`${PIECES[group].count} > 0`;
