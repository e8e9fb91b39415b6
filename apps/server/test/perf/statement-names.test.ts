// On PostgreSQL every parameterised statement Drizzle sends is named after its text (db/client.ts),
// so each connection parses and plans it once, not on every execution (issue 4: planning the rating
// write and the session check cost PostgreSQL more than running them). This is the node-postgres
// pool's behaviour, so it runs on the real PostgreSQL server (TEST_DATABASE_URL, or the local one).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../src/db/client.ts';
import { freshPostgres } from '../helpers.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshPostgres(serverUrl);
  drop = fresh.drop;
  // One connection, so every statement below meets the same session's prepared statements.
  database = await openDatabase({ databaseUrl: fresh.url, poolSize: 1 });
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** This connection's named statements, with how often each was planned generically or custom. */
const prepared = () =>
  queryRows<{ statement: string; plans: number }>(
    database.db,
    sql.raw(`select statement, (generic_plans + custom_plans)::int as plans
             from pg_prepared_statements where name like 'wt\\_%'`),
  );

describe('statements sent through Drizzle on PostgreSQL', () => {
  it('are prepared once per connection and reused with new values', async () => {
    for (let i = 1; i <= 8; i++) {
      const [row] = await queryRows<{ n: number }>(database.db, sql`select ${i}::int * 2 as n`);
      expect(row?.n).toBe(i * 2);
    }
    const named = (await prepared()).filter((p) => p.statement.includes('* 2 as n'));
    expect(named).toHaveLength(1);
    expect(named[0]?.plans).toBe(8);
  });

  it('keep their generic plan on the generic connections only, and never compile JIT (ADR 0020)', async () => {
    const setting = async (db: Database['db'], name: string) =>
      (await queryRows<{ value: string }>(db, sql.raw(`select current_setting('${name}') as value`)))[0]
        ?.value;
    expect(await setting(database.db, 'plan_cache_mode')).toBe('auto');
    expect(await setting(database.generic, 'plan_cache_mode')).toBe('force_generic_plan');
    expect(await setting(database.db, 'jit')).toBe('off');
    expect(await setting(database.generic, 'jit')).toBe('off');
    // A statement run three times on the generic connections is planned once, generically.
    for (let i = 1; i <= 3; i++) await queryRows(database.generic, sql`select ${i}::int + 7 as n`);
    const [plans] = await queryRows<{ generic: number; custom: number }>(
      database.generic,
      sql.raw(`select generic_plans::int as generic, custom_plans::int as custom
               from pg_prepared_statements where statement like '%+ 7 as n%'`),
    );
    expect(plans).toEqual({ generic: 3, custom: 0 });
  });

  it('leave statements without parameters unnamed', async () => {
    await queryRows(database.db, sql.raw('select 41 + 1 as answer'));
    expect((await prepared()).some((p) => p.statement.includes('41 + 1'))).toBe(false);
  });
});
