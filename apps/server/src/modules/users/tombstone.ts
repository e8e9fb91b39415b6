// The rater that a deleted account's kept ratings point to (privacy/erase.ts): a user row of its own,
// inactive, with no name, password or sign-in. It is not a suspended user: nobody may reinstate it.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';

/**
 * A tombstone's password hash, and what marks a row as one: not an argon2 hash, so no password
 * verifies against it, and no account that signs up or changes its password can have it (an email
 * domain could be registered by anyone).
 */
export const TOMBSTONE_PASSWORD_HASH = '!';

/** A new tombstone's email: unique, and at a domain no mail can reach (RFC 2606). */
export const tombstoneEmail = (unique: string) => `deleted-${unique}@deleted.invalid`;

export const isTombstone = (user: { passwordHash: string }) => user.passwordHash === TOMBSTONE_PASSWORD_HASH;

/** `isTombstone` in a query, on its users' password hash column. */
export const isTombstoneSql = (passwordHash: AnyPgColumn): SQL<boolean> =>
  sql<boolean>`(${passwordHash} = ${TOMBSTONE_PASSWORD_HASH})`;

/**
 * Deletes those of `raterIds` that are tombstones left with no rating (their last one deleted with its
 * ratee's account, or by the release of an account deleted with its ratings, drizzle/0055): nothing
 * else points at one. Called after the ratings' deletion is committed, or in its transaction: a
 * rating another transaction is deleting still counts, and that transaction's own call removes it.
 */
export async function dropEmptyTombstones(ex: Executor, raterIds: readonly number[]): Promise<void> {
  if (raterIds.length === 0) return;
  await ex.execute(sql`delete from users u where u.id = any(${sql.param([...new Set(raterIds)])}::int[])
    and u.password_hash = ${TOMBSTONE_PASSWORD_HASH}
    and not exists (select 1 from ratings r where r.rater_id = u.id)`);
}
