// The company and employee directories: one query for the page with its total (and whether the
// viewer has rated each user, joined on the unique rating key, not one query per user). Every
// filter and sort is served by an index of drizzle/0001_init.sql or 0003_core_lists.sql; the unfiltered
// total is a counter row (0004_directory_counts.sql), and so is a one- or two-skill filter's (0005).
import type { ListSort, RoleContext } from '@workspace/contracts';
import { and, arrayContains, asc, desc, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
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

function where(filter: DirectoryFilter): SQL | undefined {
  return and(
    eq(users.userRole, filter.role),
    // A literal, not a bound parameter, so a prepared statement's generic plan matches the partial
    // indexes (WHERE is_active): with `= $n` PostgreSQL planned every execution afresh, which cost as
    // much as running the default list (pgbench: 0.25 against 0.14 ms a query).
    sql`${users.isActive}`,
    filter.search
      ? sql`(${users.fullName} || ' ' || ${users.city}) ilike ${`%${likeLiteral(filter.search)}%`}`
      : undefined,
    filter.city ? sql`lower(${users.city}) = lower(${filter.city})` : undefined,
    filter.minTenths !== undefined ? gte(users.ratingTenths, filter.minTenths) : undefined,
    filter.skills?.length ? arrayContains(users.skillsLc, filter.skills) : undefined,
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

export function directoryPage(
  db: Executor,
  filter: DirectoryFilter,
  sort: ListSort,
  viewer: Viewer,
  page: Page,
) {
  return (
    db
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
        // The total in the same round trip, computed once for the statement (an InitPlan).
        total: sql<number>`(${totalQuery(filter)})::int`.mapWith(Number),
      })
      .from(users)
      // At most one row: (rater, ratee, context) is unique.
      .leftJoin(
        viewersRating,
        and(
          eq(viewersRating.raterId, viewer.id),
          eq(viewersRating.rateeId, users.id),
          eq(viewersRating.roleContext, viewer.context),
        ),
      )
      .where(where(filter))
      .orderBy(...ORDER[sort])
      .limit(page.limit)
      .offset(page.offset)
  );
}

export type DirectoryRow = Awaited<ReturnType<typeof directoryPage>>[number];

/**
 * The list's total: the per-role counter when unfiltered (drizzle/0004), the per-skill-pair counter
 * when filtered by one or two skills alone (drizzle/0005), else a count of the matches.
 */
function totalQuery(filter: DirectoryFilter): SQL {
  const otherFilters = Boolean(filter.search || filter.city || filter.minTenths !== undefined);
  const skills = [...new Set(filter.skills ?? [])];
  if (!otherFilters && skills.length === 0) {
    return sql`select active_count from user_role_counts where user_role = ${filter.role}`;
  }
  if (!otherFilters && skills.length <= 2) {
    const [a, b = a] = skills;
    // least/greatest order the pair as the triggers do, by the database's collation.
    return sql`select coalesce((select active_count from skill_counts where user_role = ${filter.role}
      and skill_a = least(${a}::text, ${b}::text) and skill_b = greatest(${a}::text, ${b}::text)), 0)`;
  }
  // Inside this subquery "users" names its own scan, not the page's.
  return sql`select count(*) from ${users} where ${where(filter)}`;
}

/** The total alone, for a page past the end (which has no row to carry it). */
export async function directoryCount(db: Executor, filter: DirectoryFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select (${totalQuery(filter)})::int as n`);
  return row?.n ?? 0;
}
