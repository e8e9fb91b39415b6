// Dependency faults while serving (issue 5 §4), on a private PostgreSQL and a private Redis that this
// file stops and starts (the machine's shared ones are left alone):
// - PostgreSQL down: requests fail fast with 503 and a JSON detail, never a 500 or a hang; health is
//   503; liveness stays 200; service resumes by itself when the database is back.
// - Redis down: the site keeps serving, rate limiting goes on in server memory with a logged
//   warning, and the instance goes back to Redis when it returns.
import { MSG } from '@workspace/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  type Answer,
  baseEnv,
  companyRating,
  type PrivatePostgres,
  type PrivateRedis,
  RequestFailed,
  request,
  type ServerInstance,
  signUp,
  sleep,
  startPostgres,
  startRedis,
  startServer,
  waitFor,
} from './support.ts';

const RATE_LIMIT_MAX = 5000;
// A request that the database does not answer must come back well before this.
const FAST = 5000;

let postgres: PrivatePostgres;
let redis: PrivateRedis;
let server: ServerInstance;
let employee: Account;
let companies: Account[];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  server = await startServer({
    ...baseEnv(),
    DATABASE_URL: await postgres.createDatabase(),
    REDIS_URL: redis.url,
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
  });
  employee = await signUp(server.port, 'employee');
  companies = await Promise.all([signUp(server.port, 'employer'), signUp(server.port, 'employer')]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([postgres?.close(), redis?.close()]);
}, 60_000);

const get = (path: string, token?: string) => request(server.port, 'GET', path, { token, timeoutMs: FAST });

/** Loads the instance from a few workers until `stop()` is called; returns every outcome. */
function backgroundLoad(token: string) {
  let running = true;
  const outcomes: (Answer | RequestFailed)[] = [];
  const worker = async () => {
    while (running) {
      try {
        outcomes.push(await get('/api/auth/profile/', token));
      } catch (error) {
        if (!(error instanceof RequestFailed)) throw error;
        outcomes.push(error);
      }
      await sleep(20);
    }
  };
  const workers = Promise.all([worker(), worker(), worker()]);
  return {
    async stop() {
      running = false;
      await workers;
      return outcomes;
    },
  };
}

describe('PostgreSQL stops while serving', () => {
  it('answers 503 fast with a JSON detail, reports unhealthy, and recovers by itself', {
    timeout: 120_000,
  }, async () => {
    expect((await get('/api/core/health/')).status).toBe(200);
    const load = backgroundLoad(employee.access);
    await sleep(300);
    await postgres.stop();

    // Everything that needs the database: 503, the one JSON detail, within FAST (else TIMEOUT).
    const unavailable = { status: 503, body: { detail: MSG.serviceUnavailable } };
    for (let round = 0; round < 3; round++) {
      expect(await get('/api/auth/profile/', employee.access)).toMatchObject(unavailable);
      const rating = await request(server.port, 'POST', '/api/core/ratings/', {
        token: employee.access,
        body: companyRating(companies[0]?.id as number, 1),
        timeoutMs: FAST,
      });
      expect(rating).toMatchObject(unavailable);
      expect(Object.keys(rating.body)).toEqual(['detail']);
      const login = await request(server.port, 'POST', '/api/auth/login/', {
        body: { email: employee.email, password: 'Chai-and-Monsoon-42' },
        timeoutMs: FAST,
      });
      expect(login).toMatchObject(unavailable);
      const health = await get('/api/core/health/');
      expect(health).toMatchObject({ status: 503, body: { status: 'unhealthy' } });
    }
    // Liveness does not depend on the database: a load balancer keeps the process, not its traffic.
    expect((await get('/api/live')).status).toBe(200);

    await postgres.start();
    await waitFor('health to recover', async () => (await get('/api/core/health/')).status === 200, 30_000);
    expect((await get('/api/auth/profile/', employee.access)).status).toBe(200);
    const rated = await request(server.port, 'POST', '/api/core/ratings/', {
      token: employee.access,
      body: companyRating(companies[1]?.id as number, 2),
    });
    expect(rated.status).toBe(201);

    // Under load through the outage: only 200s and 503s, every one complete and in time.
    const outcomes = await load.stop();
    const kinds = new Set(outcomes.map((o) => (o instanceof RequestFailed ? o.code : o.status)));
    expect([...kinds].sort()).toEqual([200, 503]);

    const records = server.logRecords();
    expect(records.some((r) => r.msg === 'database unavailable' && r.level === 40)).toBe(true);
    expect(records.filter((r) => Number(r.level) >= 50)).toEqual([]);
  });
});

describe('Redis stops while serving', () => {
  it('keeps serving with rate limits in memory, warns, and goes back to Redis', {
    timeout: 120_000,
  }, async () => {
    const counted = await get('/api/auth/profile/', employee.access);
    expect(counted.status).toBe(200);
    expect(Number(counted.headers['x-ratelimit-remaining'])).toBeLessThan(RATE_LIMIT_MAX);

    await redis.stop();
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await get('/api/auth/profile/', employee.access);
      expect(answer.status).toBe(200);
      // Still limited, now per process: the count goes on in memory.
      remaining.push(Number(answer.headers['x-ratelimit-remaining']));
    }
    expect(remaining.every((n, i) => i === 0 || n === (remaining[i - 1] as number) - 1)).toBe(true);
    // Sign-in (its failure counter lives in Redis too) and writes keep working.
    const login = await request(server.port, 'POST', '/api/auth/login/', {
      body: { email: employee.email, password: 'Chai-and-Monsoon-42' },
      timeoutMs: FAST,
    });
    expect(login.status).toBe(200);
    // The warning comes with the client's first failed reconnection, a moment after the outage began.
    await waitFor('the fallback warning', () =>
      server.logRecords().some((r) => r.level === 40 && /Redis unavailable/.test(String(r.msg))),
    );

    await redis.start();
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await client.connect();
      // Back on Redis: requests are counted there again (the restarted Redis started empty).
      const keys = await waitFor(
        'the instance to count in Redis again',
        async () => {
          expect((await get('/api/auth/profile/', employee.access)).status).toBe(200);
          const found = await client.keys('wt:rl:*');
          return found.length > 0 ? found : undefined;
        },
        30_000,
        250,
      );
      expect(Number(await client.get(keys[0] as string))).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });
});
