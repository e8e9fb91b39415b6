// A new embedded data directory starts from the template `npm run build` makes (db/template.ts):
// a migrated, empty cluster. An existing directory is never replaced by it, and a template from
// another PGlite version is not used.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { readTemplate, writeTemplate } from '../../src/db/template.ts';

let scratch: string;
let template: string;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'wt-template-'));
  template = join(scratch, 'template.tar.gz');
  await writeTemplate(template);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const appliedMigrations = async (db: Parameters<typeof queryRows>[0]) =>
  (await queryRows<{ name: string }>(db, sql`select name from schema_migrations order by name`)).map(
    (r) => r.name,
  );

describe('the embedded database template', () => {
  it('gives a new data directory every migration before the server migrates', async () => {
    const dataDir = join(scratch, 'new');
    const database = await openDatabase({ dataDir, template: () => readTemplate(template) });
    try {
      const applied = await appliedMigrations(database.db);
      expect(applied.length).toBeGreaterThan(0);
      expect(await migrate(database.db)).toEqual([]);
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      expect(row?.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('leaves an existing data directory as it is', async () => {
    const dataDir = join(scratch, 'existing');
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    const again = await openDatabase({ dataDir, template: () => readTemplate(template) });
    try {
      expect(await queryRows(again.db, sql`select note from kept`)).toEqual([{ note: 'still here' }]);
      await expect(queryRows(again.db, sql`select name from schema_migrations`)).rejects.toThrow();
    } finally {
      await again.close();
    }
  });

  it('is not used when another PGlite version made it, nor when it is missing', () => {
    expect(readTemplate(template)).toBeInstanceOf(Blob);
    const other = join(scratch, 'other.tar.gz');
    writeFileSync(other, 'not a data directory');
    writeFileSync(`${other}.version`, '0.0.1');
    expect(readTemplate(other)).toBeUndefined();
    expect(readTemplate(join(scratch, 'missing.tar.gz'))).toBeUndefined();
  });
});
