// Builds the real app on a real, fresh database for each test file: in-memory PGlite by default,
// a new PostgreSQL database on TEST_DATABASE_URL's server when that is set. Redis is used when
// REDIS_URL is set, with a key prefix of its own so test files do not share counters.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-deps.ts';
import { closeDeps, createDeps } from '../src/bootstrap.ts';
import { parseEnv } from '../src/config/env.ts';
import { MIGRATIONS_DIR } from '../src/config/paths.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { readTemplate } from '../src/db/template.ts';
import { createFamily } from '../src/modules/auth/repository.ts';
import { adminQuery, databaseUrl } from './postgres-admin.ts';
import type {} from './provided-context.ts';

const silentLog = { warn() {}, info() {} };

let template: Blob | undefined;
/**
 * A new in-memory embedded database, loaded from the run's migrated template (test/global-setup.ts)
 * when there is one; the app and `migrate` then find nothing left to apply.
 */
function memoryDatabase(): Promise<Database> {
  const file = inject('pgliteTemplate');
  template ??= file ? readTemplate(file) : undefined;
  return openDatabase({ dataDir: 'memory://', loadDataDir: template });
}

export interface TestContext {
  app: App;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * A new, empty database on the server of `serverUrl`, and how to drop it. `migrated`: a copy of the
 * run's migrated template instead (test/global-setup.ts), when the server is TEST_DATABASE_URL's.
 */
export async function freshPostgres(serverUrl: string, { migrated = false } = {}) {
  const name = `wt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = migrated && serverUrl === process.env.TEST_DATABASE_URL ? inject('postgresTemplate') : '';
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const drop = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  return { url: databaseUrl(serverUrl, name), drop };
}

/**
 * For the tests of one file or describe block: a new database on the PostgreSQL server of `serverUrl`,
 * opened with `poolSize` connections before them and dropped after them (`fresh.database`).
 */
export function freshPostgresDatabase(serverUrl: string, poolSize: number) {
  const fresh = {} as { database: Database };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await freshPostgres(serverUrl);
    drop = created.drop;
    fresh.database = await openDatabase({ databaseUrl: created.url, poolSize });
  });
  afterAll(async () => {
    await fresh.database?.close();
    await drop?.();
  });
  return fresh;
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    /** A new database on this PostgreSQL server, whatever TEST_DATABASE_URL says. */
    postgresServer?: string;
    /** A database already open (the app migrates it and closes it); the caller drops it. */
    database?: Database;
    /** How often search ranks are refreshed (ADR 0027); a test of the lag runs them itself. */
    rankRefreshMs?: number;
  } = {},
): Promise<TestContext> {
  const env = parseEnv({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'wt-test-')),
    REDIS_URL: process.env.REDIS_URL,
    RATE_LIMIT_MAX: '100000',
    ACCOUNT_RATE_LIMIT: '100000',
    ACCOUNT_WRITE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ACCOUNT_LIMIT: '1000',
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'silent',
    // Anonymous ratings published at once, as every test but those of the hold expects (ADR 0030;
    // test/core/held-ratings.test.ts runs with the default, 'day').
    ANONYMOUS_HOLD: 'off',
    ...envOverrides,
  });
  const serverUrl = options.postgresServer ?? process.env.TEST_DATABASE_URL;
  const postgres = serverUrl && !options.database ? await freshPostgres(serverUrl, { migrated: true }) : null;
  const database =
    options.database ??
    (postgres ? await openDatabase({ databaseUrl: postgres.url, poolSize: 10 }) : await memoryDatabase());
  const deps = await createDeps(env, silentLog, {
    database,
    redisKeyPrefix: `wt-test-${randomBytes(4).toString('hex')}:`,
    rankRefreshMs: options.rankRefreshMs,
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await closeDeps(deps);
      await postgres?.drop();
    },
  };
}

/**
 * For the tests of one file or describe block: a new, migrated database without the app, on the
 * engine the tests run on (in-memory PGlite, or a new database on TEST_DATABASE_URL's server).
 */
export function testDatabase() {
  const fresh = {} as { db: Database['db']; database: Database; url?: string };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const server = process.env.TEST_DATABASE_URL;
    const created = server ? await freshPostgres(server, { migrated: true }) : undefined;
    drop = created?.drop;
    fresh.url = created?.url;
    fresh.database = created
      ? await openDatabase({ databaseUrl: created.url, poolSize: 4 })
      : await memoryDatabase();
    fresh.db = fresh.database.db;
    await migrate(fresh.db);
  });
  afterAll(async () => {
    await fresh.database?.close();
    await drop?.();
  });
  return fresh;
}

/**
 * The schema a migration's test starts from: a new database (on `postgresServer`, else in-memory
 * PGlite) with every migration before `migration` applied; the caller closes and drops it.
 */
export async function databaseBefore(
  migration: string,
  postgresServer: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<{ database: Database; drop: () => Promise<void>; applied: string[] }> {
  const before = mkdtempSync(join(tmpdir(), 'wt-migrations-'));
  for (const file of migrationsFrom('')) {
    if (file < migration) copyFileSync(join(MIGRATIONS_DIR, file), join(before, file));
  }
  const postgres = postgresServer ? await freshPostgres(postgresServer) : null;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: 'memory://' });
  const applied = await migrate(database.db, before);
  return { database, drop: async () => postgres?.drop(), applied };
}

/** The migrations from `migration` on, in the order migrate() applies them. */
export const migrationsFrom = (migration: string) =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql') && f >= migration)
    .sort();

/** An error answer, the default shape when a test does not name the expected body type. */
export type ErrorAnswer = { detail?: string; errors?: Record<string, string[]> } & Record<string, unknown>;

/**
 * Thin wrapper over inject: JSON in, parsed JSON out, optional bearer token. Name the expected
 * body with a contracts type: `call<LoginResponse>(app, 'POST', '/api/auth/login/', …)`.
 */
export async function call<T = ErrorAnswer>(
  app: App,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<{ status: number; body: T; raw: LightMyRequestResponse }> {
  const raw = await app.inject({
    method,
    url,
    remoteAddress: options.remoteAddress,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    ...(options.body !== undefined && { payload: JSON.stringify(options.body) }),
  });
  let body: unknown = {};
  if (raw.body) {
    try {
      body = JSON.parse(raw.body);
    } catch {
      body = { text: raw.body };
    }
  }
  return { status: raw.statusCode, body: body as T, raw };
}

/**
 * An access token of a live session for a user the test inserted directly (no password to sign in
 * with): the session row is created as a sign-in creates it, so the token passes the per-request
 * session check.
 */
export async function sessionToken(ctx: TestContext, userId: number): Promise<string> {
  const familyId = `test-${randomBytes(12).toString('base64url')}`;
  await createFamily(ctx.deps.db, {
    id: familyId,
    userId,
    currentJtiHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return ctx.deps.tokens.signAccess({ userId, sessionId: familyId });
}
