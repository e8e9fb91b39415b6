// Both sides heard (DESIGN §8.1, ADR 0013): the rated party replies to and disputes a rating, its
// author edits, withdraws and appeals it. Each action runs in one transaction that locks the rating
// first, decides from what is stored under that lock, and moves the aggregates with applyRatings
// when a published rating stops or starts counting (or its scores change), so they stay exact when
// these actions race with each other, with new ratings and with moderation.
import {
  categoriesOfEdit,
  disputeDueAt,
  disputeHoldsRating,
  editableUntil,
  MSG,
  NOTIFICATION_LINKS,
  overallScoreTenths,
  rateAgainFrom,
  type ratingEditRequest,
  seenByItsAuthorAlone,
} from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnonymousHold } from '../../config/env.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type HeldEdit,
  ratingAppeals,
  ratingCooldowns,
  ratingDisputes,
  ratingReplies,
  ratings,
  withdrawnRatings,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transactions.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { nameParam, recordNotification } from '../notifications/repository.ts';
import { applyRatings } from '../ratings/aggregates.ts';
import { closeAsWithdrawn, hidingInForce, storedScores } from '../ratings/repository.ts';
import { touchUsers } from '../users/repository.ts';
import { type LockedRating, lockRating, underModeration } from './repository.ts';

/** The rated party, and only while the rating is published (what they can see of it). */
function asRatee(rating: LockedRating, userId: number, refusal: string) {
  if (rating.rateeId !== userId) throw forbidden(refusal);
  if (rating.status !== 'published') throw badRequest(MSG.ratingNotVisible);
}

export async function addReply(db: Db, userId: number, ratingId: number, message: string) {
  return inTransaction(db, async (tx) => {
    const rating = await lockRating(tx, ratingId);
    asRatee(rating, userId, MSG.onlyRateeMayReply);
    const [row] = await tx
      .insert(ratingReplies)
      .values({ ratingId, message })
      .onConflictDoNothing({ target: ratingReplies.ratingId })
      .returning();
    if (!row) throw badRequest(MSG.alreadyReplied);
    await touchUsers(tx, [rating.rateeId]);
    await recordNotification(tx, {
      userId: rating.raterId,
      type: 'reply_received',
      params: nameParam('ratee_name', rating.rateeId),
      link: NOTIFICATION_LINKS.ratingsGiven,
      aboutRating: ratingId,
    });
    return row;
  });
}

export async function editReply(db: Db, userId: number, ratingId: number, message: string) {
  return inTransaction(db, async (tx) => {
    const rating = await lockRating(tx, ratingId);
    asRatee(rating, userId, MSG.onlyRateeMayReply);
    const [row] = await tx
      .update(ratingReplies)
      .set({ message, updatedAt: sql`now()` })
      .where(eq(ratingReplies.ratingId, ratingId))
      .returning();
    if (!row) throw notFound(MSG.noReply);
    if (row.hiddenAt) throw badRequest(MSG.replyHiddenByModerator);
    await touchUsers(tx, [rating.rateeId]);
    return row;
  });
}

export async function deleteReply(db: Db, userId: number, ratingId: number) {
  await inTransaction(db, async (tx) => {
    const rating = await lockRating(tx, ratingId);
    if (rating.rateeId !== userId) throw forbidden(MSG.onlyRateeMayReply);
    const removed = await tx.delete(ratingReplies).where(eq(ratingReplies.ratingId, ratingId)).returning();
    if (removed.length === 0) throw notFound(MSG.noReply);
    await touchUsers(tx, [rating.rateeId]);
  });
}

export type RatingEdit = z.output<typeof ratingEditRequest>;

/**
 * The author's edit within EDIT_WINDOW_DAYS: new scores and/or feedback. A published rating's old
 * contribution leaves the aggregates and its new one enters them in the same transaction. With
 * ANONYMOUS_HOLD=day an edit of an anonymous rating others see is held instead, for the release to
 * apply after its day in India (ADR 0030): the moment it changed would date its author's visit.
 * `held` says which; a held edit is seen by its author alone meanwhile.
 */
