// Sessions (refresh-token families) and password-reset codes. Only digests are stored. Every
// state change that could race is a conditional UPDATE, so the database decides the one winner.
import { RESET_CODE_MAX_TRIES } from '@workspace/contracts';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResets, refreshFamilies, users } from '../../db/schema/index.ts';

// --- refresh families: one per sign-in; the family's current token is the only live one ---

export type RefreshFamily = typeof refreshFamilies.$inferSelect;

export async function createFamily(
  ex: Executor,
  family: { id: string; userId: number; currentJtiHash: string; expiresAt: Date; userAgent?: string | null },
): Promise<void> {
  await ex.insert(refreshFamilies).values(family);
}

export async function findFamily(ex: Executor, id: string): Promise<RefreshFamily | null> {
  const [row] = await ex.select().from(refreshFamilies).where(eq(refreshFamilies.id, id)).limit(1);
  return row ?? null;
}

/**
 * Moves a live family from `oldJtiHash` to `newJtiHash`. False when another refresh got there first
 * or the family was revoked meanwhile: only one of two concurrent refreshes can win.
 */
export async function rotateFamily(
  ex: Executor,
  id: string,
  oldJtiHash: string,
  next: { jtiHash: string; expiresAt: Date; generation: number },
): Promise<boolean> {
  const rows = await ex
    .update(refreshFamilies)
    .set({
      currentJtiHash: next.jtiHash,
      expiresAt: next.expiresAt,
      lastUsedAt: sql`now()`,
      previousJtiHash: oldJtiHash,
      rotatedAt: sql`now()`,
      generation: next.generation,
    })
    .where(
      and(
        eq(refreshFamilies.id, id),
        eq(refreshFamilies.currentJtiHash, oldJtiHash),
        eq(refreshFamilies.generation, next.generation - 1),
        isNull(refreshFamilies.revokedAt),
      ),
    )
    .returning({ id: refreshFamilies.id });
  return rows.length === 1;
}

/** Marks a family as used now (a refresh that does not rotate, REFRESH_ROTATION=off). */
export async function touchFamily(ex: Executor, id: string): Promise<void> {
  await ex.update(refreshFamilies).set({ lastUsedAt: sql`now()` }).where(eq(refreshFamilies.id, id));
}

/** Revokes one family of the user (a no-op when it is already revoked or not theirs). */
export async function revokeFamily(ex: Executor, id: string, userId: number): Promise<void> {
  await ex
    .update(refreshFamilies)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(refreshFamilies.id, id), eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)),
    );
}

/** Revokes every live family of the user, except `keep` (the caller's own session) when given. */
export async function revokeUserFamilies(ex: Executor, userId: number, keep?: string): Promise<void> {
  await ex
    .update(refreshFamilies)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshFamilies.userId, userId),
        isNull(refreshFamilies.revokedAt),
        keep === undefined ? undefined : ne(refreshFamilies.id, keep),
      ),
    );
}

// --- password-reset codes: 15 minutes, RESET_CODE_MAX_TRIES wrong tries, single use ---

export type PasswordReset = typeof passwordResets.$inferSelect;

/** Locks the user's row so that concurrent reset requests for one account run one after another. */
export async function lockUser(ex: Executor, userId: number): Promise<void> {
  await ex.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Ends every unused code of the user (a new request, a password change). */
export async function invalidateResets(ex: Executor, userId: number): Promise<void> {
  await ex
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function createReset(
  ex: Executor,
  reset: { userId: number; codeHash: string; ttlMinutes: number },
): Promise<void> {
  await ex.insert(passwordResets).values({
    userId: reset.userId,
    codeHash: reset.codeHash,
    expiresAt: sql`now() + make_interval(mins => ${reset.ttlMinutes})`,
  });
}

const live = () =>
  and(
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
    lt(passwordResets.attempts, RESET_CODE_MAX_TRIES),
  );

/** The user's newest code that is unused, unexpired and has tries left. */
export async function findLiveReset(ex: Executor, userId: number): Promise<PasswordReset | null> {
  const [row] = await ex
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), live()))
    .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
    .limit(1);
  return row ?? null;
}

/** Counts one wrong try; the last allowed one leaves the code dead. */
export async function countWrongTry(ex: Executor, id: number): Promise<void> {
  await ex
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.id, id), lt(passwordResets.attempts, RESET_CODE_MAX_TRIES)));
}

/** Uses the code up; false when it is no longer live (used concurrently, expired, out of tries). */
export async function consumeReset(ex: Executor, id: number): Promise<boolean> {
  const rows = await ex
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), live()))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}
