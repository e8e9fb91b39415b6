// Reads behind the public profile pages: the profiled user and their per-category totals.
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type UserRow, userCategoryTotals, users } from '../../db/schema/index.ts';

/** An active employee or employer; suspended users and moderators have no public profile. */
export async function profiledUser(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true), ne(users.userRole, 'moderator')));
  return row ?? null;
}

/** The user's category sums over published ratings received (kept exact by applyRatings). */
export function categoryTotals(db: Executor, userId: number) {
  return db
    .select({
      category: userCategoryTotals.category,
      sum: userCategoryTotals.scoreSum,
      count: userCategoryTotals.scoreCount,
    })
    .from(userCategoryTotals)
    .where(and(eq(userCategoryTotals.userId, userId), gt(userCategoryTotals.scoreCount, 0)));
}
