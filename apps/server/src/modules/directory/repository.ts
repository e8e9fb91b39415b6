// The company and employee directories: one query for the page with its total (and whether the
// viewer has rated each user, joined on the unique rating key, not one query per user). Every
// filter and sort is served by an index of drizzle/0001_init.sql or 0003_core_lists.sql; the unfiltered
// total is a counter row (0004_directory_counts.sql), and so is a one- or two-skill filter's (0005).
// A name search (drizzle/0013, ADR 0012) lists word-prefix matches first, then other substring
// matches, each in the list's sort, and counts at most SEARCH_RESULT_CAP + 1 of them.
import { type ListSort, type RoleContext, SEARCH_RESULT_CAP } from '@workspace/contracts';
import { and, asc, desc, eq, isNotNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, PLANNED_PER_EXECUTION, queryRows } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { ratings, users } from '../../db/schema/index.ts';
import type { Page } from '../core/paging.ts';

export interface DirectoryFilter {
  role: 'employee' | 'employer';
  search?: string;
  city?: string;
  /** Lowest average in tenths (3.5 stars -> 35). */
  minTenths?: number;
  /** Lower-cased skills the user must all have. */
  skills?: string[];
}

/** The viewer's rating context, for user_has_rated. */
export interface Viewer {
  id: number;
  context: RoleContext;
}

/** Escapes LIKE's wildcards so a search for '50%' or 'a_b' means those characters. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters a request uses: with role and sort, the shape of its statement. */
interface Shape {
  role: DirectoryFilter['role'];
  sort: ListSort;
  search: boolean;
  city: boolean;
  minRating: boolean;
  skills: boolean;
  /** One or two skills and no other filter: the total is a counter row (drizzle/0005). */
  skillCounter: boolean;
}

/** A search's two groups of matches, listed in this order: word prefixes, then other substrings. */
export type SearchTier = 'prefix' | 'substring';

function shapeOf(filter: DirectoryFilter, sort: ListSort): Shape {
  const search = Boolean(filter.search);
  const city = Boolean(filter.city);
  const minRating = filter.minTenths !== undefined;
  const skillCount = new Set(filter.skills ?? []).size;
  return {
    role: filter.role,
    sort,
    search,
    city,
    minRating,
    skills: skillCount > 0,
    skillCounter: skillCount > 0 && skillCount <= 2 && !search && !city && !minRating,
  };
}

/** A statement's values: real ones, or placeholders of a prepared statement bound at execution. */
type Values = {
  role: string;
  search: string;
  searchPattern: string;
  city: string;
  minTenths: number;
  skills: string[];
  skillA: string;
  skillB: string;
  viewerId: number;
  viewerContext: string;
  limit: number;
  offset: number;
};
type Bound = { [K in keyof Values]: Values[K] | Placeholder<K> };

function valuesOf(filter: DirectoryFilter, viewer?: Viewer, page?: Page): Values {
  const skills = [...new Set(filter.skills ?? [])];
  return {
    role: filter.role,
    search: filter.search ?? '',
    searchPattern: `%${likeLiteral(filter.search ?? '')}%`,
    city: filter.city ?? '',
    minTenths: filter.minTenths ?? 0,
    skills,
    skillA: skills[0] ?? '',
    skillB: skills[1] ?? skills[0] ?? '',
    viewerId: viewer?.id ?? 0,
    viewerContext: viewer?.context ?? '',
    limit: page?.limit ?? 0,
    offset: page?.offset ?? 0,
  };
}

const PLACEHOLDERS = Object.fromEntries(
  Object.keys(valuesOf({ role: 'employee' })).map((key) => [key, sql.placeholder(key)]),
) as Bound;

/** The search's words as prefixes ('ram:*'): NULL, matching nothing, when it has no word. */
const prefixMatch = (v: Bound) => sql`users.search_words @@ search_prefix_query(${v.search})`;

/** The whole search anywhere in the name or city. */
const substringMatch = (v: Bound) => sql`users.search_text like search_normalize(${v.searchPattern})`;

/**
 * A search of one word (letters and digits only) is inside every name one of whose words it begins,
 * so its substring matches are all its matches: one trigram scan counts them.
 */
const oneWord = (search: string) => /^[\p{L}\p{N}]+$/u.test(search);

/** Each group of a search's matches, and all of them ('any', for the count). */
const MATCHES: Record<SearchTier | 'any', (v: Bound, search: string) => SQL> = {
  prefix: prefixMatch,
  // Unless it already matched as prefixes.
  substring: (v) => sql`${substringMatch(v)} and not coalesce(${prefixMatch(v)}, false)`,
  any: (v, search) =>
    oneWord(search) ? substringMatch(v) : sql`(${substringMatch(v)} or ${prefixMatch(v)})`,
};

