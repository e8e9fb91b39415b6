// The embedded database's autovacuum (db/maintenance.ts), on a real database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): a table past autovacuum's thresholds is vacuumed and its dead rows are gone,
// one past the analyse threshold only is analysed, one below both is left, and the server process on
// PGlite runs the rounds by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { maintainTables, startMaintenance } from '../../src/db/maintenance.ts';
import { finished, freePort, start, waitForOutput } from '../cli/processes.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

const ROWS = 20_000;

describe('maintainTables', () => {
  let ctx: TestContext;
  const db = () => ctx.deps.db;
  const stats = async (table: string) => {
    // The session's counts of its last statements, which reach the statistics at most once a second.
    await db().execute(sql`select pg_stat_force_next_flush()`);
    return (
      await queryRows<{ dead: number }>(
        db(),
        sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = ${table}`,
      )
    )[0];
  };

  /**
   * Waits until the statistics count the dead rows of all three rewrites of `table`: more than two
   * rewrites could leave (2 × ROWS, and the few of the first test), a little less than three (pruning
   * on the page takes some: 59,935 of 60,000 seen).
   */
  const deadRowsCounted = async (table: string) => {
    const deadline = Date.now() + 10_000;
    while (((await stats(table))?.dead ?? 0) <= 2.5 * ROWS) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const table of ['churned', 'changed', 'quiet']) {
      await db().execute(
        sql`create table ${sql.identifier(table)} as select g as id, 0 as v from generate_series(1, ${ROWS}) g`,
      );
      // Its inserts reach the statistics first, or they would count again after the vacuum.
      await db().execute(sql`select pg_stat_force_next_flush()`);
      await db().execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
    }
  });
  afterAll(() => ctx?.close());

  it('vacuums a table past the dead-row threshold, analyses one past the changed-row threshold only, leaves the rest', async () => {
    // Three rewrites of every row: 60,000 dead rows against a threshold of 50 + 0.2 × 20,000.
    for (let i = 0; i < 3; i++) await db().execute(sql`update churned set v = v + 1`);
    // 2,100 changed rows: past the analyse threshold (50 + 0.1 × 20,000), below the vacuum one.
    await db().execute(sql`update changed set v = 1 where id <= 2100`);
    await db().execute(sql`update quiet set v = 1 where id <= 40`);
    expect((await stats('churned'))?.dead).toBeGreaterThan(2 * ROWS);

    const first = await maintainTables(db());
    expect(first.vacuumed).toContain('churned');
    expect(first.analyzed).toContain('changed');
    expect([...first.vacuumed, ...first.analyzed]).not.toContain('quiet');
    expect(first.vacuumed).not.toContain('changed');
    expect((await stats('churned'))?.dead).toBe(0);
    expect((await stats('changed'))?.dead).toBe(2100);

    // Nothing of these is due any more.
    const second = await maintainTables(db());
    expect([...second.vacuumed, ...second.analyzed]).not.toContain('churned');
    expect([...second.vacuumed, ...second.analyzed]).not.toContain('changed');
  });

  it('runs rounds on a timer until stopped, and logs what it did', async () => {
    // The dead rows are made, and counted, before the timer starts: on PostgreSQL the pool's other
    // connections report their counts up to a second late, and a count that arrives after a round's
    // vacuum is added to the vacuum's 0 (CI once read 60,000 dead rows after the round).
    for (let i = 0; i < 3; i++) await db().execute(sql`update quiet set v = v + 1`);
    await deadRowsCounted('quiet');
    const seen: object[] = [];
    const job = startMaintenance(db(), 20, { info: (data) => seen.push(data), warn: () => {} });
    const deadline = Date.now() + 10_000;
    while (!seen.some((data) => (data as { vacuumed: string[] }).vacuumed.includes('quiet'))) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await job.stop();
    expect((await stats('quiet'))?.dead).toBe(0);

    // Stopped: no round vacuums the table again. PostgreSQL's counts of dead rows arrive when the
    // connections that updated report them (up to a second later; on a slow machine the count read
    // 200 ms after was still the vacuum's 0): wait for them, then a while more.
    for (let i = 0; i < 3; i++) await db().execute(sql`update quiet set v = v + 1`);
    await deadRowsCounted('quiet');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stats('quiet'))?.dead).toBeGreaterThan(2 * ROWS);
  });
});

describe('the server process on the embedded database', () => {
  it('vacuums the tables its demo seed wrote, every EMBEDDED_VACUUM_INTERVAL', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-vacuum-'));
    // PGlite, whatever TEST_DATABASE_URL says: PostgreSQL vacuums by itself, and the job is not started.
    const child = start('apps/server/src/server.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: '1',
      LOG_LEVEL: 'info',
      EMBEDDED_VACUUM_INTERVAL: '1s',
    });
    const exit = finished(child);
    let seen: string;
    try {
      seen = await waitForOutput(child, /embedded database: vacuumed and analysed tables.*\n/);
    } finally {
      child.kill('SIGTERM');
    }
    const line = seen.split('\n').find((text) => text.includes('embedded database: vacuumed'));
    const logged = JSON.parse(line ?? '{}') as { vacuumed: string[]; analyzed: string[] };
    // The demo seed rewrote every user it inserted (their aggregates: past the dead-row threshold) and
    // inserted 1,500 ratings (past the inserted-row one).
    expect(logged.vacuumed).toEqual(expect.arrayContaining(['users', 'ratings']));
    expect((await exit).code).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
