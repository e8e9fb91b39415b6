// Transactions that PostgreSQL may abort for a deadlock (writers that lock the same users in a
// different order: two users who rated each other, suspended at the same moment) are simply run
// again; anything else is the caller's error.
import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from './client.ts';

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

/**
 * Runs `work` in a transaction holding the transaction-level advisory lock `key`, or returns null at
 * once while another session holds it: a background job that one process of a deployment runs at a time.
 */
export async function whileHolding<T>(
  db: Db,
  key: number,
  work: (tx: Executor) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${key}) as taken`,
    );
    return lock?.taken ? work(tx) : null;
  });
}
