// The database's CHECK constraints list allowed values and text lengths in SQL (drizzle/*.sql), which
// cannot import the contracts; zod and Drizzle take the same lists and limits from packages/contracts.
// This reads the constraints back from a migrated database and holds them to the contracts, so they
// cannot drift: every CHECK that lists values or bounds a length must be one the contracts name.
import { DATABASE_ENUMS, DATABASE_LIMITS, LANGUAGES } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/config/paths.ts';
import { queryRows } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { registerUser } from '../fixtures.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
let checks: { table: string; definition: string }[];
beforeAll(async () => {
  ctx = await createTestApp();
  checks = await queryRows<{ table: string; definition: string }>(
    ctx.deps.db,
    sql`select t.relname as "table", pg_get_constraintdef(c.oid) as definition from pg_constraint c
        join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
        where c.contype = 'c' and n.nspname = current_schema()`,
  );
});
afterAll(() => ctx.close());

/** The values a CHECK (column IN (...)) on table.column allows, or null without one. */
function allowedValues(table: string, column: string): string[] | null {
  // PostgreSQL prints `CHECK ((column = ANY (ARRAY['a'::text, 'b'::text])))`.
  const check = checks.find(
    (row) => row.table === table && row.definition.includes(`(${column} = ANY (ARRAY[`),
  );
  if (!check) return null;
  return [...check.definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1] as string);
}

/** Every `table.column` whose length a CHECK bounds, with its largest allowed length. */
function lengthLimits(): Map<string, number> {
  const limits = new Map<string, number>();
  for (const { table, definition } of checks) {
    // `(char_length(x) <= 500)` or `((char_length(x) >= 1) AND (char_length(x) <= 2000))`.
    for (const match of definition.matchAll(/char_length\((\w+)\) <= (\d+)/g))
      limits.set(`${table}.${match[1]}`, Number(match[2]));
  }
  return limits;
}

describe('database enums', () => {
  for (const [key, values] of Object.entries(DATABASE_ENUMS)) {
    const [table, column] = key.split('.') as [string, string];
    it(`${key} allows exactly the contracts' values`, () => {
      expect(allowedValues(table, column)?.sort()).toEqual([...values].sort());
    });
  }

  it('lists every CHECK that names values in the contracts', () => {
    const listed = checks
      .flatMap(({ table, definition }) =>
        [...definition.matchAll(/\((\w+) = ANY \(ARRAY\[/g)].map((match) => `${table}.${match[1]}`),
      )
      .sort();
    expect([...new Set(listed)]).toEqual(Object.keys(DATABASE_ENUMS).sort());
  });
});

describe('database text limits', () => {
  it("bound exactly the contracts' columns, at the contracts' lengths", () => {
    const limits = Object.fromEntries(lengthLimits());
    // A consent's version is written by the server from PRIVACY_NOTICE_VERSION; the bound is the
    // database's own guard, which no client text reaches.
    delete limits['consents.version'];
    expect(limits).toEqual(DATABASE_LIMITS);
  });
});

describe('languages', () => {
  it("are the contracts' LANGUAGES, which users.language must name", async () => {
    const rows = await queryRows<{ code: string }>(
      ctx.deps.db,
      sql`select code from languages order by code`,
    );
    expect(rows.map((row) => row.code)).toEqual([...LANGUAGES].sort());
    const { user } = await registerUser(ctx.app);
    const setLanguage = (code: string) =>
      ctx.deps.db.execute(sql`update users set language = ${code} where id = ${user.id}`);
    await expect(setLanguage('xx')).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/foreign key/) },
    });
    await setLanguage(LANGUAGES[LANGUAGES.length - 1] as string);
  });

  it('take a new language from the list at the next start, with no migration', async () => {
    await migrate(ctx.deps.db, MIGRATIONS_DIR, [...LANGUAGES, 'sw']);
    const rows = await queryRows<{ code: string }>(
      ctx.deps.db,
      sql`select code from languages order by code`,
    );
    expect(rows.map((row) => row.code)).toEqual([...LANGUAGES, 'sw'].sort());
  });
});
