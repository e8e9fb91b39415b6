// The bench reads the whole database into memory before every case (prewarmDatabase): it must read
// every block of every table and index, on the real PostgreSQL server (pg_prewarm is an extension of
// its own; TEST_DATABASE_URL, or the local one). And its own connections wait as long as maintenance takes.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../apps/server/src/db/client.ts';
import { freshPostgresDatabase } from '../apps/server/test/helpers.ts';
import { openBenchDatabase, prewarmDatabase } from './database.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const fresh = freshPostgresDatabase(serverUrl, 1);

describe('prewarmDatabase', () => {
  it('reads every block of the tables and indexes, a new one included', async () => {
    const { database } = fresh;
    const bytesOfAll = async () => {
      const [row] = await queryRows<{ bytes: string }>(
        database.db,
        sql`select sum(pg_relation_size(oid)) as bytes from pg_class
            where relkind in ('r', 'i', 't', 'm') and relpersistence = 'p'`,
      );
      return Number(row?.bytes);
    };
    const before = await prewarmDatabase(database);
    expect(before).toBe(await bytesOfAll());

    await database.db.execute(
      sql`create table wide as select g as id, repeat('x', 500) as filler from generate_series(1, 20000) g`,
    );
    await database.db.execute(sql`create index wide_id on wide (id)`);
    const after = await prewarmDatabase(database);
    expect(after).toBe(await bytesOfAll());
    // The new table (20,000 rows of 500 bytes: over 1,000 blocks) and its index were read as well.
    expect((after ?? 0) - (before ?? 0)).toBeGreaterThan(1000 * 8192);
  });
});

describe('openBenchDatabase', () => {
  it("gives the bench's own statements no time limit: its vacuum at a million users takes longer than the server's", async () => {
    const [row] = await queryRows<{ name: string }>(
      fresh.database.db,
      sql`select current_database() as name`,
    );
    const url = new URL(serverUrl);
    url.pathname = `/${row?.name}`;
    const bench = await openBenchDatabase(url.toString());
    try {
      for (const db of [bench.db, bench.generic]) {
        const [setting] = await queryRows<{ statement_timeout: string }>(db, sql`show statement_timeout`);
        expect(setting?.statement_timeout).toBe('0');
      }
    } finally {
      await bench.close();
    }
  });
});
