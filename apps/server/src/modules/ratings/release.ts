// The release of held anonymous ratings (ADR 0030). With ANONYMOUS_HOLD=day an anonymous rating is
// stored 'held': its author sees it at once, nobody else sees it, and nothing of it is in its ratee's
// average, counts, badge or notifications. Once its day in India has ended, this job, in every server
// process, publishes it with every other held rating of that day: it counts in its ratee's aggregates
// and the ratee is told of it, dated by its day. A company watching its page then sees the day's
// anonymous ratings appear together, at a moment none of their authors chose. An edit of an anonymous
// rating others see waits the same way (drizzle/0051) and is applied by the same job, as do the
// anonymous ratings a reinstated user's suspension hid (drizzle/0052), a suspended user's anonymous
// ratings leave (drizzle/0054), and those of an account deleted with its ratings go (drizzle/0055).
import { NOTIFICATION_LINKS, type RatingStatus } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { dayStart } from '../../db/days.ts';
import { inTransaction } from '../../db/transactions.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { type Poller, startPoller } from '../../lib/poller.ts';
import { notificationInsert } from '../notifications/repository.ts';
import { touchUsers } from '../users/repository.ts';
import { dropEmptyTombstones } from '../users/tombstone.ts';
import { applyRatings } from './aggregates.ts';
import { comparable, flagCopiedText, type WrittenText } from './copied-text.ts';
import { deleteAsWithdrawn } from './repository.ts';

/** How often a process looks for held ratings whose day has ended. */
const RELEASE_EVERY_MS = 60_000;
/** Ratings released in one transaction. */
const BATCH = 500;

/** The moment a release runs as: `at` (a test's), else the database's clock. */
const releaseMoment = (at?: Date) => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

/**
 * Publishes up to `batch` held ratings written before India's day began at `now` (the database's
 * clock by default; a rating written at t is released from nextDayStart(t), db/days.ts), with their aggregates and their ratees' notifications, in one transaction; how
 * many. Processes share the work: each takes ratings no other holds (skip locked).
 */
export async function releaseHeldRatings(db: Db, options: { now?: Date; batch?: number } = {}) {
  const now = releaseMoment(options.now);
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
      {
        userId: sql`r.ratee_id`,
        type: 'rating_received',
        link: NOTIFICATION_LINKS.ratingsReceived,
        day: sql`r.created_at`,
      },
      sql`ratings r where r.id = any(${idArray})`,
    );
    await tx.execute(sql`with told as (${told}) select count(*) from told`);
    return ids.length;
  });
}

/**
 * Applies up to `batch` held edits (drizzle/0051) made before India's day began at `now`, as
 * editRating applies one at once: a published rating's old scores leave its ratee's aggregates and
 * the new ones enter them, a disputed one's ratee sees the new text, each marked edited when its
 * author edited it. (A rating moderators hide loses its waiting edit, drizzle/0051's trigger.) Then
 * each edited text meets the copied-text rule, as an edit made at once does (ADR 0023); as there, a
 * failed check is logged and the edit stands. How many were applied.
 */