export async function editRating(
  db: Db,
  userId: number,
  ratingId: number,
  edit: RatingEdit,
  options: { hold: AnonymousHold; now?: Date },
): Promise<{ rateeId: number; held: boolean }> {
  const now = options.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const rating = await lockRating(tx, ratingId);
    if (rating.raterId !== userId) throw forbidden(MSG.onlyRaterMayChange);
    if (rating.status === 'hidden') throw badRequest(MSG.cannotEditHidden);
    if (now > editableUntil(rating.createdAt)) {
      throw badRequest(MSG.editWindowClosed);
    }
    const scores = edit.category_scores;
    if (scores) {
      const errors = categoriesOfEdit(rating.roleContext, scores);
      if (Object.keys(errors).length > 0) throw new HttpError(400, MSG.validationFailed, errors);
    }
    const changes = {
      ...(scores
        ? { scores: storedScores(scores), overallTenths: overallScoreTenths(scores.map((s) => s.score)) }
        : {}),
      ...(edit.feedback_message !== undefined ? { feedbackMessage: edit.feedback_message } : {}),
    };
    if (options.hold === 'day' && rating.isAnonymous && !seenByItsAuthorAlone(rating.status)) {
      const held: HeldEdit = {
        ...(changes.scores ? { scores: changes.scores, overall_tenths: changes.overallTenths } : {}),
        ...(changes.feedbackMessage !== undefined ? { feedback_message: changes.feedbackMessage } : {}),
      };
      // Merged into an edit still waiting: the author's latest word on each field, on the latest day.
      await tx
        .update(ratings)
        .set({
          heldEdit: sql`coalesce(${ratings.heldEdit}, '{}'::jsonb) || ${JSON.stringify(held)}::jsonb`,
          heldEditAt: sql`now()`,
        })
        .where(eq(ratings.id, ratingId));
      // The author's own views of it (theirs are kept at their version); nobody else's moves.
      await touchUsers(tx, [userId]);
      return { rateeId: rating.rateeId, held: true };
    }
    const counts = rating.status === 'published';
    if (counts) await applyRatings(tx, [ratingId], -1);
    await tx
      .update(ratings)
      // An edit left waiting while ANONYMOUS_HOLD was 'day' gives way to this one, made at once. A held
      // rating is not marked edited: nobody saw it before, and it is published as it is then.
      .set({
        ...(seenByItsAuthorAlone(rating.status) ? {} : { editedAt: sql`now()` }),
        ...changes,
        heldEdit: null,
        heldEditAt: null,
      })
      .where(eq(ratings.id, ratingId));
    if (counts) await applyRatings(tx, [ratingId], 1);
    else if (!seenByItsAuthorAlone(rating.status)) await touchUsers(tx, [rating.rateeId]);
    return { rateeId: rating.rateeId, held: false };
  });
}

/**
 * The author withdraws the rating: it leaves every list and average at once, with its scores and
 * reply; a tombstone with its context and dates stays for the transparency report, and so do its
 * flags, dispute, appeal and audit rows (what was open is closed as withdrawn, DESIGN §9.1). A rating
 * withdrawn under moderation keeps the pair from rating again for RATE_AGAIN_AFTER_WITHDRAWAL_DAYS,
 * so that withdrawing and rating again cannot undo a hiding or a dispute.
 */
