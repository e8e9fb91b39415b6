// The rater that a deleted account's kept ratings point to (privacy/erase.ts): a user row of its own,
// inactive, with no name, password or sign-in. It is not a suspended user: nobody may reinstate it.

const TOMBSTONE_DOMAIN = '@deleted.invalid';

/** A new tombstone's email: unique, and at a domain no mail can reach (RFC 2606). */
export const tombstoneEmail = (unique: string) => `deleted-${unique}${TOMBSTONE_DOMAIN}`;

export const isTombstone = (user: { email: string }) => user.email.endsWith(TOMBSTONE_DOMAIN);
