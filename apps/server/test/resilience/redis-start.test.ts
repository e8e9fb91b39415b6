// Starting with Redis: the app counts in Redis from its first request when Redis answers (a start
// that raced the connection counted the first requests in memory and the rest in Redis, so a limit
// could be passed), and a Redis that is down does not hold the start up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, redisReady } from '../../src/bootstrap.ts';
import { call, createTestApp } from '../helpers.ts';
import { freePort, type PrivateRedis, startRedis } from './support.ts';

let redis: PrivateRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterAll(() => redis?.close());

const quiet = { warn() {} };

describe('redisReady', () => {
  it('waits for the connection to be ready', async () => {
    const client = connectRedis(redis.url, quiet);
    try {
      expect(client.status).not.toBe('ready');
      await redisReady(client);
      expect(client.status).toBe('ready');
    } finally {
      client.disconnect();
    }
  });

  it('gives up at the first error when nothing listens, well before its time-out', async () => {
    const client = connectRedis(`redis://127.0.0.1:${await freePort()}`, quiet);
    try {
      const started = performance.now();
      await redisReady(client, 10_000);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(client.status).not.toBe('ready');
    } finally {
      client.disconnect();
    }
  });
});

describe('an app started with REDIS_URL', () => {
  it('counts its very first requests in Redis, so the limit holds from the start', async () => {
    const ctx = await createTestApp({ REDIS_URL: redis.url, AUTH_RATE_LIMIT: '1' });
    try {
      const reset = () =>
        call(ctx.app, 'POST', '/api/auth/password-reset/request/', {
          body: { email: 'nobody@example.com' },
          remoteAddress: '10.8.0.1',
        });
      expect((await reset()).status).toBe(200);
      expect((await reset()).status).toBe(429);
      const keys = await ctx.deps.redis?.keys('*');
      expect(keys?.some((key) => key.includes('10.8.0.1'))).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
