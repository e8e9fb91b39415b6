// Rows for the moderation tests, written straight into the database so these tests do not depend on
// sign-up or rating endpoints: users (with an access token), and ratings with their category scores,
// counted into the aggregates in the same transaction as the real rating service does.
import { overallScoreTenths, RATING_CATEGORIES, type UserRole } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { ratings, users } from '../../src/db/schema/index.ts';
import { applyRatings } from '../../src/modules/ratings/aggregates.ts';
import { newUserCode } from '../../src/modules/users/user-code.ts';
import { sessionToken, type TestContext } from '../helpers.ts';

export interface TestUser {
  id: number;
  name: string;
  role: UserRole;
  email: string;
  userCode: string;
  token: string;
}

let sequence = 0;

export async function insertUser(
  ctx: TestContext,
  role: UserRole,
  options: { name?: string; showRatingDetails?: boolean; passwordHash?: string } = {},
): Promise<TestUser> {
  sequence += 1;
  const name = options.name ?? `${role} ${sequence}`;
  const email = `${role}.${sequence}.${process.pid}@example.in`;
  const [row] = await ctx.deps.db
    .insert(users)
    .values({
      userCode: newUserCode(role),
      email,
      passwordHash: options.passwordHash ?? 'not-a-password-hash',
      fullName: name,
      userRole: role,
      city: 'Pune',
      showRatingDetails: options.showRatingDetails ?? true,
    })
    .returning({ id: users.id, userCode: users.userCode });
  if (!row) throw new Error('user insert returned nothing');
  const token = await sessionToken(ctx, row.id);
  return { id: row.id, name, role, email, userCode: row.userCode, token };
}

/** A published rating from `rater` (employee or employer) of `ratee`; `scores` in category order. */
export async function insertRating(
  ctx: TestContext,
  rater: TestUser,
  ratee: TestUser,
  scores: readonly number[],
  options: { anonymous?: boolean; feedback?: string } = {},
): Promise<number> {
  const context = rater.role === 'employee' ? 'EMPLOYEE_TO_COMPANY' : 'EMPLOYER_TO_EMPLOYEE';
  return ctx.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ratings)
      .values({
        raterId: rater.id,
        rateeId: ratee.id,
        roleContext: context,
        isAnonymous: options.anonymous ?? false,
        feedbackMessage: options.feedback ?? null,
        overallTenths: overallScoreTenths(scores),
        scores: Object.fromEntries(scores.map((score, index) => [RATING_CATEGORIES[context][index], score])),
      })
      .returning({ id: ratings.id });
    if (!row) throw new Error('rating insert returned nothing');
    await applyRatings(tx, [row.id], 1);
    return row.id;
  });
}

/** A user's stored aggregates, as the API shows them. */
export async function aggregatesOf(ctx: TestContext, userId: number) {
  const [row] = await ctx.deps.db
    .select({ rating: users.ratingTenths, total: users.totalRatingsReceived })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return { rating_received: row.rating / 10, total_ratings_received: row.total };
}

export async function statusOf(ctx: TestContext, ratingId: number) {
  const [row] = await ctx.deps.db
    .select({ status: ratings.status })
    .from(ratings)
    .where(eq(ratings.id, ratingId));
  return row?.status;
}
