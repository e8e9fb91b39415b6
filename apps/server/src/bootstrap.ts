// Wires the process-wide dependencies from the environment; shared by the server, the command line
// and the tests so all three run the same code.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AppDeps } from './app-deps.ts';
import type { Env } from './config/env.ts';
import { jwtSecret } from './config/jwt-secret.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { readTemplate } from './db/template.ts';
import { redisCounters, serverTally, tallyCounters } from './lib/counters.ts';
import { createMailer } from './lib/mail-queue.ts';
import { createTokenService } from './lib/tokens.ts';
import { createViewCache } from './lib/view-cache.ts';
import { startRankRefresh } from './modules/directory/search/ranks.ts';
import { notificationRenderer } from './modules/notifications/mail-render.ts';
import { startNotificationMail } from './modules/notifications/worker.ts';
import { startHeldRelease } from './modules/ratings/release.ts';
import { startKeepingCityNames } from './modules/users/cities.ts';

export function connectRedis(url: string, log: Pick<FastifyBaseLogger, 'warn'>, keyPrefix = ''): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    // Fail commands fast while disconnected; rate limiting then falls back to memory.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned)
      log.warn({ err: error.message }, 'Redis unavailable: rate limits fall back to server memory');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

/**
 * Resolves once Redis is ready, or at its first error or after `timeoutMs`, whichever comes first.
 * Starting before it is ready would count the first requests in memory and the next in Redis, so a
 * limit could be passed by the few requests that straddle the switch; a Redis that is down does not
 * hold the start up (counting then starts in memory, as it would after an outage).
 */
export function redisReady(redis: Redis, timeoutMs = 2000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((done) => {
    const finish = () => {
      clearTimeout(timer);
      redis.off('ready', finish);
      redis.off('error', finish);
      done();
    };
    const timer = setTimeout(finish, timeoutMs);
    redis.once('ready', finish);
    redis.once('error', finish);
  });
}

export async function createDeps(
  env: Env,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  options: {
    database?: Database;
    poolSize?: number;
    redisKeyPrefix?: string;
    /** How often search ranks are refreshed; tests that watch the order lag set it past their end. */
    rankRefreshMs?: number;
  } = {},
): Promise<AppDeps> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: options.poolSize ?? env.DB_POOL_SIZE,
      template: readTemplate,
      replicaUrls: env.DATABASE_REPLICA_URLS,
      replicaMaxLagSeconds: env.REPLICA_MAX_LAG_S,
    }));
  await migrate(database.db);
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL, log, options.redisKeyPrefix) : null;
  if (redis) await redisReady(redis);
  // Memory shared by the server's workers: the counts without Redis, and while Redis is down.
  const tally = serverTally();
  const counters = redis
    ? redisCounters(redis, () => log.warn('Redis command failed: counting in server memory'), tally)
    : tallyCounters(tally);
  const links = { secret: jwtSecret(env), publicUrl: env.PUBLIC_URL };
  const mailer = createMailer(env, log, database.db, { render: notificationRenderer(database.db, links) });
  return {
    env,
    database,
    db: database.db,
    redis,
    tally,
    counters,
    tokens: createTokenService(jwtSecret(env), env.ACCESS_TOKEN_TTL, env.REFRESH_TOKEN_TTL),
    mailer,
    notificationMail: startNotificationMail({ db: database.db, mailer, log, ...links }),
    searchRanks: startRankRefresh(database.db, log, options.rankRefreshMs),
    heldRelease: startHeldRelease(database.db, log),
    cityNames: startKeepingCityNames(database.db, log),
    // Characters of JSON: one byte each for the ASCII most answers are made of.
    viewCache: createViewCache(env.VIEW_CACHE_MB * 1024 * 1024),
  };
}

export async function closeDeps(deps: AppDeps) {
  await deps.searchRanks.close();
  await deps.heldRelease.close();
  await deps.cityNames.close();
  await deps.notificationMail.close();
  await deps.mailer.close();
  deps.redis?.disconnect();
  await deps.database.close();
}
