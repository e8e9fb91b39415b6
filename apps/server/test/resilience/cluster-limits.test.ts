// Rate limits of a clustered instance without Redis, or with a Redis that does not answer (issue 15
// §3): the counts are kept in the primary for all workers, so the limits hold for the server, not
// once per worker (before: with RATE_LIMIT_MAX=30 and 4 workers, 120 of 200 requests got through);
// an account's, counted loosely (ADR 0029), hold for requests at a person's pace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../src/lib/counters.ts';
import {
  baseEnv,
  freePort,
  type PrivatePostgres,
  request,
  type ServerInstance,
  signUp,
  startPostgres,
  startServer,
  waitFor,
} from './support.ts';

const WORKERS = 4;
let postgres: PrivatePostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.close();
}, 60_000);

describe.each([
  ['without Redis', async () => ({})],
  // Nothing listens there: the server starts, warns, and counts in memory.
  ['while Redis does not answer', async () => ({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` })],
])('rate limits of a clustered instance %s', (_name, redisEnv) => {
  let server: ServerInstance;

  beforeAll(async () => {
    server = await startServer(
      {
        ...baseEnv(),
        ...(await redisEnv()),
        DATABASE_URL: await postgres.createDatabase(),
        WEB_CONCURRENCY: String(WORKERS),
        RATE_LIMIT_MAX: '30',
        ACCOUNT_RATE_LIMIT: '30',
        LOGIN_RATE_LIMIT: '3',
        // The test speaks for several clients through X-Forwarded-For, as nginx would.
        TRUST_PROXY: '127.0.0.1',
      },
      { entry: 'cluster' },
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  /** How many workers have logged that they listen. */
  const workersStarted = () =>
    new Set(
      server
        .logRecords()
        .filter((record) => /listening/i.test(String(record.msg)))
        .map((record) => record.pid),
    ).size;

  it('let exactly RATE_LIMIT_MAX of 200 requests from one address through', {
    timeout: 120_000,
  }, async () => {
    // Every worker listens (the first starts alone), so the requests are spread over all of them.
    await waitFor('all workers to listen', () => workersStarted() === WORKERS, 60_000);
    const client = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      // One new connection per request, 20 at a time: the primary deals them out to the workers.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          request(server.port, 'GET', '/api/auth/profile/', { headers: client }),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(170);
    // Another client has its own allowance.
    const other = await request(server.port, 'GET', '/api/auth/profile/', {
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(other.status).toBe(401);
  });

  it('hold one account to ACCOUNT_RATE_LIMIT over many addresses and every worker', {
    timeout: 120_000,
  }, async () => {
    await waitFor('all workers to listen', () => workersStarted() === WORKERS, 60_000);
    const account = await signUp(server.port, 'employee');
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      // Ten requests at once, each from an address of its own, on new connections over the workers.
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          request(server.port, 'GET', '/api/auth/profile/', {
            headers: {
              authorization: `Bearer ${account.access}`,
              'x-forwarded-for': `198.51.100.${round * 10 + i + 1}`,
            },
          }),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
      // A person's pace rather than a burst: the workers tell each other their counts (loosely,
      // within SETTLE_MS) between rounds.
      await new Promise((done) => setTimeout(done, 2 * SETTLE_MS));
    }
    // A worker that had not told its count of the account before the others reached the limit lets
    // its quiet share (30 / 16: one request) and one more through before it hears.
    const passed = statuses.filter((s) => s === 200).length;
    expect(passed).toBeGreaterThanOrEqual(30);
    expect(passed).toBeLessThanOrEqual(30 + 2 * (WORKERS - 1));
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - passed);
  });

  it('count failed sign-ins for the whole server', { timeout: 60_000 }, async () => {
    const client = { 'x-forwarded-for': '203.0.113.9' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(server.port, 'POST', '/api/auth/login/', {
          headers: client,
          body: { email: 'nobody@example.com', password: `guess-${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(3).fill(401), ...Array(9).fill(429)]);
  });
});
