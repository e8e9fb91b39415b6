// The rank copied into ranked_grams (drizzle/0039, ADR 0027): a rating moves its ratee's rank_score
// and appends them to ranked_grams_due; this job, in every server process, copies the rank of the
// users due into their rows of ranked_grams every RANK_REFRESH_MS, a batch at a time. Search order is
// then at most about a second behind the ratings (DESIGN §9.2 allows 10 s); who matches a search
// never is (search_grams' triggers keep ranked_grams' rows).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../../db/client.ts';
import { whileHolding } from '../../../db/transactions.ts';
import { type Poller, startPoller } from '../../../lib/poller.ts';

/** How often a process looks for users due. */
const RANK_REFRESH_MS = 1_000;
/** Users refreshed in one transaction: about 0.2 s of PostgreSQL at 30 pieces a user. */
const BATCH = 500;
/** One refresh at a time in a deployment: two would update the same users' rows in turn. */
const LOCK_KEY = 727_274_039;

export interface RankRefresh extends Poller {
  /** Rank changes refreshed, and the seconds their refreshes took, since the process started (metrics). */
  stats(): { changes: number; seconds: number };
}

/**
 * Copies the rank of the users of up to `batch` rank changes due into their ranked_grams rows, in one
 * transaction; the changes taken, or null when another process is refreshing.
 */
async function refreshRanks(db: Db, batch = BATCH): Promise<number | null> {
  return whileHolding(db, LOCK_KEY, async (tx) => {
    const due = await queryRows<{ id: number }>(
      tx,
      sql`delete from ranked_grams_due
          where ctid = any(array(select ctid from ranked_grams_due limit ${batch}))
          returning user_id as id`,
    );
    if (due.length === 0) return 0;
    const ids = [...new Set(due.map((row) => row.id))].sort((a, b) => a - b);
    await tx.execute(sql`select copy_ranks(${sql.param(ids)}::int[])`);
    return due.length;
  });
}

export function startRankRefresh(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  everyMs = RANK_REFRESH_MS,
): RankRefresh {
  const totals = { changes: 0, seconds: 0 };
  const poller = startPoller({
    what: 'search rank refresh',
    everyMs,
    log,
    run: async () => {
      const started = process.hrtime.bigint();
      const taken = await refreshRanks(db);
      if (!taken) return false;
      totals.changes += taken;
      totals.seconds += Number(process.hrtime.bigint() - started) / 1e9;
      return taken === BATCH;
    },
  });
  return { ...poller, stats: () => ({ ...totals }) };
}
