// The release of held anonymous ratings (ADR 0030). With ANONYMOUS_HOLD=day an anonymous rating is
// stored 'held': its author sees it at once, nobody else sees it, and nothing of it is in its ratee's
// average, counts, badge or notifications. Once its day in India has ended, this job, in every server
// process, publishes it with every other held rating of that day: it counts in its ratee's aggregates
// and the ratee is told of it, dated by its day. A company watching its page then sees the day's
// anonymous ratings appear together, at a moment none of their authors chose.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client.ts';
import { dayStart } from '../../db/days.ts';
import { inTransaction } from '../../db/transactions.ts';
import { type Poller, startPoller } from '../../lib/poller.ts';
import { notificationInsert } from '../notifications/repository.ts';
import { applyRatings } from './aggregates.ts';
import { RECEIVED_LINK } from './repository.ts';

/** How often a process looks for held ratings whose day has ended. */
const RELEASE_EVERY_MS = 60_000;
/** Ratings released in one transaction. */
const BATCH = 500;

/**
 * Publishes up to `batch` held ratings written before India's day began at `now` (the database's
 * clock by default; a rating written at t is released from nextDayStart(t), db/days.ts), with their aggregates and their ratees' notifications, in one transaction; how
 * many. Processes share the work: each takes ratings no other holds (skip locked).
 */
export async function releaseHeldRatings(db: Db, options: { now?: Date; batch?: number } = {}) {
  const now = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  return inTransaction(db, async (tx) => {
    // Taken in the order of their random ids, not of their writing: a day of more than a batch is
    // released in batches that say nothing of which was written first.
    const taken = await queryRows<{ id: number }>(
      tx,
      sql`select id from ratings where status = 'held' and created_at < ${dayStart(now)}
          order by id limit ${options.batch ?? BATCH} for update skip locked`,
    );
    if (taken.length === 0) return 0;
    const ids = taken.map((row) => Number(row.id));
    const idArray = sql`${sql.param(ids)}::bigint[]`;
    // Counted first: applyRatings locks their ratees in id order, before the status change's trigger
    // (the verified count's) writes them in the rows' order, so that processes releasing together wait
    // for each other, never deadlock.
    await applyRatings(tx, ids, 1);
    await tx.execute(sql`update ratings set status = 'published' where id = any(${idArray})`);
    // Told as a rating received that day is (ADR 0025): dated by its day, mailed in the mail after it.
    const told = notificationInsert(
      { userId: sql`r.ratee_id`, type: 'rating_received', link: RECEIVED_LINK, day: sql`r.created_at` },
      sql`ratings r where r.id = any(${idArray})`,
    );
    await tx.execute(sql`with told as (${told}) select count(*) from told`);
    return ids.length;
  });
}

export interface HeldRelease extends Poller {
  /**
   * Ratings this process has released, and when its last run ended without an error (Unix seconds, 0
   * before the first): metrics, so that an operator sees a release that has stopped.
   */
  stats(): { released: number; lastRunAt: number };
}

export function startHeldRelease(db: Db, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): HeldRelease {
  const totals = { released: 0, lastRunAt: 0 };
  const poller = startPoller({
    what: 'release of held anonymous ratings',
    everyMs: RELEASE_EVERY_MS,
    log,
    run: async () => {
      const released = await releaseHeldRatings(db);
      totals.released += released;
      totals.lastRunAt = Date.now() / 1000;
      return released === BATCH;
    },
  });
  return { ...poller, stats: () => ({ ...totals }) };
}
