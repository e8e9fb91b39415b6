// Reads behind the public profile pages: the profiled user with their per-category totals and, for a
// viewer, whether the viewer has rated them, in one round trip (issue 4: each round trip cost the
// server and PostgreSQL more than the reads themselves).
import type { RoleContext } from '@workspace/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';

/** A category's sums over the published ratings a user received (kept exact by applyRatings). */
export interface CategoryTotal {
  category: string;
  sum: number;
  count: number;
}

export interface ProfiledUser {
  user: UserRow;
  categoryTotals: CategoryTotal[];
  /** Whether the viewer has a rating of this user in `viewer.context`, published or hidden. */
  viewerHasRated: boolean;
}

// Spelled out: in a one-table select Drizzle writes its columns unqualified ("id"), which inside a
// subquery would name the subquery's own column.
const PROFILED_ID = sql.raw('"users"."id"');

/**
 * An active employee or employer (suspended users and moderators have no public profile), their
 * category totals, and whether `viewer` rated them in the viewer's context (false without one).
 */
export async function profiledUser(
  db: Executor,
  id: number,
  viewer?: { userId: number; context: RoleContext | null },
): Promise<ProfiledUser | null> {
  const [row] = await db
    .select({
      user: users,
      categoryTotals: sql<CategoryTotal[]>`coalesce((
        select json_agg(json_build_object('category', t.category, 'sum', t.score_sum, 'count', t.score_count))
        from user_category_totals t where t.user_id = ${PROFILED_ID} and t.score_count > 0), '[]'::json)`,
      viewerHasRated: viewer?.context
        ? sql<boolean>`exists(select 1 from ratings r where r.rater_id = ${viewer.userId}
            and r.ratee_id = ${PROFILED_ID} and r.role_context = ${viewer.context})`
        : sql<boolean>`false`,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true), ne(users.userRole, 'moderator')));
  return row ?? null;
}
