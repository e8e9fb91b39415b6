// Stores for @fastify/rate-limit. Without Redis: the server's memory tally (lib/counters.ts), which
// all workers of a cluster share through the primary, so the limit holds for the server, not per
// worker (issue 15 §3; the plugin's own memory store is per process). With Redis: counted in Redis
// while it answers, so every instance shares one count, and in the memory tally while it does not,
// so a Redis outage neither takes the site down nor switches rate limiting off (issue 5).
import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Tally } from './counters.ts';

type Flags = [continueExceeding: boolean, exponentialBackoff: boolean];
// The stores are CommonJS modules without type declarations of their own.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  ...args: [...Flags, redis: Redis, nameSpace: string]
) => FastifyRateLimitStore;

/**
 * Whether the plugin asks for a route's own counts (config.rateLimit), or for a limiter of
 * `createRateLimit` (no route: its keys carry their own scope, as the per-account limits' do).
 */
const ofRoute = (routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) =>
  (routeOptions as unknown as { routeInfo?: { url?: string } }).routeInfo?.url !== undefined;

/**
 * What a limiter of `createRateLimit` may add to its options: count in the tally loosely (Tally's
 * `takeLoosely`), as the limits per account do, whose keys are many and each seldom asked for.
 */
export interface LooseCounting {
  countLoosely?: boolean;
}

/**
 * Fixed windows in a tally, as the plugin's own stores count by default (the windows start with a
 * key's first request; continueExceeding and exponentialBackoff are not used here).
 */
class TallyStore implements FastifyRateLimitStore {
  private readonly tally: Tally;
  private readonly prefix: string;
  private readonly loosely: boolean;

  constructor(tally: Tally, prefix: string, loosely = false) {
    this.tally = tally;
    this.prefix = prefix;
    this.loosely = loosely;
  }

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
    const counted = this.loosely
      ? this.tally.takeLoosely(this.prefix + key, timeWindow, max)
      : this.tally.take(this.prefix + key, timeWindow, max);
    counted.then(
      ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
      (error: Error) => callback(error),
    );
  }

  /** A route with limits of its own counts apart, as the plugin's Redis store does. */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    if (!ofRoute(routeOptions)) {
      return (routeOptions as LooseCounting).countLoosely
        ? new TallyStore(this.tally, this.prefix, true)
        : this;
    }
    const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string; url: string } };
    return new TallyStore(this.tally, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
  }
}

/** Counts in `tally` (no Redis). */
export function tallyRateLimitStore(tally: Tally, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends TallyStore {
    constructor() {
      super(tally, nameSpace);
    }
  };
}

class FallbackStore implements FastifyRateLimitStore {
  private readonly redis: Redis;
  private readonly shared: FastifyRateLimitStore;
  private readonly local: FastifyRateLimitStore;
  private readonly onFallback: (error: Error) => void;

  constructor(
    redis: Redis,
    shared: FastifyRateLimitStore,
    local: FastifyRateLimitStore,
    onFallback: (error: Error) => void,
  ) {
    this.redis = redis;
    this.shared = shared;
    this.local = local;
    this.onFallback = onFallback;
  }

  incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
    const [key, callback, timeWindow, max] = args;
    // Disconnected (the connection's own 'error' listener has warned): count here, at once.
    if (this.redis.status !== 'ready') {
      this.local.incr(...args);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.onFallback(error);
        this.local.incr(...args);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    if (!ofRoute(routeOptions)) {
      // In Redis as any count; in memory, while Redis is down, loosely if the limiter asks.
      return (routeOptions as LooseCounting).countLoosely
        ? new FallbackStore(this.redis, this.shared, this.local.child(routeOptions), this.onFallback)
        : this;
    }
    return new FallbackStore(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.onFallback,
    );
  }
}

/** Counts in Redis while it answers, else in `tally`. */
export function fallbackRateLimitStore(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void,
  tally: Tally,
): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    // The plugin passes its merged settings, which its types leave unspecified.
    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
    ) {
      const flags: Flags = [options.continueExceeding ?? false, options.exponentialBackoff ?? false];
      super(redis, new RedisStore(...flags, redis, nameSpace), new TallyStore(tally, nameSpace), onFallback);
    }
  };
}
