// One database interface over two engines: embedded PGlite in DATA_DIR by default, a node-postgres
// pool when DATABASE_URL is set (DESIGN §1). Both speak the PostgreSQL dialect and run the same
// migrations and queries.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type Logger, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { GENERIC_PLANS, NO_JIT, postgresPool } from './pools.ts';
import { openReplicas, type Replicas } from './replicas.ts';
import * as schema from './schema/index.ts';

/**
 * int8 (bigint) as a JavaScript number on both engines, in typed and raw queries alike: rating ids are
 * random below 2^53 (ADR 0016) and every other int8 (counts, versions) is far smaller. node-postgres
 * reads int8 as a string by default, PGlite as a number or, past 2^53, a BigInt. A value that a
 * number cannot hold exactly fails its query rather than come back rounded.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 ${text} is past JavaScript's exact integers`);
  return value;
}
// node-postgres: process-wide, since Drizzle gives each query its own type lookup that falls back to
// this one (PGlite takes its parsers per client, below).
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Runs raw SQL and returns its rows (both drivers answer with `.rows`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  /**
   * The same database through connections that always keep a statement's generic plan, for the
   * statements written to choose their way as they run (searches, ADR 0020). PGlite: `db` itself.
   */
  generic: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness probe used by /health. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Pool statistics for observability; PGlite has a single connection. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Streaming replicas for reads that may be a few seconds old (db/replicas.ts); null without. */
  replicas: Replicas<Db> | null;
  /** PGlite only: the whole data directory as a gzipped tarball, after a checkpoint (backups). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Directory for PGlite; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL's limit per statement: 15 s by default, for requests; 0 for none (operator commands). */
  statementTimeoutMs?: number;
  /** PGlite only: fill an empty DATA_DIR from a dumpDataDir tarball (restores). */
  loadDataDir?: Blob;
  /**
   * PGlite only: a new DATA_DIR (no database yet) starts from this dump instead of running initdb,
   * when no loadDataDir is given (db/template.ts).
   */
  template?: () => Blob | undefined;
  /** Told of every statement sent (Drizzle's logger): tests that count a request's round trips. */
  logger?: Logger;
  /** PostgreSQL only: streaming replicas of `databaseUrl` (DATABASE_REPLICA_URLS). */
  replicaUrls?: readonly string[];
  /** How far behind the primary a replica may be and still be read from (REPLICA_MAX_LAG_S). */
  replicaMaxLagSeconds?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, {
      max: options.poolSize ?? 10,
      statementTimeoutMs: options.statementTimeoutMs ?? 15_000,
      logger: options.logger,
      replicaUrls: options.replicaUrls ?? [],
      replicaMaxLagSeconds: options.replicaMaxLagSeconds ?? 10,
    });
  }
  const dataDir = options.dataDir ?? './data';
  const fresh = !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'pgdata', 'PG_VERSION'));
  return openPglite(
    dataDir,
    options.loadDataDir ?? (fresh ? options.template?.() : undefined),
    options.logger,
  );
}

async function openPostgres(
  url: string,
  options: {
    max: number;
    statementTimeoutMs: number;
    logger?: Logger;
    replicaUrls: readonly string[];
    replicaMaxLagSeconds: number;
  },
): Promise<Database> {
  const { max, statementTimeoutMs, logger } = options;
  const pool = postgresPool(url, max, statementTimeoutMs, NO_JIT);
  // Connections open on first use: a process that serves no search opens none.
  const genericPool = postgresPool(url, max, statementTimeoutMs, GENERIC_PLANS);
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  const replicas =
    options.replicaUrls.length > 0
      ? openReplicas<Db>(
          options.replicaUrls,
          { url, pool, genericPool },
          { poolSize: max, statementTimeoutMs, maxLagSeconds: options.replicaMaxLagSeconds },
          (replicaPool) => drizzlePg(replicaPool, { schema, logger }) as unknown as Db,
        )
      : null;
  return {
    db,
    generic: drizzlePg(genericPool, { schema, logger }) as unknown as Db,
    kind: 'postgres',
    replicas,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      // Idempotent, as PGlite's close is: shutdown paths may both close it.
      await replicas?.close();
      if (!genericPool.ended) await genericPool.end();
      if (!pool.ended) await pool.end();
    },
    poolStats: () => ({
      total: pool.totalCount + genericPool.totalCount,
      idle: pool.idleCount + genericPool.idleCount,
      waiting: pool.waitingCount + genericPool.waitingCount,
    }),
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob, logger?: Logger): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : `${dataDir}/pgdata`, {
    extensions: { pg_trgm, unaccent },
    parsers: { [pgliteTypes.INT8]: parseInt8 },
    // Each query waits for PGlite's file-system sync. With Node's file system every write already
    // reaches the OS before a commit returns, so acknowledged commits survive a crash of this process
    // (kill -9); PGlite runs PostgreSQL with fsync off, so they may not survive an OS crash or power
    // loss. Tested in test/resilience/durability.test.ts; see docs/operations.md.
    relaxedDurability: false,
    ...(loadDataDir && { loadDataDir }),
  });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    generic: db,
    kind: 'pglite',
    replicas: null,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    async dumpDataDir() {
      // Data files as of the last commit, so the copy needs no WAL replay to be whole.
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
  };
}