/** The filters other than the search: role, active, city, rating, skills; and the search's `tier`. */
function where(shape: Shape, v: Bound, tier?: SearchTier | 'any', search = ''): SQL | undefined {
  return and(
    sql`${users.userRole} = ${v.role}`,
    // A literal, not a bound parameter, so a prepared statement's generic plan matches the partial
    // indexes (WHERE is_active): with `= $n` PostgreSQL planned every execution afresh, which cost as
    // much as running the default list (pgbench: 0.25 against 0.14 ms a query).
    sql`${users.isActive}`,
    tier ? MATCHES[tier](v, search) : undefined,
    shape.city ? sql`lower(${users.city}) = lower(${v.city})` : undefined,
    shape.minRating ? sql`${users.ratingTenths} >= ${v.minTenths}` : undefined,
    // One array parameter: Drizzle would spread a plain array into a list of parameters.
    shape.skills
      ? sql`${users.skillsLc} @> ${Array.isArray(v.skills) ? sql.param(v.skills) : v.skills}::text[]`
      : undefined,
  );
}

/**
 * Review count as others may see it: users who hide their details sort after everyone else, so
 * the 'reviews' order cannot reveal their count (index users_dir_reviews_visible).
 */
const visibleReviews = sql`(case when ${users.showRatingDetails} then ${users.totalRatingsReceived} else -1 end)`;

const ORDER: Record<ListSort, SQL[]> = {
  top: [desc(users.rankScore), asc(users.id)],
  rating: [desc(users.ratingTenths), asc(users.id)],
  reviews: [sql`${visibleReviews} desc`, asc(users.id)],
  newest: [desc(users.dateJoined), asc(users.id)],
  name: [sql`lower(${users.fullName})`, asc(users.id)],
};

const viewersRating = alias(ratings, 'viewers_rating');

/** A skills page in ranking order takes its ids from the ranking index first (see pageQuery). */
const idsFirst = (shape: Shape) => shape.skills && shape.sort === 'top' && !shape.search;

/** The page of a list (other than a search: searchPage) with the list's total in the same trip. */
function pageQuery(db: Executor, shape: Shape, v: Bound) {
  const select = db
    .select({
      id: users.id,
      userCode: users.userCode,
      fullName: users.fullName,
      city: users.city,
      avatar: users.avatar,
      userRole: users.userRole,
      isActive: users.isActive,
      ratingTenths: users.ratingTenths,
      totalRatingsReceived: users.totalRatingsReceived,
      showRatingDetails: users.showRatingDetails,
      skills: users.skills,
      hasRated: isNotNull(viewersRating.id).mapWith(Boolean),
      // The list's total in the same round trip (an InitPlan, computed once for the statement).
      total: sql<number>`(${totalQuery(shape, v)})::int`.mapWith(Number),
    })
    .from(users)
    // At most one row: (rater, ratee, context) is unique.
    .leftJoin(
      viewersRating,
      and(
        sql`${viewersRating.raterId} = ${v.viewerId}`,
        eq(viewersRating.rateeId, users.id),
        sql`${viewersRating.roleContext} = ${v.viewerContext}`,
      ),
    );
  if (idsFirst(shape)) {
    // The page's ids first, from the ranking index alone (it includes skills_lc, drizzle/0006): the
    // users passed over for lacking a skill cost an index entry each, not a row.
    const pageIds = db
      .select({ id: users.id })
      .from(users)
      .where(where(shape, v))
      .orderBy(...ORDER.top)
      .limit(v.limit)
      .offset(v.offset)
      .as('page_ids');
    return select.innerJoin(pageIds, eq(pageIds.id, users.id)).orderBy(...ORDER.top);
  }
  return select
    .where(where(shape, v))
    .orderBy(...ORDER[shape.sort])
    .limit(v.limit)
    .offset(v.offset);
}

/** A page of the directory without a search, its values written in: what the query-plan tests explain. */
export function directoryPage(
  db: Executor,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
) {
  return pageQuery(db, shapeOf(filter, sort), valuesOf(filter, viewer, page));
}

/**
 * The same page through a prepared statement, one per shape: at most 2 roles x 5 sorts x 16 filter
 * combinations (db/prepared.ts).
 */
export function directoryRows(
  db: Executor,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
) {
  const shape = shapeOf(filter, sort);
  if (shape.search) return searchRows(db, filter, sort, viewer, page);
  const name = `directory_${Object.values(shape)
    .map((value) => (typeof value === 'boolean' ? Number(value) : value))
    .join('_')}`;
  return directoryStatement(db, name, shape).execute(valuesOf(filter, viewer, page));
}

export type DirectoryRow = Awaited<ReturnType<typeof directoryPage>>[number];

const directoryStatement = preparedStatements((db, name, shape: Shape) =>
  pageQuery(db, shape, PLACEHOLDERS).prepare(name),
);

