// A store for @fastify/rate-limit that counts in Redis while Redis answers, so every instance shares
// one count, and in process memory while it does not, so a Redis outage neither takes the site down
// nor switches rate limiting off (issue 5). It wraps the plugin's own two stores, so the counting
// rules (windows, TTLs) stay theirs.
import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Flags = [continueExceeding: boolean, exponentialBackoff: boolean];
// The stores are CommonJS modules without type declarations of their own.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  ...args: [...Flags, redis: Redis, nameSpace: string]
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  ...args: Flags
) => FastifyRateLimitStore;

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
    return new FallbackStore(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.onFallback,
    );
  }
}

export function fallbackRateLimitStore(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void,
): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    // The plugin passes its merged settings, which its types leave unspecified.
    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
    ) {
      const flags: Flags = [options.continueExceeding ?? false, options.exponentialBackoff ?? false];
      super(redis, new RedisStore(...flags, redis, nameSpace), new LocalStore(...flags), onFallback);
    }
  };
}
