// Name search in the directories (issue 11, ADR 0020): users with a word beginning with every word of
// the search first (group 0), then users whose name or city contains it elsewhere (group 1), each
// group in the list's sort; at most SEARCH_RESULT_CAP, with a total that never needs every match read.
//
// Each group's possible matches (its candidates) are an index range of search_grams (drizzle/0018),
// which holds the beginnings of every word of every listed user's search key, the 3- and 4-letter
// pieces inside them and pairs of their words (drizzle/0041, ADR 0028): group 0's are the users with
// a word beginning like the search's longest word or, for several words, with the rarer of that and
// a pair of its words, group 1's those with the search's first letters inside a word. Counting them reads no user. From
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
// A search of one word of 3 or 4 letters without a city (or an exact company search in a city), in the
// default order, reads its pages from ranked_grams in rank order instead (ADR 0027): one index range
// however common the piece, the ranks copied a second behind the ratings (search/ranks.ts). So does
// group 0 of a search of several words that reads a word pair, in the default order without a city:
// the pair's range, each entry checked against the search. Group 1
// of one word under three letters has no piece: it is looked for among the first WALK_LIMIT users of
// the list (search/shape.ts).
// One prepared statement per shape, planned once with all its branches (PostgreSQL runs only the
// branch whose condition holds). A search that is not exact binds its search row (its key, pieces and
// signatures), computed by a statement of its own and kept per search (searchRowOf).
//
// This file answers a page (searchDirectory) and explains one (searchPlan); the parts are in search/:
// shape.ts (which statement, its parameters and limits), search-row.ts (the search's key and pieces),
// candidates.ts (each group's candidates from search_grams), matches.ts (checking candidates against
// their users, counting and estimating matches), page-statement.ts (fetch, walk or ranked pieces, one
// statement per shape) and ranks.ts (the job that copies ranks into ranked_grams).

import type { ListSort } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedRaw } from '../../db/prepared.ts';
import type { Page } from '../../lib/paging.ts';
import {
  type AnsweredPage,
  answeredTotal,
  type DirectoryFilter,
  type DirectoryRow,
  type Viewer,
  withinCap,
} from './repository.ts';
import { pageStatement, type SearchRow, searchStatement, shapeName } from './search/page-statement.ts';
import { type SearchRowValues, searchRowOf } from './search/search-row.ts';
import { type Shape, shapeOf } from './search/shape.ts';

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

/**
 * The search's shape and, unless it is exact, its row, with what the row tells of the shape: whether
 * group 1 has a piece to look up (else it is walked, as far as WALK_LIMIT), and whether group 0 reads
 * a word pair that ranked_grams holds, whose range is in rank order (in the default order, without a
 * city).
 */
async function shapeWithRow(db: Executor, filter: DirectoryFilter, sort: ListSort) {
  const shape = shapeOf(filter, sort);
  const row = await searchRowOf(db, shape, filter);
  const walkedInside = row !== undefined && row.pieces1.length === 0;
  const rankedWords = sort === 'top' && !shape.city && row?.rankedPair === true;
  return { shape: { ...shape, walkedInside, rankedWords }, row };
}

/** A page of a search (filter.search set) with its total as answered. A page past the cap is empty. */
export async function searchDirectory(
  db: Executor,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
): Promise<AnsweredPage> {
  const capped = withinCap(page);
  // One row more than the page, to know whether a match follows it: a count that stopped early
  // cannot tell (a full last page was once taken to have one more match after it).
  const asked = capped.limit > 0 ? { limit: capped.limit + 1, offset: capped.offset } : capped;
  const { shape, row } = await shapeWithRow(db, filter, sort);
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
  // A first page without a match looked at every candidate: there is none, however few were counted.
  // Only a group walked for among the list's first WALK_LIMIT users (Shape.walkedInside) stops short.
  const noMatch = capped.offset === 0 && capped.limit > 0 && shown.length === 0 && !shape.walkedInside;
  if (noMatch) return { rows: shown, ...answeredTotal(0) };
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
  const mode: PlanMode = analyze ? 'analyzed' : verbose ? 'verbose' : 'plan';
  const { shape, row } = await shapeWithRow(db, filter, sort);
  const rows = await planStatement(db, shapeName(mode, shape), shape, mode).rows(
    valuesOf(filter, viewer, page, row),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
