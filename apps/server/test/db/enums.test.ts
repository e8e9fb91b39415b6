// The database's CHECK constraints list allowed values in SQL (drizzle/*.sql), which cannot import the
// contracts; zod and Drizzle take the same lists from packages/contracts. This reads the constraints
// back from a migrated database and holds them to the contracts' lists, so the four cannot drift.
import { DATABASE_ENUMS } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The values a CHECK (column IN (...)) on table.column allows, or null without one. */
async function allowedValues(table: string, column: string): Promise<string[] | null> {
  const rows = await queryRows<{ definition: string }>(
    ctx.deps.db,
    sql`select pg_get_constraintdef(c.oid) as definition from pg_constraint c
        join pg_class t on t.oid = c.conrelid
        where c.contype = 'c' and t.relname = ${table}`,
  );
  // PostgreSQL prints `CHECK ((column = ANY (ARRAY['a'::text, 'b'::text])))`.
  const check = rows.find((row) => row.definition.includes(`(${column} = ANY (ARRAY[`));
  if (!check) return null;
  return [...check.definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1] as string);
}

describe('database enums', () => {
  for (const [key, values] of Object.entries(DATABASE_ENUMS)) {
    const [table, column] = key.split('.') as [string, string];
    it(`${key} allows exactly the contracts' values`, async () => {
      expect((await allowedValues(table, column))?.sort()).toEqual([...values].sort());
    });
  }
});
