// Stored cities brought in line with the contracts' one name for each city (cities.ts, ADR 0033):
// rows written under another name of a listed city (before the list named it, or by an older server
// during a rolling deploy) move to the kept name, by the same update as a profile edit, so their
// search pieces and the cache versions follow (drizzle/0018, ADR 0007). A background job of every
// server process, run as it starts and then now and then: a batch at a time, in id order as every
// writer of users locks them, skipping rows another transaction holds, one process at a time. Found
// through users_dir_city (`lower(city)`): a run with nothing to move reads the index entries of the
// names looked for, about a millisecond.
import { OTHER_CITY_NAMES } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client.ts';
import { whileHolding } from '../../db/transactions.ts';
import { type Poller, startPoller } from '../../lib/poller.ts';

/** How often a process looks for rows to move after the run it makes as it starts. */
const EVERY_MS = 10 * 60_000;
/** Users moved in one transaction: each rewrites its search pieces, a few milliseconds. */
const BATCH = 500;
/** One process moves at a time: two would wait for each other's rows. */
const LOCK_KEY = 727_274_040;

const LOWERED = OTHER_CITY_NAMES.map(([name]) => name);
const KEPT = OTHER_CITY_NAMES.map(([, city]) => city);

/** Moves up to BATCH users' cities to their kept names; how many, or null while another process moves. */
async function moveBatch(db: Db): Promise<number | null> {
  return whileHolding(db, LOCK_KEY, async (tx) => {
    const moved = await queryRows<{ id: number }>(
      tx,
      sql`with names(lowered, kept) as (
            select * from unnest(${sql.param(LOWERED)}::text[], ${sql.param(KEPT)}::text[])),
          due as (
            select u.id, names.kept from users u join names on lower(u.city) = names.lowered
            where u.is_active and u.user_role in ('employee', 'employer')
              and lower(u.city) = any(${sql.param(LOWERED)}::text[])
            order by u.id limit ${BATCH}
            for no key update of u skip locked)
          update users set city = due.kept from due where users.id = due.id
          returning users.id`,
    );
    return moved.length;
  });
}

export function startKeepingCityNames(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  everyMs = EVERY_MS,
): Poller {
  const poller = startPoller({
    what: 'moving cities to their kept names',
    everyMs,
    log,
    run: async () => {
      const moved = await moveBatch(db);
      if (moved) log.info({ users: moved }, 'cities stored under another name moved to the kept name');
      return moved === BATCH;
    },
  });
  void poller.wake();
  return poller;
}
