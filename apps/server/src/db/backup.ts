// Backups of the embedded database (docs/operations.md, "Backups and restore"): the whole PGlite data
// directory as a gzipped tarball (PGlite's dumpDataDir, after a checkpoint), and back into an empty
// DATA_DIR (loadDataDir). PostgreSQL has pg_dump and pg_restore for this. The server must be stopped
// first: PGlite is one process's database, and two processes on one directory would corrupt it.
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from './client.ts';
import { migrate } from './migrate.ts';

/** An operator's mistake (missing file, occupied directory): one line for the terminal. */
export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  users: number;
  ratings: number;
}

async function counts(database: Database) {
  const [row] = await queryRows<{ users: number; ratings: number }>(
    database.db,
    sql`select (select count(*) from users)::int as users, (select count(*) from ratings)::int as ratings`,
  );
  return { users: row?.users ?? 0, ratings: row?.ratings ?? 0 };
}

const pgdata = (dataDir: string) => join(dataDir, 'pgdata');

export async function backupEmbedded(dataDir: string, out: string): Promise<BackupSummary> {
  if (!existsSync(join(pgdata(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`there is no embedded database in ${dataDir} to back up`);
  }
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose a new file name`);
  const database = await openDatabase({ dataDir });
  try {
    const summary = await counts(database);
    if (!database.dumpDataDir) throw new BackupError('only the embedded database is backed up this way');
    const tarball = await database.dumpDataDir();
    // Written aside and renamed, so a file under the final name is always a whole backup.
    const partial = `${out}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    renameSync(partial, out);
    return { file: out, bytes: statSync(out).size, ...summary };
  } finally {
    await database.close();
  }
}

export interface RestoreSummary {
  users: number;
  ratings: number;
  /** Where the database that was replaced now is (with --force). */
  keptAt?: string;
}

export async function restoreEmbedded(
  dataDir: string,
  from: string,
  options: { force: boolean },
): Promise<RestoreSummary> {
  if (!existsSync(from)) throw new BackupError(`${from} does not exist`);
  const target = pgdata(dataDir);
  let keptAt: string | undefined;
  if (existsSync(target)) {
    if (!options.force) {
      throw new BackupError(
        `${dataDir} already holds a database; stop the server and add --force to replace it (the current one is kept beside it)`,
      );
    }
    keptAt = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAt);
  }
  const tarball = new Blob([readFileSync(from)], { type: 'application/gzip' });
  let database: Database | undefined;
  try {
    database = await openDatabase({ dataDir, loadDataDir: tarball });
    // A backup from an older release is brought up to this release's schema.
    await migrate(database.db);
    return { ...(await counts(database)), keptAt };
  } catch (error) {
    // Put things back as they were: no half-restored directory is left behind.
    await database?.close().catch(() => {});
    database = undefined;
    rmSync(target, { recursive: true, force: true });
    if (keptAt) renameSync(keptAt, target);
    throw new BackupError(
      `${from} could not be restored (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  } finally {
    await database?.close();
  }
}
