// The company and employee directories: one query for the page with its total (and whether the
// viewer has rated each user, joined on the unique rating key, not one query per user). Every
// filter and sort is served by an index of drizzle/0001_init.sql or 0003_core_lists.sql; the unfiltered
// total is a counter row (0004_directory_counts.sql), and so is a one- or two-skill filter's (0005).
// Any other filter's total is counted up to COUNT_LIMIT, as a search's is (SEARCH_RESULT_CAP, ADR 0012):
// its list stops at the cap. A name search is search.ts's (ADR 0020).
import { type ListSort, type RoleContext, SEARCH_RESULT_CAP } from '@workspace/contracts';
import { and, asc, desc, eq, isNotNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { type Database, type Executor, queryRows } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { ratings, users } from '../../db/schema/index.ts';
import type { Page } from '../../lib/paging.ts';

export interface DirectoryFilter {
  role: 'employee' | 'employer';
  search?: string;
  city?: string;
  /** Lowest average in tenths (3.5 stars -> 35). */
  minTenths?: number;
  /** Lower-cased skills the user must all have. */
  skills?: string[];
}

/** The database's two kinds of connection: planning with each statement's values, or generically. */
type Planners = Pick<Database, 'db' | 'generic'>;

/** The viewer's rating context, for user_has_rated. */
export interface Viewer {
  id: number;
  context: RoleContext;
}

/** The filters a request uses: with role and sort, the shape of its statement. */
interface Shape {
  role: DirectoryFilter['role'];
  sort: ListSort;
  city: boolean;
  minRating: boolean;
  skills: boolean;
  /** One or two skills and no other filter: the total is a counter row (drizzle/0005). */
  skillCounter: boolean;
}

/** Matches counted at most: one past the cap, so a count that reaches it knows more matched. */
export const COUNT_LIMIT = SEARCH_RESULT_CAP + 1;
const COUNT_LIMIT_SQL = sql.raw(String(COUNT_LIMIT));

/**
 * The rows of `page` a list counted up to the cap shows: none past SEARCH_RESULT_CAP (a page past it
 * is empty, one across it stops there). Searches and filtered lists alike.
 */
export const withinCap = (page: Page): Page => ({
  limit: Math.max(0, Math.min(page.limit, SEARCH_RESULT_CAP - page.offset)),
  offset: page.offset,
});

/** A page as answered: its total is exact, or `capped`: SEARCH_RESULT_CAP when more matched. */
export interface AnsweredPage {
  rows: DirectoryRow[];
  total: number;
  capped: boolean;
}

/**
 * A count up to COUNT_LIMIT as answered: at most the cap, and capped when more matched or when the
 * count is only a lower bound (`partial`, a search's count that stopped early).
 */
export const answeredTotal = (counted: number, partial = false) => ({
  total: Math.min(counted, SEARCH_RESULT_CAP),
  capped: partial || counted > SEARCH_RESULT_CAP,
});

function shapeOf(filter: DirectoryFilter, sort: ListSort): Shape {
  const city = Boolean(filter.city);
  const minRating = filter.minTenths !== undefined;
  const skillCount = new Set(filter.skills ?? []).size;
  return {
    role: filter.role,
    sort,
    city,
    minRating,
    skills: skillCount > 0,
    skillCounter: skillCount > 0 && skillCount <= 2 && !city && !minRating,
  };
}

/** A statement's values: real ones, or placeholders of a prepared statement bound at execution. */
type Values = {
  role: string;
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

/**
 * The filters: role, active, city, rating, skills. `skillsByIndex: false` tests the skills with the
 * function behind `@>` (arraycontains) for a walk of the ranking index (pageQuery): the skills index
 * serves only the operator, and PostgreSQL guesses a function's condition to hold for a third of the
 * rows, where it guesses `@>` of two skills at 0.005 x 0.005 and would rather scan the table than walk.
 */
function where(shape: Shape, v: Bound, { skillsByIndex = true } = {}): SQL | undefined {
  const skills = Array.isArray(v.skills) ? sql.param(v.skills) : v.skills;
  return and(
    sql`${users.userRole} = ${v.role}`,
    // A literal, not a bound parameter, so a prepared statement's generic plan matches the partial
    // indexes (WHERE is_active): with `= $n` PostgreSQL planned every execution afresh, which cost as
    // much as running the default list (pgbench: 0.25 against 0.14 ms a query).
    sql`${users.isActive}`,
    shape.city ? sql`lower(${users.city}) = lower(${v.city})` : undefined,
    shape.minRating ? sql`${users.ratingTenths} >= ${v.minTenths}` : undefined,
    // One array parameter: Drizzle would spread a plain array into a list of parameters.
    shape.skills
      ? skillsByIndex
        ? sql`${users.skillsLc} @> ${skills}::text[]`
        : sql`arraycontains(${users.skillsLc}, ${skills}::text[])`
      : undefined,
  );
}

/**
 * Review count as others may see it: users who hide their details sort after everyone else, so
 * the 'reviews' order cannot reveal their count (index users_dir_reviews_visible).
 */
const visibleReviews = sql`(case when ${users.showRatingDetails} then ${users.totalRatingsReceived} else -1 end)`;

export const ORDER: Record<ListSort, SQL[]> = {
  top: [desc(users.rankScore), asc(users.id)],
  rating: [desc(users.ratingTenths), asc(users.id)],
  reviews: [sql`${visibleReviews} desc`, asc(users.id)],
  newest: [desc(users.dateJoined), asc(users.id)],
  name: [sql`lower(${users.fullName})`, asc(users.id)],
};

/** What a list shows of each user. */
const LISTED = {
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
};

/** LISTED for a raw statement over `users`, each column named as DirectoryRow names it. */
export const DIRECTORY_COLUMNS = sql.join(
  Object.entries(LISTED).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
);

const viewersRating = alias(ratings, 'viewers_rating');

/**
 * A page takes its ids from its sort's index first (see pageQuery), and only then reads its users:
 * every sort's index holds what the index alone needs to order and filter by city and minimum
 * rating (drizzle/0018; the name and review orders also the columns their expressions are computed
 * from, drizzle/0028), and the ranking index also holds the skills (drizzle/0006). Read in one pass,
 * a page read a user row for each user passed over on the way to it: the name order's page 30, 600
 * rows (at 1,000,000 users far past shared_buffers), where its ids first read 600 index entries.
 */
const idsFirst = (shape: Shape) => !shape.skills || shape.sort === 'top';

/** The page of a list (other than a search: search.ts) with the list's total in the same trip. */
function pageQuery(db: Executor, shape: Shape, v: Bound) {
  const select = db
    .select({
      ...LISTED,
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
    // The page's ids first, from the sort's index alone: the users passed over, before the page or for
    // another city, a lower rating or a missing skill, cost an index entry each, not a row (Mumbai
    // page 30 at 1M users: 6,000 entries, 4 ms, against 6,000 rows, 65-130 ms cold). A small city is
    // still read through users_dir_city and sorted, as PostgreSQL plans each with its values
    // (drizzle/0020's statistics).
    const ids = (condition: SQL | undefined) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(condition)
        .orderBy(...ORDER[shape.sort])
        .limit(v.limit)
        .offset(v.offset);
    // One or two skills alone: their counter row says how many match, which PostgreSQL cannot know
    // (it guesses a pair as if the skills were independent: AutoCAD and HVAC at 1M users 836, found
    // 10,779), so the statement holds both ways and runs the one the count chooses (a one-time filter).
    const pageIds = shape.skillCounter
      ? unionAll(
          ids(and(where(shape, v, { skillsByIndex: false }), walkPays(v))),
          ids(and(where(shape, v), sql`not ${walkPays(v)}`)),
        )
      : ids(where(shape, v));
    // An array, not a join: a generic plan knows neither the role nor the page's size, and joined it
    // took the ids for 50,000 rows and hashed them against all of users (1.5 s at 1M users). An
    // array of unknown length is estimated at ten ids, looked up by key.
    return select.where(sql`${users.id} = any(array(${pageIds}))`).orderBy(...ORDER[shape.sort]);
  }
  return select
    .where(where(shape, v))
    .orderBy(...ORDER[shape.sort])
    .limit(v.limit)
    .offset(v.offset);
}

/** A page of the directory (no search), its values written in: what the query-plan tests explain. */
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
 * Shapes whose best plan depends on none of their values: no filter (a walk of the sort's index), or
 * one or two skills alone (the statement holds both ways and its counter row chooses as it runs).
 * Left to itself (plan_cache_mode auto), PostgreSQL planned them again at every execution, judging
 * the generic plan dearer: a two-skill page took 1.0 ms to plan and 1.6 ms to run. A city or a
 * minimum rating keeps custom plans: a generic one cannot tell a rare value (a minimum of 5 stars:
 * 42 ms walking the review order, against 3 ms planned with it).
 */
const plannedOnce = (shape: Shape) => unfiltered(shape) || shape.skillCounter;

/**
 * The same page through a prepared statement, one per shape: at most 2 roles x 5 sorts x 8 filter
 * combinations (db/prepared.ts), on the generic connections when its plan needs no value. A search
 * is search.ts's.
 */
function directoryRows(
  database: Planners,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
) {
  const shape = shapeOf(filter, sort);
  const name = `directory_${Object.values(shape)
    .map((value) => (typeof value === 'boolean' ? Number(value) : value))
    .join('_')}`;
  const db = plannedOnce(shape) ? database.generic : database.db;
  return directoryStatement(db, name, shape).execute(valuesOf(filter, viewer, page));
}

export type DirectoryRow = Awaited<ReturnType<typeof directoryPage>>[number];

const directoryStatement = preparedStatements((db, name, shape: Shape) =>
  pageQuery(db, shape, PLACEHOLDERS).prepare(name),
);

const unfiltered = (shape: Shape) => !shape.city && !shape.minRating && !shape.skills;

/** The total is counted from the matches, up to COUNT_LIMIT (not read from a counter row). */
const counted = (shape: Shape) => !unfiltered(shape) && !shape.skillCounter;

/** The role's active users, from its counter row (drizzle/0004). */
const roleCount = (v: Bound) => sql`select active_count from user_role_counts where user_role = ${v.role}`;

/** The users of the role with one skill or both of two, from their counter row (drizzle/0005). */
// least/greatest order the pair as the triggers do, by the database's collation.
const skillCount = (v: Bound) => sql`select coalesce((select active_count from skill_counts
  where user_role = ${v.role} and skill_a = least(${v.skillA}::text, ${v.skillB}::text)
  and skill_b = greatest(${v.skillA}::text, ${v.skillB}::text)), 0)`;

/**
 * Whether a skills page is found sooner by walking the ranking index than by reading every match
 * through the skills index and sorting them. The walk passes about (offset + limit) x users / matches
 * entries, the read a row per match, which costs about WALK_ENTRIES_PER_ROW entries.
 */
const WALK_ENTRIES_PER_ROW = 10;
// The counter row is read once here (a statement holding both ways reads it for each, and for its total).
const walkPays = (v: Bound) =>
  sql`(select matches * matches * ${sql.raw(String(WALK_ENTRIES_PER_ROW))}
    > (${v.offset}::int + ${v.limit}::int) * (${roleCount(v)})::float8
    from (select (${skillCount(v)})::float8 as matches) pair)`;

/**
 * The list's total: the per-role counter when unfiltered (drizzle/0004), the per-skill-pair counter
 * when filtered by one or two skills alone (drizzle/0005), else the matches counted up to
 * COUNT_LIMIT: an exact count of a filter most users pass (at 1M users, a minimum rating of 1 among
 * 125,000 companies) read every match's index entry on every request.
 */
function totalQuery(shape: Shape, v: Bound): SQL {
  if (unfiltered(shape)) return roleCount(v);
  if (shape.skillCounter) return skillCount(v);
  // Inside this subquery "users" names its own scan, not the page's. The LIMIT is a literal, which a
  // generic plan knows.
  return sql`select count(*) from (select 1 from ${users} where ${where(shape, v)}
    limit ${COUNT_LIMIT_SQL}) counted`;
}

/** The total alone, for a page past the end or the cap (which has no row to carry it). */
async function directoryCount(db: Executor, shape: Shape, filter: DirectoryFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (${totalQuery(shape, valuesOf(filter))})::int as n`,
  );
  return row?.n ?? 0;
}

/**
 * A page of the list (no search) with its total. A filter counted up to the cap (any but one or two
 * skills alone) lists no further than the cap, as a search does: a page past it is empty. The
 * unfiltered list's total and a skill's are counter rows, exact at any size, and page to the end.
 */
export async function listDirectory(
  database: Planners,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
): Promise<AnsweredPage> {
  const shape = shapeOf(filter, sort);
  const upToCap = counted(shape);
  const listed = upToCap ? withinCap(page) : page;
  const rows = listed.limit > 0 ? await directoryRows(database, filter, sort, viewer, listed) : [];
  // An empty first page means no match at all; past the end or the cap, the total is counted alone.
  const total = rows[0]?.total ?? (page.offset === 0 ? 0 : await directoryCount(database.db, shape, filter));
  return { rows, ...(upToCap ? answeredTotal(total) : { total, capped: false }) };
}
