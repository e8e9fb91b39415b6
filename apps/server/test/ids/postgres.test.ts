// Random rating ids on a real PostgreSQL server (TEST_DATABASE_URL, or the local one), whatever engine
// the rest of the run uses: node-postgres reads int8 as a string unless told otherwise (db/client.ts
// tells it), so the ids, the re-keying migration and the API are checked through that driver here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { ratings } from '../../src/db/schema/index.ts';
import { createTestApp, freshPostgresDatabase, type TestContext } from '../helpers.ts';
import { bigIdJourney, LARGEST_ID, migrationScenario } from './support.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('node-postgres', () => {
  const fresh = freshPostgresDatabase(serverUrl, 2);

  it('reads int8 as an exact JavaScript number, in raw and typed queries', async () => {
    const [row] = await queryRows<{ largest: unknown; count: unknown }>(
      fresh.database.db,
      sql`select ${LARGEST_ID}::int8 as largest, count(*) as count from generate_series(1, 3)`,
    );
    expect(row).toEqual({ largest: LARGEST_ID, count: 3 });
    const [typed] = await fresh.database.db
      .select({ id: sql<number>`${LARGEST_ID}::int8`.mapWith(ratings.id) })
      .from(sql`(select 1) one`);
    expect(typed?.id).toBe(LARGEST_ID);
  });

  it('fails a query whose int8 a number cannot hold exactly, rather than round it', async () => {
    const failure = await queryRows(fresh.database.db, sql`select 9007199254740993::int8 as id`).then(
      () => null,
      (error: Error) => error,
    );
    // Drizzle's error names the query; the driver's, its cause, names the value.
    expect((failure?.cause as Error | undefined)?.message).toBe(
      "int8 9007199254740993 is past JavaScript's exact integers",
    );
    // The connection is still good.
    expect(await queryRows(fresh.database.db, sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
  });
});

describe('on PostgreSQL', () => {
  it('migration 0014 re-keys a database with sequential ids, keeping every reference', async () => {
    const { ctx, drop } = await migrationScenario(serverUrl, (database) => createTestApp({}, { database }));
    await ctx.close();
    await drop();
  }, 120_000);

  describe('the API', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({}, { postgresServer: serverUrl });
    });
    afterAll(() => ctx?.close());

    it('serves a rating with the largest id through every route, as a JSON number', async () => {
      await bigIdJourney(ctx, LARGEST_ID);
    });
  });
});
