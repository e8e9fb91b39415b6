// The moderation actions. Each runs in one transaction that changes the status, moves the stored
// aggregates with applyRatings (so averages follow at once) and appends to the moderation log.
// Each action locks what it changes before reading its state, a user before that user's ratings, so
// concurrent actions wait for each other; only ratings whose status the action changed reach
// applyRatings, so each counts exactly once. applyRatings also locks the ratees, so two users who
// rated each other and are suspended at the same moment can still deadlock: PostgreSQL then aborts
// one transaction, which is simply run again.
import { MSG, NOTIFICATION_LINKS, type RatingStatus } from '@workspace/contracts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnonymousHold } from '../../config/env.ts';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import {
  flags,
  ratingAppeals,
  ratingDisputes,
  ratingReplies,
  ratings,
  suspensionHiddenRatings,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transactions.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { recordNotification } from '../notifications/repository.ts';
import { anotherModeratorRejects, lockRating } from '../rating-actions/repository.ts';
import { applyRatings } from '../ratings/aggregates.ts';
import { ratee, rater, withNames } from '../ratings/repository.ts';
import { touchUsers } from '../users/repository.ts';
import { isTombstone } from '../users/tombstone.ts';
import { actionOpenFlags, recordAction, revokeRefreshFamilies, tellReporters } from './repository.ts';