export async function withdrawRating(db: Db, userId: number, ratingId: number, now = new Date()) {
  await inTransaction(db, async (tx) => {
    const rating = await lockRating(tx, ratingId);
    if (rating.raterId !== userId) throw forbidden(MSG.onlyRaterMayChange);
    if (await underModeration(tx, rating)) {
      const until = rateAgainFrom(now);
      await tx
        .insert(ratingCooldowns)
        .values({ raterId: rating.raterId, rateeId: rating.rateeId, roleContext: rating.roleContext, until })
        .onConflictDoUpdate({
          target: [ratingCooldowns.raterId, ratingCooldowns.rateeId, ratingCooldowns.roleContext],
          set: { until },
        });
    }
    if (rating.status === 'published') await applyRatings(tx, [ratingId], -1);
    else if (!seenByItsAuthorAlone(rating.status)) await touchUsers(tx, [rating.rateeId]);
    await closeAsWithdrawn(tx, [ratingId]);
    // The transparency report's record of a rating posted and withdrawn; a held one was never posted
    // for anyone to see, and its tombstone would count at its author's moment.
    if (!seenByItsAuthorAlone(rating.status)) {
      await tx
        .insert(withdrawnRatings)
        .values({ roleContext: rating.roleContext, createdAt: rating.createdAt });
    }
    await tx.delete(ratings).where(eq(ratings.id, ratingId));
  });
}

export interface DisputeInput {
  reason: (typeof ratingDisputes.$inferInsert)['reason'];
  details: string;
}

/**
 * The rated party disputes the rating, once. A rating of an employee is held back while the dispute
 * is open (individuals are protected first); a rating of a company stays published until decided.
 */
export async function fileDispute(
  db: Db,
  userId: number,
  ratingId: number,
  input: DisputeInput,
  now = new Date(),
) {
  try {
    return await inTransaction(db, async (tx) => {
      const rating = await lockRating(tx, ratingId);
      if (rating.rateeId !== userId) throw forbidden(MSG.onlyRateeMayDispute);
      const [existing] = await tx
        .select({ id: ratingDisputes.id })
        .from(ratingDisputes)
        .where(eq(ratingDisputes.ratingId, ratingId));
      if (existing) throw badRequest(MSG.alreadyDisputed);
      if (rating.status !== 'published') throw badRequest(MSG.ratingNotVisible);
      const [row] = await tx
        .insert(ratingDisputes)
        .values({ ratingId, ...input, dueAt: disputeDueAt(now) })
        .returning();
      const held = disputeHoldsRating(rating.roleContext);
      if (held) {
        await applyRatings(tx, [ratingId], -1);
        await tx.update(ratings).set({ status: 'disputed' }).where(eq(ratings.id, ratingId));
      } else {
        await touchUsers(tx, [rating.rateeId]);
      }
      await recordNotification(tx, {
        userId: rating.raterId,
        type: 'dispute_opened',
        // Whether the rating is held back meanwhile, as the mail says.
        params: sql`${nameParam('ratee_name', rating.rateeId)} || jsonb_build_object('held', ${String(held)}::text)`,
        link: NOTIFICATION_LINKS.ratingsGiven,
        aboutRating: ratingId,
      });
      return row as typeof ratingDisputes.$inferSelect;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.alreadyDisputed);
    throw error;
  }
}

/** The author appeals, once, against the decision that hid their rating. */
export async function fileAppeal(db: Db, userId: number, ratingId: number, message: string) {
  return inTransaction(db, async (tx) => {
    const rating = await lockRating(tx, ratingId);
    if (rating.raterId !== userId) throw forbidden(MSG.onlyRaterMayAppeal);
    if (rating.status !== 'hidden') throw badRequest(MSG.appealOnlyHidden);
    // Against a decision: hidden by the author's suspension alone (coming back with the next release,
    // or once they are reinstated), there is none.
    const [decision] = await queryRows(tx, sql`select 1 from ${hidingInForce(ratingId)} h`);
    if (!decision) throw badRequest(MSG.appealNoDecision);
    const [row] = await tx
      .insert(ratingAppeals)
      .values({ ratingId, message })
      .onConflictDoNothing({ target: ratingAppeals.ratingId })
      .returning();
    if (!row) throw badRequest(MSG.alreadyAppealed);
    // Nothing the rated party sees changes: their version stays, or their cached pages missing now
    // would date the author's appeal. The author's own views follow their own version.
    await touchUsers(tx, [userId]);
    return row;
  });
}
