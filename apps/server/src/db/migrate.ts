// Applies the pending drizzle/*.sql files in name order, each once, all in one transaction that first
// takes an advisory lock, so that several instances starting together do not race and a failing
// statement rolls the whole run back; then writes the contracts' LANGUAGES into the languages table. (drizzle-kit cannot load PGlite's pg_trgm, so migrations run
// from code; see docs/decisions/0002-migrations-from-code.md.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../config/paths.ts';
import { type Db, queryRows } from './client.ts';

const LOCK_KEY = 727_274_001;

export async function migrate(
  db: Db,
  dir: string = MIGRATIONS_DIR,
  languages: readonly string[] = LANGUAGES,
): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(
      sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const done = await queryRows<{ name: string }>(tx, sql`select name from schema_migrations`);
    const doneNames = new Set(done.map((r) => r.name));
    for (const file of files) {
      if (doneNames.has(file)) continue;
      // Statements are separated as drizzle-kit does, since prepared statements take one each.
      const statements = readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint');
      for (const statement of statements) {
        if (statement.replace(/--.*$/gm, '').trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
      applied.push(file);
    }
    // The languages users may choose are the contracts' (drizzle/0032): a language added there is
    // written here; one removed stays, since accounts may still point at it (the API no longer offers it).
    // A folder of older migrations only (tests of a migration) has no such table yet.
    const [table] = await queryRows<{ found: boolean }>(
      tx,
      sql`select to_regclass('languages') is not null as found`,
    );
    if (!table?.found) return;
    const rows = sql.join(
      languages.map((code) => sql`(${code})`),
      sql`, `,
    );
    await tx.execute(sql`insert into languages (code) values ${rows} on conflict do nothing`);
  });
  return applied;
}