/** One group of a search's page, in the list's order, numbered in that order. */
function tierPage(shape: Shape, v: Values, tier: SearchTier, limit: SQL, offset: SQL): SQL {
  const order = sql.join(ORDER[shape.sort], sql`, `);
  // Numbered outside the LIMIT, so a walk of the sort's index still stops after the page.
  return sql`select page.*, row_number() over () as position from (
    select ${users.id} as "id", ${users.userCode} as "userCode", ${users.fullName} as "fullName",
      ${users.city} as "city", ${users.avatar} as "avatar", ${users.userRole} as "userRole",
      ${users.isActive} as "isActive", ${users.ratingTenths} as "ratingTenths",
      ${users.totalRatingsReceived} as "totalRatingsReceived",
      ${users.showRatingDetails} as "showRatingDetails", ${users.skills} as "skills",
      viewers_rating.id is not null as "hasRated"
    from ${users}
    left join ratings viewers_rating on viewers_rating.rater_id = ${v.viewerId}
      and viewers_rating.ratee_id = ${users.id} and viewers_rating.role_context = ${v.viewerContext}
    where ${where(shape, v, tier)}
    order by ${order} limit ${limit} offset ${offset}) as page`;
}

/**
 * A page of a search, in one statement: its word-prefix matches first, then its other substring
 * matches, at most SEARCH_RESULT_CAP in all, each row with the capped total. The substring group is
 * read only when the prefix group runs short of the page (a LIMIT of 0 reads nothing), from the
 * offset the prefix count leaves. Unnamed, so planned with its values: PostgreSQL's statistics of the
 * names' words and texts tell a search matching a few users (read through the GIN indexes, then
 * sorted) from one matching thousands (walk the sort's index until a page is found).
 */
export function searchPage(filter: DirectoryFilter, sort: ListSort, viewer: Viewer, page: Page) {
  const shape = shapeOf(filter, sort);
  const v = valuesOf(filter, viewer, page);
  const limit = Math.max(0, Math.min(page.limit, SEARCH_RESULT_CAP - page.offset));
  // Where the substring group's part of the page starts: at its beginning when the prefix group
  // ends on this page (or the page is the first), else past what the prefix group filled of the
  // pages before, which is counted only then (a CASE evaluates its other branch only when taken).
  const substringOffset =
    page.offset === 0
      ? sql`0`
      : sql`case when exists (select 1 from prefix_page) then 0
          else greatest(0, ${page.offset} - (${tierCount(shape, v, 'prefix', sql`${page.offset}`)})) end`;
  return sql`with counts as materialized (${searchCountQuery(shape, v, filter.search ?? '')}),
    prefix_page as materialized (${tierPage(shape, v, 'prefix', sql`${limit}`, sql`${page.offset}`)}),
    substring_page as (${tierPage(
      shape,
      v,
      'substring',
      sql`greatest(0, ${limit} - (select count(*) from prefix_page))`,
      substringOffset,
    )})
    select prefix_page.*, 0 as tier, (select total from counts) as "total" from prefix_page
    union all
    select substring_page.*, 1, (select total from counts) from substring_page
    order by tier, position`;
}

async function searchRows(
  db: Executor,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
): Promise<DirectoryRow[]> {
  if (page.offset >= SEARCH_RESULT_CAP) return [];
  return queryRows<DirectoryRow>(db, searchPage(filter, sort, viewer, page));
}

/** Counts a search's matches of one group, or all ('any'), up to `limit`. */
const tierCount = (shape: Shape, v: Bound, tier: SearchTier | 'any', limit: SQL, search = '') =>
  sql`select count(*)::int from (select 1 from ${users} where ${where(shape, v, tier, search)} limit ${limit}) matches`;

/**
 * A search's matches, counted up to one past the cap, in one scan. The marker keeps the statement
 * unnamed (db/client.ts), so it is planned with its search every time.
 */
function searchCountQuery(shape: Shape, v: Bound, search: string): SQL {
  const over = sql.raw(String(SEARCH_RESULT_CAP + 1));
  return sql`${sql.raw(PLANNED_PER_EXECUTION)} select (${tierCount(shape, v, 'any', over, search)}) as total`;
}

/**
 * The list's total: the per-role counter when unfiltered (drizzle/0004), the per-skill-pair counter
 * when filtered by one or two skills alone (drizzle/0005), else a count of the matches (a search's:
 * searchCountQuery).
 */
function totalQuery(shape: Shape, v: Bound): SQL {
  if (!shape.search && !shape.city && !shape.minRating && !shape.skills) {
    return sql`select active_count from user_role_counts where user_role = ${v.role}`;
  }
  if (shape.skillCounter) {
    // least/greatest order the pair as the triggers do, by the database's collation.
    return sql`select coalesce((select active_count from skill_counts where user_role = ${v.role}
      and skill_a = least(${v.skillA}::text, ${v.skillB}::text)
      and skill_b = greatest(${v.skillA}::text, ${v.skillB}::text)), 0)`;
  }
  // Inside this subquery "users" names its own scan, not the page's.
  return sql`select count(*) from ${users} where ${where(shape, v)}`;
}

/** The total alone, for a page past the end (which has no row to carry it). */
export async function directoryCount(db: Executor, filter: DirectoryFilter, sort: ListSort): Promise<number> {
  const shape = shapeOf(filter, sort);
  const v = valuesOf(filter);
  const [row] = await queryRows<{ n: number }>(
    db,
    shape.search
      ? sql`select total as n from (${searchCountQuery(shape, v, filter.search ?? '')}) as counts`
      : sql`select (${totalQuery(shape, v)})::int as n`,
  );
  return row?.n ?? 0;
}
