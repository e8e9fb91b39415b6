// The query plans behind each read case: the real app, built in this process on a pool whose
// Drizzle logger records every statement, answers one request per case; each recorded statement is
// then run again as EXPLAIN (ANALYZE, BUFFERS) with the same parameters.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { closeDeps, createDeps } from '../apps/server/src/bootstrap.ts';
import { parseEnv } from '../apps/server/src/config/env.ts';
import type { Database, Db } from '../apps/server/src/db/client.ts';
import { NO_JIT } from '../apps/server/src/db/pools.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import type { Req } from './load.ts';

/** Tables big enough that a sequential scan of them in a request is a defect. */
const BIG_TABLES = ['users', 'ratings', 'search_grams'];

export interface ExplainedQuery {
  sql: string;
  plan: string;
  executionMs: number;
  seqScans: string[];
}

export interface ExplainedCase {
  key: string;
  name: string;
  request: string;
  status: number;
  queries: ExplainedQuery[];
}

export async function explainCases(
  url: string,
  jwtSecret: string,
  cases: { key: string; name: string; request: Req }[],
): Promise<ExplainedCase[]> {
  const recorded: { query: string; params: unknown[] }[] = [];
  // Without JIT, as the server's connections run (db/client.ts): a search's plan passes
  // jit_above_cost, and its compilation (650 ms at 1M users) would be reported as the search's time.
  // The statements are explained with their values, so searches show the plan for those values where
  // the server runs each search's generic plan (ADR 0020).
  const pool = new pg.Pool({ connectionString: url, max: 2, options: NO_JIT });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  }) as unknown as Db;
  const database: Database = {
    db,
    generic: db,
    kind: 'postgres',
    replicas: null,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  const env = parseEnv({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'wt-bench-')),
    RATE_LIMIT_MAX: '1000000000',
    ACCOUNT_RATE_LIMIT: '1000000000',
    ACCOUNT_WRITE_LIMIT: '1000000000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    // The plans of the database path: with the answer cache the recorded request would be a hit,
    // which runs the session statement alone (ADR 0007).
    VIEW_CACHE_MB: '0',
  });
  const deps = await createDeps(env, { warn() {}, info() {} }, { database });
  const app = await buildApp(deps);
  await app.ready();
  const explained: ExplainedCase[] = [];
  try {
    for (const c of cases) {
      // Once to warm caches and prepared plans, once recorded.
      const send = () =>
        app.inject({
          method: c.request.method,
          url: c.request.path,
          headers: c.request.token ? { authorization: `Bearer ${c.request.token}` } : {},
        });
      await send();
      recorded.length = 0;
      const answer = await send();
      const queries: ExplainedQuery[] = [];
      for (const { query, params } of [...recorded]) {
        const result = await pool.query(`explain (analyze, buffers) ${query}`, params);
        const plan = result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
        const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
        const seqScans = BIG_TABLES.filter((t) => new RegExp(`Seq Scan on ${t}\\b`).test(plan));
        queries.push({ sql: query, plan, executionMs, seqScans });
      }
      explained.push({
        key: c.key,
        name: c.name,
        request: `${c.request.method} ${c.request.path}`,
        status: answer.statusCode,
        queries,
      });
    }
  } finally {
    await app.close();
    await closeDeps(deps);
  }
  return explained;
}
