// kill -9 in the middle of a burst of rating submissions, then a restart (issue 5 §3): every rating
// acknowledged with 201 is there, and the database holds every invariant. On PostgreSQL, and on the
// embedded database, whose promise is narrower (see docs/operations.md, "Durability"): commits reach
// the operating system before the answer, so they survive the process dying, but PGlite runs
// PostgreSQL with fsync off, so an OS crash or power cut may lose the latest ones. The last test pins
// that setting, so the documentation cannot silently go stale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ELIGIBILITY } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../src/db/client.ts';
import {
  type BurstOutcome,
  baseEnv,
  companyRating,
  expectAnswer,
  invariantViolations,
  NO_VIOLATIONS,
  type PrivatePostgres,
  population,
  ratingBurst,
  request,
  type ServerInstance,
  startPostgres,
  startServer,
} from './support.ts';

const ENGINES = ['postgres', 'pglite'] as const;

describe.each(ENGINES)('kill -9 during a burst of ratings (%s)', (engine) => {
  let postgres: PrivatePostgres | undefined;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerInstance | undefined;
  let outcomes: BurstOutcome[] = [];
  let population_: Awaited<ReturnType<typeof population>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wt-durability-'));
    env = { ...baseEnv(), DATA_DIR: dataDir };
    if (engine === 'postgres') {
      postgres = await startPostgres();
      env.DATABASE_URL = await postgres.createDatabase();
    }
    server = await startServer(env);
    population_ = await population(server.port, 8, 8);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const open = (): Promise<Database> =>
    openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir });

  it('loses no acknowledged rating and keeps every invariant', { timeout: 240_000 }, async () => {
    const killed = server as ServerInstance;
    let killing: Promise<unknown> | undefined;
    outcomes = await ratingBurst(killed.port, population_.raters, population_.companies, {
      concurrency: 6,
      afterAcknowledged: (count) => {
        if (count === 20) killing = killed.kill();
      },
    });
    expect(await killing).toMatchObject({ signal: 'SIGKILL' });

    const acknowledged = outcomes.filter((o) => o.answer?.status === 201);
    const failed = outcomes.filter((o) => o.error);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    // The kill really cut the burst short...
    expect(failed.length).toBeGreaterThan(0);
    // ...and before it, nothing but 201s.
    expect(outcomes.filter((o) => o.answer && o.answer.status !== 201)).toEqual([]);

    // Restart on the same data: PostgreSQL (or PGlite) recovers from its WAL.
    server = await startServer(env, { port: killed.port });
    const port = server.port;
    for (const outcome of acknowledged) {
      const given = await expectAnswer<{ results: { id: number; ratee: number }[] }>(
        port,
        200,
        'GET',
        '/api/core/my-ratings/given/?page_size=100',
        { token: outcome.rater.access },
      );
      expect(given.results).toContainEqual(
        expect.objectContaining({ id: outcome.answer?.body.id, ratee: outcome.ratee.id }),
      );
    }
    // A submission whose answer was lost may or may not have been committed; resending it is safe
    // either way: stored now, or refused by the unique constraint, never stored twice. This also shows
    // the restarted instance taking writes.
    for (const outcome of failed.slice(0, 5)) {
      const again = await request<{ id?: number; detail?: string }>(port, 'POST', '/api/core/ratings/', {
        token: outcome.rater.access,
        body: companyRating(outcome.ratee.id, 1),
      });
      if (again.status === 201) acknowledged.push({ ...outcome, answer: again });
      else expect(again).toMatchObject({ status: 400, body: { detail: ELIGIBILITY.alreadyRated } });
    }

    // A clean stop, then the database itself is examined.
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    server = undefined;
    const database = await open();
    try {
      const rows = await queryRows<{ id: number; rater_id: number; ratee_id: number }>(
        database.db,
        sql`select id, rater_id, ratee_id from ratings`,
      );
      const stored = new Map(rows.map((r) => [r.id, r]));
      for (const outcome of acknowledged) {
        expect(stored.get(outcome.answer?.body.id as number)).toEqual({
          id: outcome.answer?.body.id,
          rater_id: outcome.rater.id,
          ratee_id: outcome.ratee.id,
        });
      }
      expect(await invariantViolations(database.db)).toEqual(NO_VIOLATIONS);
      if (engine === 'pglite') {
        // The documented limit: no fsync, so the promise stops at the process (docs/operations.md).
        const [setting] = await queryRows<{ fsync: string }>(database.db, sql`show fsync`);
        expect(setting?.fsync).toBe('off');
      }
    } finally {
      await database.close();
    }
  });
});
