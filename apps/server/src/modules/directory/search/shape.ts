// A search's shape (which statement answers it), its parameters, and the limits the statements are
// built with (ADR 0020).

import type { ListSort } from '@workspace/contracts';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { COUNT_LIMIT, type DirectoryFilter } from '../repository.ts';

/** Candidates of a group checked against their users at most, when counting (a lookup each). */
const COUNT_READS = 100;
/**
 * Walking past one index entry of the sort against fetching a candidate (its user looked up and
 * checked): a group's page is fetched when candidates x matches <= WALK_COST x (offset + limit) x
 * users, that is, when reading every candidate costs less than walking (offset + limit) / (matches /
 * users) entries. Measured on the 100,000-user bench database: "swat", page 3, fetched its 882
 * candidates in 4.3 ms (5 µs each) or walked 6,458 entries in 1.8 ms (0.28 µs each), so a lookup
 * costs about 17 entries. At 0.2, later pages of common pieces were fetched where the walk was faster
 * (the history of docs/benchmarks.md).
 */
const WALK_COST = 0.05;

/**
 * A group's candidates a page may be fetched from at most. Past COUNT_LIMIT they are counted only when
 * a fetch may pay: a rare match among a common first name's users ("sunil f") was walked for along
 * the whole list ("vijay d's" at 100,000 users: 87,500 entries, 100-170 ms).
 */
const FETCH_LIMIT = 10 * COUNT_LIMIT;

/**
 * Users of the role's list, in its order and before the other filters, among whom a group without a
 * piece to look its candidates up by is looked for: group 1 of a search of one word under three
 * letters ("zq" inside a word; no piece holds fewer than three letters inside a word). Its matches
 * past them are not found, and the total then says it is a lower bound (total_capped). Walking every
 * user for them cost "zq" 56 ms of PostgreSQL at 100,000 users, about ten times that at 1,000,000.
 */
export const WALK_LIMIT = 5_000;

// Written into the statements as literals, which the planner reads as such.
export const COUNT_LIMIT_SQL = sql.raw(String(COUNT_LIMIT));
export const COUNT_READS_SQL = sql.raw(String(COUNT_READS));
export const WALK_COST_SQL = sql.raw(String(WALK_COST));
export const FETCH_LIMIT_SQL = sql.raw(String(FETCH_LIMIT));
export const WALK_LIMIT_SQL = sql.raw(String(WALK_LIMIT));

/**
 * A search of one word of 3 or 4 plain letters or digits: its own piece of search_grams, and of
 * ranked_grams, which holds such pieces and the word pairs (ranked_gram, drizzle/0039 and 0048).
 */
const EXACT_SEARCH = /^[a-z0-9]{3,4}$/;

export interface Shape {
  role: DirectoryFilter['role'];
  sort: ListSort;
  city: boolean;
  minRating: boolean;
  skills: boolean;
  /** Its candidates are its matches: one word of 3 or 4 letters a-z/0-9, no rating or skills filter. */
  exact: boolean;
  /**
   * One word of 3 or 4 letters a-z/0-9 in the default order, without a city (with or without a rating
   * or skills filter) or, for companies, exact in a city (drizzle/0047): its page is read from
   * ranked_grams in rank order (ADR 0027).
   */
  ranked: boolean;
  /**
   * Group 1 has no piece (the search row's pieces1 is empty: one word under three letters): it is
   * looked for among the first WALK_LIMIT users of the list. Known once the search row is (search.ts).
   */
  walkedInside: boolean;
  /**
   * Several words, in the default order without a city, whose group 0 reads a word pair (ADR 0028)
   * that ranked_grams holds: group 0's page may be that pair's range in rank order, each entry checked
   * against the search on its user (drizzle/0048). Known once the search row is (search.ts).
   */
  rankedWords: boolean;
}

export function shapeOf(filter: DirectoryFilter, sort: ListSort): Shape {
  const minRating = filter.minTenths !== undefined;
  const skills = (filter.skills?.length ?? 0) > 0;
  const city = Boolean(filter.city);
  const oneWord = EXACT_SEARCH.test((filter.search ?? '').trim().toLowerCase());
  const exact = oneWord && !minRating && !skills;
  return {
    role: filter.role,
    sort,
    city,
    minRating,
    skills,
    exact,
    ranked: oneWord && sort === 'top' && (!city || (filter.role === 'employer' && exact)),
    walkedInside: false,
    rankedWords: false,
  };
}

export const PARAMS = {
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
export const ROW = {
  qk: sql`${sql.placeholder('qk')}::text`,
  begin1: sql`${sql.placeholder('begin1')}::text`,
  begin2: sql`${sql.placeholder('begin2')}::text`,
  begin3: sql`${sql.placeholder('begin3')}::text`,
  beginsRest: sql`${sql.placeholder('beginsRest')}::text[]`,
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
export const EXACT_ROW = { qk: sql`(select qk from q)`, begun: sql`(select begun from q)` };

export const role = (shape: Shape) => sql.raw(`'${shape.role}'`);
