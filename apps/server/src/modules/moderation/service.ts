// The moderation actions. Each runs in one transaction that changes the status, moves the stored
// aggregates with applyRatings (so averages follow at once) and appends to the moderation log.
// Each action locks what it changes before reading its state, a user before that user's ratings, so
// concurrent actions wait for each other; only ratings whose status the action changed reach
// applyRatings, so each counts exactly once. applyRatings also locks the ratees, so two users who
// rated each other and are suspended at the same moment can still deadlock: PostgreSQL then aborts
// one transaction, which is simply run again.
import { MSG } from '@workspace/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { flags, ratings, suspensionHiddenRatings, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { applyRatings } from '../ratings/aggregates.ts';
import { actionOpenFlags, recordAction, revokeRefreshFamilies } from './repository.ts';

const DEADLOCK = '40P01';
const isDeadlock = (error: unknown): boolean => {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++, e = e.cause as typeof e) {
    if (e.code === DEADLOCK) return true;
  }
  return false;
};

export async function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= 3 || !isDeadlock(error)) throw error;
    }
  }
}

async function lockRatingStatus(tx: Executor, ratingId: number) {
  const [row] = await tx
    .select({ status: ratings.status })
    .from(ratings)
    .where(eq(ratings.id, ratingId))
    .for('update');
  if (!row) throw notFound(MSG.ratingNotFound);
  return row;
}

async function lockUser(tx: Executor, userId: number, mode: 'no key update' | 'share') {
  const [row] = await tx
    .select({ role: users.userRole, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .for(mode);
  if (!row) throw notFound(MSG.userNotFound);
  return row;
}

/** published -> hidden; the rating's open flags are settled as acted upon. */
export async function hideRating(db: Db, moderatorId: number, ratingId: number, reason: string) {
  await inTransaction(db, async (tx) => {
    const rating = await lockRatingStatus(tx, ratingId);
    if (rating.status === 'hidden') throw badRequest(MSG.alreadyHidden);
    await tx.update(ratings).set({ status: 'hidden' }).where(eq(ratings.id, ratingId));
    await applyRatings(tx, [ratingId], -1);
    await actionOpenFlags(tx, ratingId, moderatorId);
    await recordAction(tx, {
      moderatorId,
      action: 'hide_rating',
      targetType: 'rating',
      targetId: ratingId,
      reason,
    });
  });
}

/**
 * hidden -> published. Refused while the rater is suspended: a suspended user's ratings stay hidden
 * until they are reinstated.
 */
export async function restoreRating(db: Db, moderatorId: number, ratingId: number, reason: string) {
  await inTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ raterId: ratings.raterId })
      .from(ratings)
      .where(eq(ratings.id, ratingId))
      .limit(1);
    if (!found) throw notFound(MSG.ratingNotFound);
    // The rater first, then the rating: the order suspendUser locks them in.
    const rater = await lockUser(tx, found.raterId, 'share');
    const rating = await lockRatingStatus(tx, ratingId);
    if (rating.status !== 'hidden') throw badRequest(MSG.notHidden);
    if (!rater.isActive) throw badRequest(MSG.raterSuspended);
    await tx.update(ratings).set({ status: 'published' }).where(eq(ratings.id, ratingId));
    await applyRatings(tx, [ratingId], 1);
    await tx.delete(suspensionHiddenRatings).where(eq(suspensionHiddenRatings.ratingId, ratingId));
    await recordAction(tx, {
      moderatorId,
      action: 'restore_rating',
      targetType: 'rating',
      targetId: ratingId,
      reason,
    });
  });
}

/** open -> dismissed; the rating itself is left as it is. */
export async function dismissFlag(db: Db, moderatorId: number, flagId: number, reason: string | null) {
  await inTransaction(db, async (tx) => {
    const [flag] = await tx
      .select({ status: flags.status })
      .from(flags)
      .where(eq(flags.id, flagId))
      .for('update');
    if (!flag) throw notFound(MSG.flagNotFound);
    if (flag.status !== 'open') throw badRequest(MSG.flagAlreadyResolved);
    await tx
      .update(flags)
      .set({ status: 'dismissed', resolvedAt: new Date(), resolvedBy: moderatorId })
      .where(eq(flags.id, flagId));
    await recordAction(tx, {
      moderatorId,
      action: 'dismiss_flag',
      targetType: 'flag',
      targetId: flagId,
      reason,
    });
  });
}

/**
 * Deactivates the user, revokes every refresh family (their access tokens already fail, as the
 * session plugin checks is_active on each request) and hides every rating they gave that is still
 * published, remembering which, so that reinstating restores exactly those.
 */
export async function suspendUser(db: Db, moderatorId: number, userId: number, reason: string) {
  return inTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId, 'no key update');
    if (user.role === 'moderator') throw badRequest(MSG.cannotSuspendModerator);
    if (!user.isActive) throw badRequest(MSG.alreadySuspended);
    await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
    await revokeRefreshFamilies(tx, userId);
    const hidden = await tx
      .update(ratings)
      .set({ status: 'hidden' })
      .where(and(eq(ratings.raterId, userId), eq(ratings.status, 'published')))
      .returning({ id: ratings.id });
    const ids = hidden.map((r) => r.id);
    await applyRatings(tx, ids, -1);
    if (ids.length > 0) {
      await tx.insert(suspensionHiddenRatings).values(ids.map((ratingId) => ({ ratingId, userId })));
    }
    await recordAction(tx, {
      moderatorId,
      action: 'suspend_user',
      targetType: 'user',
      targetId: userId,
      reason,
    });
    return { hiddenRatings: ids.length };
  });
}

/** Activates the user again and publishes the ratings their suspension hid. */
export async function reinstateUser(db: Db, moderatorId: number, userId: number, reason: string) {
  return inTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId, 'no key update');
    if (user.isActive) throw badRequest(MSG.notSuspended);
    await tx.update(users).set({ isActive: true }).where(eq(users.id, userId));
    const remembered = await tx
      .delete(suspensionHiddenRatings)
      .where(eq(suspensionHiddenRatings.userId, userId))
      .returning({ id: suspensionHiddenRatings.ratingId });
    const published =
      remembered.length === 0
        ? []
        : await tx
            .update(ratings)
            .set({ status: 'published' })
            .where(
              and(
                inArray(
                  ratings.id,
                  remembered.map((r) => r.id),
                ),
                eq(ratings.status, 'hidden'),
              ),
            )
            .returning({ id: ratings.id });
    await applyRatings(
      tx,
      published.map((r) => r.id),
      1,
    );
    await recordAction(tx, {
      moderatorId,
      action: 'reinstate_user',
      targetType: 'user',
      targetId: userId,
      reason,
    });
    return { restoredRatings: published.length };
  });
}
