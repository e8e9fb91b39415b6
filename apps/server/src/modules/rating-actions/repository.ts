// Reads of disputes and appeals: the rated party's own disputes, and the moderators' queues. Each
// brings its ratings with the columns every rating view is made from (ratings/repository.ts).
import {
  type ModerationAppeal,
  type ModerationDispute,
  MSG,
  type RatedPartyDispute,
  type RatingStatus,
  type RoleContext,
  withdrawalLocksRatingAgain,
} from '@workspace/contracts';
import { asc, count, desc, eq, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ratingAppeals, ratingDisputes, ratings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { hidingInForce, RATING_COLUMNS, rater, withNames } from '../ratings/repository.ts';
import { moderatorRatingView, toRatingView } from '../ratings/serialize.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export interface LockedRating {
  id: number;
  raterId: number;
  rateeId: number;
  roleContext: RoleContext;
  isAnonymous: boolean;
  status: RatingStatus;
  createdAt: Date;
}

/** Locks the rating's row for this transaction; 404 when there is none. */
export async function lockRating(tx: Executor, ratingId: number): Promise<LockedRating> {
  const [row] = await tx
    .select({
      id: ratings.id,
      raterId: ratings.raterId,
      rateeId: ratings.rateeId,
      roleContext: ratings.roleContext,
      isAnonymous: ratings.isAnonymous,
      status: ratings.status,
      createdAt: ratings.createdAt,
    })
    .from(ratings)
    .where(eq(ratings.id, ratingId))
    .for('update');
  if (!row) throw notFound(MSG.ratingNotFound);
  return row;
}

function disputeRows(db: Executor, where: SQL | undefined, order: SQL[], page: Page) {
  return withNames(
    db
      .select({ dispute: ratingDisputes, rating: RATING_COLUMNS, raterCode: rater.userCode })
      .from(ratingDisputes)
      .innerJoin(ratings, eq(ratings.id, ratingDisputes.ratingId))
      .$dynamic(),
  )
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

async function countOf(
  db: Executor,
  table: typeof ratingDisputes | typeof ratingAppeals,
  where: SQL | undefined,
) {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .innerJoin(ratings, eq(ratings.id, table.ratingId))
    .where(where);
  return row?.n ?? 0;
}

function disputeFields(d: typeof ratingDisputes.$inferSelect) {
  return {
    id: d.id,
    reason: d.reason,
    details: d.details,
    status: d.status,
    outcome: d.outcome,
    decision_reason: d.decisionReason,
    created_at: d.createdAt.toISOString(),
    due_at: d.dueAt.toISOString(),
    decided_at: iso(d.decidedAt),
  };
}

/** The disputes the user filed as the rated party, newest first, each rating as they see it. */
export async function disputesOfRatee(
  db: Executor,
  userId: number,
  page: Page,
  badgeMin: number,
): Promise<{ items: RatedPartyDispute[]; total: number }> {
  const where = eq(ratings.rateeId, userId);
  const [rows, total] = await Promise.all([
    disputeRows(db, where, [desc(ratingDisputes.createdAt), desc(ratingDisputes.id)], page),
    countOf(db, ratingDisputes, where),
  ]);
  return {
    total,
    items: rows.map((row) => ({
      ...disputeFields(row.dispute),
      rating: toRatingView(row.rating, userId, badgeMin),
    })),
  };
}

/** The moderators' dispute queue: open ones by due date (so the overdue come first), or decided ones. */
export async function disputeQueue(
  db: Executor,
  status: 'open' | 'decided',
  page: Page,
  badgeMin: number,
  now = new Date(),
): Promise<{ items: ModerationDispute[]; total: number }> {
  const where = eq(ratingDisputes.status, status);
  const order =
    status === 'open'
      ? [asc(ratingDisputes.dueAt), asc(ratingDisputes.id)]
      : [desc(ratingDisputes.decidedAt), desc(ratingDisputes.id)];
  const [rows, total] = await Promise.all([
    disputeRows(db, where, order, page),
    countOf(db, ratingDisputes, where),
  ]);
  return {
    total,
    items: rows.map((row) => ({
      ...disputeFields(row.dispute),
      rating: moderatorRatingView(row.rating, row.raterCode, badgeMin),
      overdue: row.dispute.status === 'open' && row.dispute.dueAt < now,
    })),
  };
}

/**
 * Whether `moderatorId` made the decision that hides rating `ratingId` (hidingInForce: a hiding, or
 * the upholding of a dispute) while another moderator is active: then rejecting its appeal is the other's.
 * With one moderator, they decide it; restoring, in the author's favour, is never barred.
 */
export const anotherModeratorRejects = (
  ratingId: SQL | SQLWrapper | number,
  moderatorId: number,
) => sql<boolean>`(
  coalesce((select h.by = ${moderatorId} from ${hidingInForce(ratingId)} h), false)
  and exists (select 1 from users m
    where m.user_role = 'moderator' and m.is_active and m.id <> ${moderatorId}))`;

/** The moderators' appeal queue: open ones oldest first, or decided ones newest first. */
export async function appealQueue(
  db: Executor,
  status: 'open' | 'decided',
  page: Page,
  badgeMin: number,
  moderatorId: number,
): Promise<{ items: ModerationAppeal[]; total: number }> {
  const where = status === 'open' ? eq(ratingAppeals.status, 'open') : ne(ratingAppeals.status, 'open');
  const order =
    status === 'open'
      ? [asc(ratingAppeals.createdAt), asc(ratingAppeals.id)]
      : [desc(ratingAppeals.decidedAt), desc(ratingAppeals.id)];
  const [rows, total] = await Promise.all([
    withNames(
      db
        .select({
          appeal: ratingAppeals,
          rating: RATING_COLUMNS,
          raterCode: rater.userCode,
          anotherRejects: anotherModeratorRejects(ratingAppeals.ratingId, moderatorId),
        })
        .from(ratingAppeals)
        .innerJoin(ratings, eq(ratings.id, ratingAppeals.ratingId))
        .$dynamic(),
    )
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    countOf(db, ratingAppeals, where),
  ]);
  return {
    total,
    items: rows.map(({ appeal, rating, raterCode, anotherRejects }) => ({
      id: appeal.id,
      rating: moderatorRatingView(rating, raterCode, badgeMin),
      hidden_reason: rating.moderation?.reason ?? null,
      message: appeal.message,
      status: appeal.status,
      decision_reason: appeal.decisionReason,
      created_at: appeal.createdAt.toISOString(),
      decided_at: iso(appeal.decidedAt),
      another_moderator_rejects: appeal.status === 'open' && anotherRejects,
    })),
  };
}

/**
 * Whether a rating is under moderation as its author withdraws it (withdrawalLocksRatingAgain, read
 * with its dispute from the database).
 */
export async function underModeration(
  tx: Executor,
  rating: { id: number; status: string },
): Promise<boolean> {
  // Only a published rating needs its dispute read to tell.
  if (rating.status !== 'published') return withdrawalLocksRatingAgain({ ...rating, dispute: null });
  const [dispute] = await tx
    .select({ status: ratingDisputes.status, outcome: ratingDisputes.outcome })
    .from(ratingDisputes)
    .where(eq(ratingDisputes.ratingId, rating.id));
  return withdrawalLocksRatingAgain({ ...rating, dispute });
}
