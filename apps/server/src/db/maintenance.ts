// Autovacuum for the embedded database. PGlite runs PostgreSQL as a single process, without the
// autovacuum launcher, though its `autovacuum` setting reads `on`: a table of 20,000 rows updated
// three times still held 59,935 dead rows a minute later. Left alone, every update and delete leaves
// its old row versions for good, and the counter tables that triggers rewrite on every change grow
// 20-fold within a seed (docs/operations.md, §7). So the server does autovacuum's work itself, by
// autovacuum's own rule and settings, on a timer (server.ts).
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.ts';

/** One of autovacuum's thresholds: a base number of rows and a share of the table's. */
const past = (threshold: string, scaleFactor: string) =>
  sql.raw(`current_setting('${threshold}')::float8
    + current_setting('${scaleFactor}')::float8 * greatest(c.reltuples, 0)`);

/**
 * The tables autovacuum would take now, by its rule (PostgreSQL's `relation_needs_vacanalyze`) with
 * the server's settings (per-table storage options aside): vacuum past the dead-row or the inserted-row
 * threshold, analyse past the changed-row threshold. A table never analysed counts as empty, as there.
 */
const DUE = sql`
  select schema, "table", vacuum from (
    select s.schemaname as schema, s.relname as "table",
           s.n_dead_tup > ${past('autovacuum_vacuum_threshold', 'autovacuum_vacuum_scale_factor')}
        or s.n_ins_since_vacuum > ${past('autovacuum_vacuum_insert_threshold', 'autovacuum_vacuum_insert_scale_factor')}
           as vacuum,
           s.n_mod_since_analyze > ${past('autovacuum_analyze_threshold', 'autovacuum_analyze_scale_factor')}
           as "analyze"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid) due
   where vacuum or "analyze"
   order by schema, "table"`;

export interface Maintained {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * Vacuums (and analyses) each table past autovacuum's thresholds, and analyses those only past its
 * analyse threshold, one table at a time. Returns their names. Not in a transaction (VACUUM cannot be).
 */
export async function maintainTables(db: Db): Promise<Maintained> {
  // A session's counts reach the statistics at most once a second; the counts of the statements
  // before this one must be in them.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const due = await queryRows<{ schema: string; table: string; vacuum: boolean }>(db, DUE);
  const done: Maintained = { vacuumed: [], analyzed: [] };
  for (const { schema, table, vacuum } of due) {
    const name: SQL = sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
    await db.execute(vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
    (vacuum ? done.vacuumed : done.analyzed).push(table);
  }
  return done;
}

export interface MaintenanceJob {
  /** Stops the timer and waits for a round in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `maintainTables` every `intervalMs` (autovacuum's naptime), one round at a time. A round that
 * fails is logged and the next one tries again; the timer does not hold the process open.
 */
export function startMaintenance(
  db: Db,
  intervalMs: number,
  log: { info(data: object, message: string): void; warn(data: object, message: string): void },
): MaintenanceJob {
  let round: Promise<void> | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const { vacuumed, analyzed } = await maintainTables(db);
      if (vacuumed.length + analyzed.length > 0)
        log.info({ vacuumed, analyzed }, 'embedded database: vacuumed and analysed tables');
    } catch (error) {
      log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'embedded database: vacuum failed',
      );
    }
  };
  const timer = setInterval(() => {
    if (stopped || round) return;
    round = run().finally(() => {
      round = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
