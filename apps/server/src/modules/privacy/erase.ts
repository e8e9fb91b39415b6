// Erasing an account (DESIGN §8.3): one transaction that removes the person and everything about
// them, keeps every aggregate exact through the ratings machinery, and leaves in the audit log only
// that an account was deleted.
import { randomUUID } from 'node:crypto';
import { type RatingsGivenChoice, TOMBSTONE_NAME } from '@workspace/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnonymousHold } from '../../config/env.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  flags,
  grievances,
  passwordResets,
  ratingAppeals,
  ratingDisputes,
  ratings,
  refreshFamilies,
  suspensionHiddenRatings,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transactions.ts';
import { recordAction } from '../moderation/repository.ts';
import { deleteAsWithdrawn } from '../ratings/repository.ts';
import { createUser, touchUsers } from '../users/repository.ts';
import { dropEmptyTombstones, TOMBSTONE_PASSWORD_HASH, tombstoneEmail } from '../users/tombstone.ts';

/**
 * A rater for the ratings a deleted account kept: a row of its own per deletion (so one
 * rating per ratee and context still holds) with no name, email, password or sign-in.
 */
async function tombstone(tx: Executor, role: 'employee' | 'employer'): Promise<number> {
  const row = await createUser(tx, {
    email: tombstoneEmail(randomUUID()),
    // Not an argon2 hash: no password verifies against it.
    passwordHash: TOMBSTONE_PASSWORD_HASH,
    fullName: TOMBSTONE_NAME,
    role,
    city: '',
  });
  await tx.update(users).set({ isActive: false }).where(eq(users.id, row.id));
  return row.id;
}

/**
 * Erases the account `userId`. With `DELETE` and `hold` 'day' (ADR 0030), the anonymous ratings it gave
 * that others can see (published, or held back while disputed) leave with the next day's release
 * instead (releaseErasedRatings): until then they belong to a placeholder rater tied to no person.
 */
export async function eraseAccount(
  db: Db,
  userId: number,
  ratingsGiven: RatingsGivenChoice,
  hold: AnonymousHold,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.userRole })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return;

    // Locked as read: the status read decides what leaves the aggregates, and the release of held
    // ratings (ADR 0030) must not publish one between here and its delete.
    const given = await tx
      .select({
        id: ratings.id,
        rateeId: ratings.rateeId,
        status: ratings.status,
        isAnonymous: ratings.isAnonymous,
      })
      .from(ratings)
      .where(eq(ratings.raterId, userId))
      .for('update');
    const received = await tx
      .select({ id: ratings.id, raterId: ratings.raterId })
      .from(ratings)
      .where(eq(ratings.rateeId, userId));

    // Their suspension's bookkeeping goes; the ratings it hid stay hidden if they are kept. Those a
    // reinstatement left waiting for the next day's release (ADR 0030) still come back then, and those
    // it left published until then still leave then, kept as others saw them: changed now, they would
    // change as the account goes.
    await tx
      .delete(suspensionHiddenRatings)
      .where(
        and(
          eq(suspensionHiddenRatings.userId, userId),
          isNull(suspensionHiddenRatings.reinstatedAt),
          isNull(suspensionHiddenRatings.leavingSince),
        ),
      );
    // Flags they filed.
    await tx.delete(flags).where(eq(flags.reporterId, userId));

    if (ratingsGiven === 'DELETE') {
      // An anonymous rating others see, gone in the minute the account went from the directory, would
      // tell its ratee who wrote it: it waits for the day's release, tied to no person (drizzle/0055).
      const role = user.role;
      const seenAnonymous = (r: (typeof given)[number]) =>
        hold === 'day' &&
        role !== 'moderator' &&
        r.isAnonymous &&
        (r.status === 'published' || r.status === 'disputed');
      const leaving = given.filter(seenAnonymous).map((r) => r.id);
      const now = given.filter((r) => !seenAnonymous(r));
      // Withdrawn as their author would withdraw them: their flags, disputes and appeals stay for the
      // record, what was open closed (DESIGN §9.1); out of the ratees' aggregates before they go. Only
      // their ratees move: a rating left waiting moves nothing of its ratee, not even a view version.
      await deleteAsWithdrawn(
        tx,
        now.map((r) => ({ id: r.id, rateeId: r.rateeId, published: r.status === 'published' })),
      );
      if (leaving.length > 0 && role !== 'moderator') {
        // A waiting edit goes: it would change the rating as the account goes. So does a suspension's
        // mark: the release deletes the rating all the same.
        const keeper = await tombstone(tx, role);
        await tx
          .update(ratings)
          .set({ raterId: keeper, heldEdit: null, heldEditAt: null, authorErasedAt: sql`now()` })
          .where(inArray(ratings.id, leaving));
        await tx.delete(suspensionHiddenRatings).where(inArray(suspensionHiddenRatings.ratingId, leaving));
      }
    } else if (given.length > 0 && user.role !== 'moderator') {
      // Kept with no link to any person: aggregates are unchanged, but the ratees' pages now show
      // these as anonymous. An edit still waiting for the next day (ADR 0030) goes with the account:
      // kept means kept as others saw them.
      const keeper = await tombstone(tx, user.role);
      await tx
        .update(ratings)
        .set({ raterId: keeper, isAnonymous: true, heldEdit: null, heldEditAt: null })
        .where(eq(ratings.raterId, userId));
      await tx
        .update(suspensionHiddenRatings)
        .set({ userId: keeper })
        .where(eq(suspensionHiddenRatings.userId, userId));
      await touchUsers(tx, [...new Set(given.map((r) => r.rateeId))]);
    }

    // Ratings received: gone with their scores, flags, disputes (which the person wrote) and appeals.
    // The raters' own lists change.
    if (received.length > 0) {
      const ids = received.map((r) => r.id);
      await tx.delete(flags).where(inArray(flags.ratingId, ids));
      await tx.delete(ratingDisputes).where(inArray(ratingDisputes.ratingId, ids));
      await tx.delete(ratingAppeals).where(inArray(ratingAppeals.ratingId, ids));
      await tx.delete(ratings).where(eq(ratings.rateeId, userId));
      await touchUsers(tx, [...new Set(received.map((r) => r.raterId))]);
      // A deleted account's placeholder whose last rating this was goes too.
      await dropEmptyTombstones(
        tx,
        received.map((r) => r.raterId),
      );
    }

    await tx.delete(refreshFamilies).where(eq(refreshFamilies.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    // Grievances they filed stay for the record (the ticket, its text and outcome) without them: no
    // email (DESIGN §9.1), and no account (set null below).
    await tx.update(grievances).set({ email: null }).where(eq(grievances.userId, userId));
    // Consents cascade.
    await tx.delete(users).where(eq(users.id, userId));
    await recordAction(tx, {
      moderatorId: null,
      action: 'delete_account',
      targetType: 'user',
      targetId: userId,
      reason: null,
    });
  });
}
