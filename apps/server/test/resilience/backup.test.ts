// `npm run cli -- backup` and `restore` for the embedded database (issue 5 §7), run as an operator
// runs them: a backup restored elsewhere holds the same data, nothing is overwritten without --force,
// and a failed restore leaves no half-restored directory behind.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import { invariantViolations, NO_VIOLATIONS, REPO_ROOT } from './support.ts';

const CLI = join(REPO_ROOT, 'apps/server/src/cli.ts');
const root = mkdtempSync(join(tmpdir(), 'wt-backup-'));
const original = join(root, 'original');
const copy = join(root, 'copy');
const file = join(root, 'worktrust.tar.gz');

/** Runs the command line as `npm run cli -- …` does, with only the given environment. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => done({ code, out }));
  });
}

/** Every user and rating, as one digest: equal digests, equal data. */
async function fingerprint(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await queryRows<{ users: number; ratings: number; digest: string }>(
      database.db,
      sql`select (select count(*) from users)::int as users,
                 (select count(*) from ratings)::int as ratings,
                 md5((select string_agg(u::text, '|' order by id) from users u) ||
                     (select string_agg(r::text, '|' order by id) from ratings r)) as digest`,
    );
    return { ...row, violations: await invariantViolations(database.db) };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const seeded = await cli(['seed', '--users', '40', '--ratings', '150'], { DATA_DIR: original });
  expect(seeded.code, seeded.out).toBe(0);
}, 180_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('backup and restore of the embedded database', () => {
  it('restores a backup elsewhere with the same data', { timeout: 180_000 }, async () => {
    const backup = await cli(['backup', '--out', file], { DATA_DIR: original });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Backed up 40 users and 150 ratings/);
    // A gzip file, and no partial file left beside it.
    expect([...readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(readdirSync(root).filter((f) => f.endsWith('.partial'))).toEqual([]);

    const again = await cli(['backup', '--out', file], { DATA_DIR: original });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already exists');

    const restore = await cli(['restore', '--from', file], { DATA_DIR: copy });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('Restored 40 users and 150 ratings');

    const before = await fingerprint(original);
    const after = await fingerprint(copy);
    expect(before.users).toBe(40);
    expect(after).toEqual(before);
    expect(after.violations).toEqual(NO_VIOLATIONS);
  });

  it('replaces a database only with --force, and keeps the replaced one', { timeout: 180_000 }, async () => {
    const refused = await cli(['restore', '--from', file], { DATA_DIR: copy });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('already holds a database');

    const forced = await cli(['restore', '--from', file, '--force'], { DATA_DIR: copy });
    expect(forced.code, forced.out).toBe(0);
    const kept = readdirSync(copy).filter((f) => f.startsWith('pgdata.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(forced.out).toContain(kept[0]);
  });

  it('leaves nothing half-restored when the file is not a backup', { timeout: 120_000 }, async () => {
    const junk = join(root, 'junk.tar.gz');
    writeFileSync(junk, 'this is not a backup');
    const target = join(root, 'from-junk');
    const failed = await cli(['restore', '--from', junk], { DATA_DIR: target });
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('could not be restored');
    expect(existsSync(join(target, 'pgdata'))).toBe(false);
  });

  it('points PostgreSQL users to pg_dump, and explains missing arguments', async () => {
    const postgres = await cli(['backup', '--out', join(root, 'pg.tar.gz')], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    });
    expect(postgres.code).toBe(2);
    expect(postgres.out).toContain('use pg_dump and pg_restore');
    const missing = await cli(['restore'], { DATA_DIR: copy });
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('restore needs --from FILE');
  });
});
