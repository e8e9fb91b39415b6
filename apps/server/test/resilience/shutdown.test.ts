// SIGTERM in the middle of a burst of rating submissions (issue 5 §2): the instance stops accepting
// connections, answers 503 to requests that still reach it (a load balancer's health check on a
// kept-alive connection), lets the requests in flight finish, closes its pool and exits 0. Every
// submission gets a complete answer or a connection the server never read from (refused, or reset
// unread), nothing is cut off halfway, and every 201 is in the database.
import net from 'node:net';
import { MSG } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import {
  type Account,
  answersUntilClosed,
  type BurstOutcome,
  baseEnv,
  companyRating,
  invariantViolations,
  NO_VIOLATIONS,
  type PrivatePostgres,
  population,
  RequestFailed,
  ratingBurst,
  request,
  type ServerInstance,
  signUp,
  startPostgres,
  startServer,
  waitFor,
} from './support.ts';

let postgres: PrivatePostgres;
let databaseUrl: string;
let server: ServerInstance;
let people: { raters: Account[]; companies: Account[] };
let slowRater: Account;

beforeAll(async () => {
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase();
  server = await startServer({ ...baseEnv(), DATABASE_URL: databaseUrl });
  people = await population(server.port, 8, 8);
  slowRater = await signUp(server.port, 'employee');
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.close();
}, 60_000);

describe('SIGTERM during a burst of ratings', () => {
  it('drains: complete answers or refused connections, 503 while closing, exit 0, every 201 stored', {
    timeout: 120_000,
  }, async () => {
    const port = server.port;
    // A request in flight across the signal: its headers and half its body are sent now, the rest
    // after SIGTERM. Behind it on the same connection, a health check as a load balancer sends it.
    const slowBody = JSON.stringify(companyRating(people.companies[0]?.id as number, 7));
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((ready) => slow.once('connect', ready));
    const slowAnswers = answersUntilClosed(slow);
    slow.write(
      `POST /api/core/ratings/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Authorization: Bearer ${slowRater.access}\r\nContent-Length: ${Buffer.byteLength(slowBody)}\r\n\r\n` +
        slowBody.slice(0, 20),
    );

    let terminated = false;
    const outcomes: BurstOutcome[] = await ratingBurst(port, people.raters, people.companies, {
      concurrency: 6,
      afterAcknowledged: (count) => {
        if (count === 15) {
          terminated = process.kill(server.pid, 'SIGTERM');
        }
      },
    });
    expect(terminated).toBe(true);

    // Closing: new connections are refused while the slow request keeps the process alive.
    await waitFor('new connections to be refused', async () => {
      try {
        await request(port, 'GET', '/api/core/health/', { timeoutMs: 2000 });
        return false;
      } catch (error) {
        return error instanceof RequestFailed && error.code === 'ECONNREFUSED';
      }
    });
    // The rest of the body and, pipelined in the same write, the health check.
    slow.write(`${slowBody.slice(20)}GET /api/core/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const [inFlight, health, ...others] = await slowAnswers;
    expect(inFlight?.status).toBe(201);
    const slowRating = JSON.parse(inFlight?.body ?? '{}') as { id: number };
    expect(health?.status).toBe(503);
    expect(JSON.parse(health?.body ?? '{}')).toEqual({ detail: MSG.serviceUnavailable });
    expect(health?.headers).toMatch(/connection: close/i);
    expect(others).toEqual([]);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stdout.join('\n')).toContain('shutting down: finishing in-flight requests');

    // Every submission: a complete answer, or a connection the server never read from. The answer
    // is 201, or 503 for a request read after the close began. A connection can be refused outright
    // (ECONNREFUSED) or, when it was still waiting to be accepted or had sent nothing yet as the
    // server closed, reset before any answer (ECONNRESET); neither was processed (checked below),
    // and a proxy may resend either. Nothing is cut off halfway (INCOMPLETE) or answered 500.
    const unexpected = outcomes.filter(
      (o) =>
        (o.answer && ![201, 503].includes(o.answer.status)) ||
        (o.error && !['ECONNREFUSED', 'ECONNRESET'].includes(o.error.code)),
    );
    expect(unexpected.map((o) => o.answer?.status ?? o.error?.code)).toEqual([]);
    const acknowledged = outcomes.filter((o) => o.answer?.status === 201);
    const notProcessed = outcomes.filter((o) => o.answer?.status === 503 || o.error);
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);

    const database = await openDatabase({ databaseUrl, poolSize: 2 });
    try {
      const ids = new Set(
        (await queryRows<{ id: number }>(database.db, sql`select id from ratings`)).map((r) => r.id),
      );
      for (const outcome of acknowledged) expect(ids.has(outcome.answer?.body.id as number)).toBe(true);
      expect(ids.has(slowRating.id)).toBe(true);
      expect(ids.size).toBe(acknowledged.length + 1);
      for (const outcome of notProcessed) {
        const stored = await queryRows(
          database.db,
          sql`select id from ratings where rater_id = ${outcome.rater.id} and ratee_id = ${outcome.ratee.id}`,
        );
        expect(stored).toEqual([]);
      }
      expect(await invariantViolations(database.db)).toEqual(NO_VIOLATIONS);
      // The pool was closed: no session of the stopped server is left on the database.
      const [sessions] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(sessions?.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