export async function releaseHeldEdits(
  db: Db,
  options: { now?: Date; batch?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
) {
  const now = releaseMoment(options.now);
  const applied = await inTransaction(db, async (tx) => {
    const taken = await queryRows<
      WrittenText & { status: RatingStatus; text: string | null; textChanged: boolean }
    >(
      tx,
      sql`select id as "ratingId", rater_id as "raterId", ratee_id as "rateeId", status,
            held_edit->>'feedback_message' as text, held_edit ? 'feedback_message' as "textChanged"
          from ratings where held_edit_at < ${dayStart(now)} and status <> 'hidden'
          order by id limit ${options.batch ?? BATCH} for update skip locked`,
    );
    if (taken.length === 0) return [];
    const ids = taken.map((row) => Number(row.ratingId));
    const counted = taken.filter((row) => row.status === 'published').map((row) => Number(row.ratingId));
    // Every ratee locked at once, in id order (and its views' version moved), so that processes
    // releasing together wait for each other, never deadlock; applyRatings then finds them locked.
    await touchUsers(tx, [...new Set(taken.map((row) => row.rateeId))]);
    await applyRatings(tx, counted, -1);
    await tx.execute(sql`
      update ratings set
        scores = coalesce(held_edit->'scores', scores),
        overall_tenths = coalesce((held_edit->>'overall_tenths')::smallint, overall_tenths),
        feedback_message = case when held_edit ? 'feedback_message' then held_edit->>'feedback_message'
          else feedback_message end,
        edited_at = held_edit_at, held_edit = null, held_edit_at = null
      where id = any(${sql.param(ids)}::bigint[])`);
    await applyRatings(tx, counted, 1);
    return taken;
  });
  for (const edit of applied) {
    if (!edit.textChanged || !comparable(edit.text)) continue;
    const written = {
      ratingId: Number(edit.ratingId),
      raterId: edit.raterId,
      rateeId: edit.rateeId,
      text: edit.text,
    };
    await flagCopiedText(db, written).catch((error: unknown) =>
      options.log?.warn({ err: loggableError(error) }, 'copied-text check of a released edit failed'),
    );
  }
  return applied.length;
}

/**
 * Up to `batch` rows of suspension_hidden_ratings that are `due`, locked with their ratings (skip
 * locked: processes share the work), in rating id order; each says whether its rating is `status`.
 */
async function takeSuspensionRows(tx: Executor, due: SQL, status: RatingStatus, batch = BATCH) {
  const rows = await queryRows<{ id: number; matches: boolean }>(
    tx,
    sql`select r.id, r.status = ${status} as matches from suspension_hidden_ratings s
        join ratings r on r.id = s.rating_id
        where ${due}
        order by s.rating_id limit ${batch} for update skip locked`,
  );
  return rows.map((row) => ({ id: Number(row.id), matches: row.matches }));
}

/**
 * Publishes again up to `batch` anonymous ratings whose author was reinstated before India's day began
 * at `now` (drizzle/0052; reinstateUser published their named ones at once), into their ratees'
 * aggregates, without telling the ratees of a rating received: they were told when it first came.
 * A rating moderators restored meanwhile is published already; its row goes with the others. How
 * many were published.
 */
export async function releaseReturningRatings(db: Db, options: { now?: Date; batch?: number } = {}) {
  const now = releaseMoment(options.now);
  return inTransaction(db, async (tx) => {
    const taken = await takeSuspensionRows(
      tx,
      sql`s.reinstated_at < ${dayStart(now)}`,
      'hidden',
      options.batch,
    );
    if (taken.length === 0) return 0;
    const ids = taken.filter((row) => row.matches).map((row) => row.id);
    // Counted first, as releaseHeldRatings does: the ratees locked in id order.
    await applyRatings(tx, ids, 1);
    await tx.execute(
      sql`update ratings set status = 'published' where id = any(${sql.param(ids)}::bigint[])`,
    );
    await tx.execute(sql`delete from suspension_hidden_ratings
      where rating_id = any(${sql.param(taken.map((row) => row.id))}::bigint[])`);
    return ids.length;
  });
}

/**
 * Hides up to `batch` anonymous ratings whose author was suspended before India's day began at `now`
 * (drizzle/0054; suspendUser hid their other ratings at once), out of their ratees' aggregates; each
 * stays remembered for a reinstatement. One no longer published (hidden for cause, or held back by a
 * dispute, meanwhile) is left as it is and forgotten here. How many were hidden.
 */
export async function releaseLeavingRatings(db: Db, options: { now?: Date; batch?: number } = {}) {
  const now = releaseMoment(options.now);
  return inTransaction(db, async (tx) => {
    const taken = await takeSuspensionRows(
      tx,
      sql`s.leaving_since < ${dayStart(now)} and s.reinstated_at is null`,
      'published',
      options.batch,
    );
    if (taken.length === 0) return 0;
    const ids = taken.filter((row) => row.matches).map((row) => row.id);
    const others = taken.filter((row) => !row.matches).map((row) => row.id);
    // Uncounted first, as releaseHeldRatings counts: the ratees locked in id order.
    await applyRatings(tx, ids, -1);
    await tx.execute(sql`update ratings set status = 'hidden' where id = any(${sql.param(ids)}::bigint[])`);
    await tx.execute(sql`update suspension_hidden_ratings set leaving_since = null
      where rating_id = any(${sql.param(ids)}::bigint[])`);
    await tx.execute(
      sql`delete from suspension_hidden_ratings where rating_id = any(${sql.param(others)}::bigint[])`,
    );
    return ids.length;
  });
}

/**
 * Deletes up to `batch` anonymous ratings whose author deleted their account with their ratings before
 * India's day began at `now` (drizzle/0055; eraseAccount deleted their other ratings at once), as the
 * erasure would have: what was open about them closed, out of their ratees' aggregates. Then, once
 * that is committed, their placeholder raters that have no rating left. How many were deleted.
 */
export async function releaseErasedRatings(db: Db, options: { now?: Date; batch?: number } = {}) {
  const now = releaseMoment(options.now);
  const taken = await inTransaction(db, async (tx) => {
    const rows = await queryRows<{ id: number; raterId: number; rateeId: number; published: boolean }>(
      tx,
      sql`select id, rater_id as "raterId", ratee_id as "rateeId", status = 'published' as published
          from ratings where author_erased_at < ${dayStart(now)}
          order by id limit ${options.batch ?? BATCH} for update skip locked`,
    );
    await deleteAsWithdrawn(
      tx,
      rows.map((row) => ({ id: Number(row.id), rateeId: row.rateeId, published: row.published })),
    );
    return rows;
  });
  // After the commit: a placeholder whose ratings two processes deleted in two batches is seen empty by
  // whichever checks last; and no moderator's lock on it is waited for while ratees are locked.
  await dropEmptyTombstones(
    db,
    taken.map((row) => row.raterId),
  );
  return taken.length;
}

export interface HeldRelease extends Poller {
  /**
   * Ratings, edits and reinstated authors' ratings this process has released, and when its last run
   * ended without an error (Unix seconds, 0 before the first): metrics, so that an operator sees a
   * release that has stopped.
   */
  stats(): {
    released: number;
    edits: number;
    returned: number;
    left: number;
    erased: number;
    lastRunAt: number;
  };
}

export function startHeldRelease(db: Db, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): HeldRelease {
  const totals = { released: 0, edits: 0, returned: 0, left: 0, erased: 0, lastRunAt: 0 };
  const poller = startPoller({
    what: 'release of held anonymous ratings',
    everyMs: RELEASE_EVERY_MS,
    log,
    run: async () => {
      const released = await releaseHeldRatings(db);
      const edited = await releaseHeldEdits(db, { log });
      const returned = await releaseReturningRatings(db);
      const left = await releaseLeavingRatings(db);
      const erased = await releaseErasedRatings(db);
      totals.released += released;
      totals.edits += edited;
      totals.returned += returned;
      totals.left += left;
      totals.erased += erased;
      totals.lastRunAt = Date.now() / 1000;
      return [released, edited, returned, left, erased].includes(BATCH);
    },
  });
  return { ...poller, stats: () => ({ ...totals }) };
}
