// The rater that a deleted account's kept ratings point to (privacy/erase.ts): a user row of its own,
// inactive, with no name, password or sign-in. It is not a suspended user: nobody may reinstate it.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