async function lockUser(tx: Executor, userId: number, mode: 'no key update' | 'share') {
  const [row] = await tx
    .select({ role: users.userRole, isActive: users.isActive, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for(mode);
  if (!row) throw notFound(MSG.userNotFound);
  return row;
}

/** An anonymous rating hidden by its author's suspension, coming back with the next release (ADR 0030). */
const returning = (ratingId: number) =>
  and(eq(suspensionHiddenRatings.ratingId, ratingId), isNotNull(suspensionHiddenRatings.reinstatedAt));

/** A suspended user's anonymous rating still published, leaving with the next release (drizzle/0054). */
const leaving = (ratingId: number) =>
  and(eq(suspensionHiddenRatings.ratingId, ratingId), isNotNull(suspensionHiddenRatings.leavingSince));

/**
 * published -> hidden; the rating's open flags are settled as acted upon. A rating coming back with
 * the next day's release after its author's reinstatement is kept hidden instead.
 */
export async function hideRating(db: Db, moderatorId: number, ratingId: number, reason: string) {
  await inTransaction(db, async (tx) => {
    const rating = await lockRating(tx, ratingId);
    if (rating.status === 'hidden') {
      const kept = await tx.delete(suspensionHiddenRatings).where(returning(ratingId)).returning();
      if (kept.length === 0) throw badRequest(MSG.alreadyHidden);
    } else {
      await tx.update(ratings).set({ status: 'hidden' }).where(eq(ratings.id, ratingId));
      // A rating held back by an open dispute no longer counts already.
      if (rating.status === 'published') await applyRatings(tx, [ratingId], -1);
      // Hidden for cause: no longer one its author's suspension hides, nor their reinstatement returns.
      await tx.delete(suspensionHiddenRatings).where(leaving(ratingId));
    }
    await actionOpenFlags(tx, ratingId, moderatorId);
    await recordAction(tx, {
      moderatorId,
      action: 'hide_rating',
      targetType: 'rating',
      targetId: ratingId,
      reason,
    });
    await recordNotification(tx, {
      userId: rating.raterId,
      type: 'rating_hidden',
      params: { reason },
      link: NOTIFICATION_LINKS.ratingsGiven,
      aboutRating: ratingId,
    });
  });
}

/**
 * hidden -> published. Refused while the rater is suspended: a suspended user's ratings stay hidden
 * until they are reinstated; and for an anonymous one their reinstatement left for the next release.
 */
export async function restoreRating(db: Db, moderatorId: number, ratingId: number, reason: string) {
  await inTransaction(db, async (tx) => {
    const [found] = await tx
      .select({
        raterId: ratings.raterId,
        rateeId: ratings.rateeId,
        // A dispute of it upheld: the rated party who filed it is told it is back.
        disputeUpheld: sql<boolean>`exists (select 1 from rating_disputes d
          where d.rating_id = ${ratingId} and d.outcome = 'UPHELD')`,
      })
      .from(ratings)
      .where(eq(ratings.id, ratingId))
      .limit(1);
    if (!found) throw notFound(MSG.ratingNotFound);
    // The rater first, then the rating: the order suspendUser locks them in.
    const rater = await lockUser(tx, found.raterId, 'share');
    const rating = await lockRating(tx, ratingId);
    if (rating.status !== 'hidden') throw badRequest(MSG.notHidden);
    // A deleted account's kept ratings stay published as theirs did: only a suspension holds one back.
    if (!rater.isActive && !isTombstone(rater)) throw badRequest(MSG.raterSuspended);
    // Published now, it would reappear at a moment tied to its author's reinstatement: it waits.
    const [waiting] = await tx.select().from(suspensionHiddenRatings).where(returning(ratingId));
    if (waiting) throw badRequest(MSG.ratingReturnsTomorrow);
    await tx.update(ratings).set({ status: 'published' }).where(eq(ratings.id, ratingId));
    await applyRatings(tx, [ratingId], 1);
    await tx.delete(suspensionHiddenRatings).where(eq(suspensionHiddenRatings.ratingId, ratingId));
    // Restoring grants the author's open appeal, if there is one.
    const granted = await tx
      .update(ratingAppeals)
      .set({ status: 'restored', decisionReason: reason, decidedAt: sql`now()`, decidedBy: moderatorId })
      .where(and(eq(ratingAppeals.ratingId, ratingId), eq(ratingAppeals.status, 'open')))
      .returning({ id: ratingAppeals.id });
    await recordNotification(
      tx,
      granted.length > 0
        ? {
            userId: found.raterId,
            type: 'appeal_decided',
            params: { outcome: 'restored', reason },
            link: NOTIFICATION_LINKS.ratingsGiven,
            aboutRating: ratingId,
          }
        : {
            userId: found.raterId,
            type: 'rating_restored',
            params: { reason },
            link: NOTIFICATION_LINKS.ratingsGiven,
            aboutRating: ratingId,
          },
    );
    // The rated party whose dispute hid it is told it is back, without the reason: moderators write
    // it for the author (the appeal queue says so).
    if (found.disputeUpheld) {
      await recordNotification(tx, {
        userId: found.rateeId,
        type: 'rating_restored',
        params: { side: 'rated' },
        link: NOTIFICATION_LINKS.disputesFiled,
      });
    }
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
export async function dismissFlag(db: Db, moderatorId: number, flagId: number, reason: string) {
  await inTransaction(db, async (tx) => {
    const [flag] = await tx
      .select({ status: flags.status, reporterId: flags.reporterId, ratingId: flags.ratingId })
      .from(flags)
      .where(eq(flags.id, flagId))
      .for('update');
    if (!flag) throw notFound(MSG.flagNotFound);
    if (flag.status !== 'open') throw badRequest(MSG.flagAlreadyResolved);
    await tx
      .update(flags)
      .set({ status: 'dismissed', resolvedAt: new Date(), resolvedBy: moderatorId })
      .where(eq(flags.id, flagId));
    if (flag.reporterId === null) {
      // An automatic flag decided: the ratee's page may lose its unusual-activity notice.
      const [rated] = await tx
        .select({ rateeId: ratings.rateeId })
        .from(ratings)
        .where(eq(ratings.id, flag.ratingId));
      if (rated) await touchUsers(tx, [rated.rateeId]);
    } else {
      // Its reporter is told the rating stays, and why (REASON_READ_BY), in the app only (ADR 0034).
      await tellReporters(tx, [flagId], 'kept', reason);
    }
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
 * published, remembering which, so that reinstating restores exactly those. With the hold on (ADR
 * 0030) their published anonymous ratings leave with the next day's release instead
 * (releaseLeavingRatings): their profile and an anonymous rating vanishing in the same minute would
 * name its author to the company.
 */
export async function suspendUser(
  db: Db,
  moderatorId: number,
  userId: number,
  reason: string,
  options: { hold: AnonymousHold },
) {
  const leaveLater = options.hold === 'day';
  return inTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId, 'no key update');
    if (user.role === 'moderator') throw badRequest(MSG.cannotSuspendModerator);
    if (isTombstone(user)) throw badRequest(MSG.accountDeleted);
    if (!user.isActive) throw badRequest(MSG.alreadySuspended);
    await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
    await revokeRefreshFamilies(tx, userId);
    // Their published ratings and those still held for the next day's release (ADR 0030), which
    // would otherwise be published then; only the published ones counted.
    const hidden = await queryRows<{ id: number; was: RatingStatus }>(
      tx,
      sql`with target as (
            select id, status from ratings where rater_id = ${userId} and status in ('published', 'held')
              and not (${leaveLater} and status = 'published' and is_anonymous) for update
          )
          update ratings r set status = 'hidden' from target t where r.id = t.id returning r.id, t.status as was`,
    );
    if (leaveLater) {
      await tx.execute(sql`insert into suspension_hidden_ratings (rating_id, user_id, leaving_since)
        select id, rater_id, now() from ratings where rater_id = ${userId} and status = 'published' and is_anonymous
        on conflict (rating_id) do update set leaving_since = now(), reinstated_at = null`);
    }
    const ids = hidden.map((r) => r.id);
    // Ratings a former reinstatement left waiting for the release (ADR 0030) stay hidden by this one.
    await tx
      .update(suspensionHiddenRatings)
      .set({ reinstatedAt: null })
      .where(eq(suspensionHiddenRatings.userId, userId));
    await applyRatings(
      tx,
      hidden.filter((r) => r.was === 'published').map((r) => r.id),
      -1,
    );
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

/**
 * Activates the user again and publishes the ratings their suspension hid: named ones at once and,
 * with the hold on (ADR 0030), anonymous ones with the next day's release (releaseReturningRatings),
 * since their account and an anonymous rating reappearing in the same minute would name its author.
 */
export async function reinstateUser(
  db: Db,
  moderatorId: number,
  userId: number,
  reason: string,
  options: { hold: AnonymousHold },
) {
  return inTransaction(db, async (tx) => {
    const user = await lockUser(tx, userId, 'no key update');
    // A deleted account's tombstone is inactive but was never suspended: reinstating it would list it.
    if (isTombstone(user)) throw badRequest(MSG.accountDeleted);
    if (user.isActive) throw badRequest(MSG.notSuspended);
    await tx.update(users).set({ isActive: true }).where(eq(users.id, userId));
    if (options.hold === 'day') {
      await tx.execute(sql`update suspension_hidden_ratings s set reinstated_at = now() from ratings r
        where s.user_id = ${userId} and r.id = s.rating_id and r.is_anonymous`);
    }
    const remembered = await tx
      .delete(suspensionHiddenRatings)
      .where(and(eq(suspensionHiddenRatings.userId, userId), isNull(suspensionHiddenRatings.reinstatedAt)))
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

/**
 * Hides the rated party's reply: it leaves every view but its author's, who is told why and may
 * remove it to write another, or appeal through a grievance; the rating stays as it is.
 */
export async function hideReply(db: Db, moderatorId: number, ratingId: number, reason: string) {
  await inTransaction(db, async (tx) => {
    const [rating] = await tx
      .select({ rateeId: ratings.rateeId })
      .from(ratings)
      .where(eq(ratings.id, ratingId))
      .for('update');
    if (!rating) throw notFound(MSG.ratingNotFound);
    const hidden = await tx
      .update(ratingReplies)
      .set({ hiddenAt: sql`now()`, hiddenReason: reason })
      .where(and(eq(ratingReplies.ratingId, ratingId), isNull(ratingReplies.hiddenAt)))
      .returning({ id: ratingReplies.ratingId });
    if (hidden.length === 0) throw badRequest(MSG.noReply);
    await touchUsers(tx, [rating.rateeId]);
    await recordNotification(tx, {
      userId: rating.rateeId,
      type: 'reply_hidden',
      params: { reason },
      link: NOTIFICATION_LINKS.ratingsReceived,
    });
    await recordAction(tx, {
      moderatorId,
      action: 'hide_reply',
      targetType: 'rating',
      targetId: ratingId,
      reason,
    });
  });
}

/**
 * Decides an open dispute. UPHELD hides the rating (its author sees the reason and may appeal);
 * REJECTED publishes a rating its dispute held back, unless its author is suspended meanwhile: then
 * it stays hidden with their other ratings and comes back when they are reinstated.
 */
export async function decideDispute(
  db: Db,
  moderatorId: number,
  disputeId: number,
  decision: { outcome: 'UPHELD' | 'REJECTED'; reason: string },
) {
  return inTransaction(db, async (tx) => {
    const [dispute] = await tx
      .select({ ratingId: ratingDisputes.ratingId, status: ratingDisputes.status })
      .from(ratingDisputes)
      .where(eq(ratingDisputes.id, disputeId));
    if (!dispute) throw notFound(MSG.disputeNotFound);
    const [found] = await tx
      .select({ raterId: ratings.raterId })
      .from(ratings)
      .where(eq(ratings.id, dispute.ratingId));
    if (!found) throw notFound(MSG.disputeNotFound);
    // The rater, then the rating, then the dispute: the order the other actions lock them in.
    const author = await lockUser(tx, found.raterId, 'share');
    const rating = await lockRating(tx, dispute.ratingId);
    const [locked] = await tx
      .select({ status: ratingDisputes.status })
      .from(ratingDisputes)
      .where(eq(ratingDisputes.id, disputeId))
      .for('update');
    if (locked?.status !== 'open') throw badRequest(MSG.disputeAlreadyDecided);

    if (decision.outcome === 'UPHELD' && rating.status !== 'hidden') {
      await tx.update(ratings).set({ status: 'hidden' }).where(eq(ratings.id, dispute.ratingId));
      if (rating.status === 'published') await applyRatings(tx, [dispute.ratingId], -1);
      await actionOpenFlags(tx, dispute.ratingId, moderatorId);
      await tx.delete(suspensionHiddenRatings).where(leaving(dispute.ratingId));
    } else if (decision.outcome === 'UPHELD') {
      // Already hidden by its author's suspension: now hidden for cause, so that reinstating them (or
      // the release after it) does not publish a rating whose dispute was upheld.
      await tx.delete(suspensionHiddenRatings).where(eq(suspensionHiddenRatings.ratingId, dispute.ratingId));
    }
    if (decision.outcome === 'REJECTED' && rating.status === 'disputed') {
      // A deleted account's placeholder is inactive but not suspended: its rating is published as
      // any other's (and one waiting for the release's deletion then goes with it, drizzle/0055).
      if (author.isActive || isTombstone(author)) {
        await tx.update(ratings).set({ status: 'published' }).where(eq(ratings.id, dispute.ratingId));
        await applyRatings(tx, [dispute.ratingId], 1);
      } else {
        await tx.update(ratings).set({ status: 'hidden' }).where(eq(ratings.id, dispute.ratingId));
        await tx
          .insert(suspensionHiddenRatings)
          .values({ ratingId: dispute.ratingId, userId: found.raterId })
          .onConflictDoUpdate({ target: suspensionHiddenRatings.ratingId, set: { leavingSince: null } });
      }
    }
    await tx
      .update(ratingDisputes)
      .set({
        status: 'decided',
        outcome: decision.outcome,
        decisionReason: decision.reason,
        decidedAt: sql`now()`,
        decidedBy: moderatorId,
      })
      .where(eq(ratingDisputes.id, disputeId));
    const [parties] = await withNames(
      tx
        .select({
          rateeId: ratings.rateeId,
          rateeName: ratee.fullName,
          rateeEmail: ratee.email,
          raterEmail: rater.email,
        })
        .from(ratings)
        .$dynamic(),
    ).where(eq(ratings.id, dispute.ratingId));
    if (parties) await touchUsers(tx, [parties.rateeId]);
    // Both parties are told; neither learns who the other is beyond what they already knew.
    const told = { outcome: decision.outcome, reason: decision.reason };
    await recordNotification(tx, {
      userId: found.raterId,
      type: 'dispute_decided',
      params: { ...told, side: 'author' },
      link: NOTIFICATION_LINKS.ratingsGiven,
      aboutRating: dispute.ratingId,
    });
    if (parties) {
      await recordNotification(tx, {
        userId: parties.rateeId,
        type: 'dispute_decided',
        params: { ...told, side: 'rated' },
        link: NOTIFICATION_LINKS.disputesFiled,
      });
    }
    await recordAction(tx, {
      moderatorId,
      action: 'decide_dispute',
      targetType: 'dispute',
      targetId: disputeId,
      reason: `${decision.outcome}: ${decision.reason}`,
    });
    return parties;
  });
}

/** Rejects an open appeal: the rating stays hidden, and its author sees why. */
export async function rejectAppeal(db: Db, moderatorId: number, appealId: number, reason: string) {
  await inTransaction(db, async (tx) => {
    const [appeal] = await tx
      .select({ ratingId: ratingAppeals.ratingId, status: ratingAppeals.status })
      .from(ratingAppeals)
      .where(eq(ratingAppeals.id, appealId))
      .for('update');
    if (!appeal) throw notFound(MSG.appealNotFound);
    if (appeal.status !== 'open') throw badRequest(MSG.appealAlreadyDecided);
    // No one rejects an appeal against their own decision while someone else can judge it.
    const [own] = await queryRows<{ another: boolean }>(
      tx,
      sql`select ${anotherModeratorRejects(appeal.ratingId, moderatorId)} as another`,
    );
    if (own?.another) throw forbidden(MSG.appealOwnDecision);
    await tx
      .update(ratingAppeals)
      .set({ status: 'rejected', decisionReason: reason, decidedAt: sql`now()`, decidedBy: moderatorId })
      .where(eq(ratingAppeals.id, appealId));
    const [author] = await tx
      .select({ raterId: ratings.raterId })
      .from(ratings)
      .where(eq(ratings.id, appeal.ratingId));
    if (author) {
      await recordNotification(tx, {
        userId: author.raterId,
        type: 'appeal_decided',
        params: { outcome: 'rejected', reason },
        link: NOTIFICATION_LINKS.ratingsGiven,
        aboutRating: appeal.ratingId,
      });
    }
    await recordAction(tx, {
      moderatorId,
      action: 'reject_appeal',
      targetType: 'appeal',
      targetId: appealId,
      reason,
    });
  });
}
