// On PostgreSQL every parameterised statement Drizzle sends is named after its text (db/client.ts),
// so each connection parses and plans it once, not on every execution (issue 4: planning the rating
// write and the session check cost PostgreSQL more than running them). This is the node-postgres
// pool's behaviour, so it runs on the real PostgreSQL server (TEST_DATABASE_URL, or the local one).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { listDirectory } from '../../src/modules/directory/repository.ts';
import { freshPostgresDatabase } from '../helpers.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// One connection, so every statement below meets the same session's prepared statements.
const fresh = freshPostgresDatabase(serverUrl, 1);

/** This connection's named statements, with how often each was planned generically or custom. */
const prepared = () =>
  queryRows<{ statement: string; plans: number }>(
    fresh.database.db,
    sql.raw(`select statement, (generic_plans + custom_plans)::int as plans
             from pg_prepared_statements where name like 'wt\\_%'`),
  );

describe('statements sent through Drizzle on PostgreSQL', () => {
  it('are prepared once per connection and reused with new values', async () => {
    for (let i = 1; i <= 8; i++) {
      const [row] = await queryRows<{ n: number }>(fresh.database.db, sql`select ${i}::int * 2 as n`);
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
    expect(await setting(fresh.database.db, 'plan_cache_mode')).toBe('auto');
    expect(await setting(fresh.database.generic, 'plan_cache_mode')).toBe('force_generic_plan');
    expect(await setting(fresh.database.db, 'jit')).toBe('off');
    expect(await setting(fresh.database.generic, 'jit')).toBe('off');
    // A statement run three times on the generic connections is planned once, generically.
    for (let i = 1; i <= 3; i++) await queryRows(fresh.database.generic, sql`select ${i}::int + 7 as n`);
    const [plans] = await queryRows<{ generic: number; custom: number }>(
      fresh.database.generic,
      sql.raw(`select generic_plans::int as generic, custom_plans::int as custom
               from pg_prepared_statements where statement like '%+ 7 as n%'`),
    );
    expect(plans).toEqual({ generic: 3, custom: 0 });
  });

  it('run a list whose plan needs none of its values on the generic connections, planned once', async () => {
    await migrate(fresh.database.db);
    const viewer = { id: 1, context: 'EMPLOYER_TO_EMPLOYEE' as const };
    for (let page = 0; page < 7; page++) {
      const at = { limit: 20, offset: page * 20 };
      await listDirectory(fresh.database, { role: 'employee', skills: ['go', 'sql'] }, 'top', viewer, at);
      await listDirectory(fresh.database, { role: 'employee' }, 'name', viewer, at);
      await listDirectory(fresh.database, { role: 'employee', city: 'Pune' }, 'top', viewer, at);
      await listDirectory(fresh.database, { role: 'employee', minTenths: 45 }, 'reviews', viewer, at);
    }
    /** The directory's statements on one pool's connection, and how each was planned. */
    const plans = (db: Database['db']) =>
      queryRows<{ name: string; generic: number; custom: number }>(
        db,
        sql.raw(`select name, generic_plans::int as generic, custom_plans::int as custom
                 from pg_prepared_statements where name like 'directory\\_%' order by name`),
      );
    // No filter, or skills alone: one generic plan, never planned again.
    expect(await plans(fresh.database.generic)).toEqual([
      { name: 'directory_employee_name_0_0_0_0', generic: 7, custom: 0 },
      { name: 'directory_employee_top_0_0_1_1', generic: 7, custom: 0 },
    ]);
    // A city or a minimum rating: planned with its values, as PostgreSQL judges best.
    expect(
      (await plans(fresh.database.db)).map(({ name, generic, custom }) => [name, generic + custom]),
    ).toEqual([
      ['directory_employee_reviews_0_1_0_0', 7],
      ['directory_employee_top_1_0_0_0', 7],
    ]);
  });

  it('leave statements without parameters unnamed', async () => {
    await queryRows(fresh.database.db, sql.raw('select 41 + 1 as answer'));
    expect((await prepared()).some((p) => p.statement.includes('41 + 1'))).toBe(false);
  });
});
