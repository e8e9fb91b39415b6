// Windowed counters for rate limits that @fastify/rate-limit does not cover (failed logins per
// account and IP). Shared through Redis when it is configured, else kept in process memory; if
// Redis stops answering we fall back to memory rather than refuse service.
import type { Redis } from 'ioredis';

export interface Counters {
  /** Counts one event and returns the count within the window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  get(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryCounters(): Counters {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowSeconds) {
      const entry = live(key) ?? { count: 0, expiresAt: Date.now() + windowSeconds * 1000 };
      entry.count += 1;
      entries.set(key, entry);
      if (entries.size > 100_000) {
        for (const k of entries.keys()) if (!live(k)) entries.delete(k);
      }
      return entry.count;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export function redisCounters(redis: Redis, onFallback: (error: unknown) => void): Counters {
  const memory = memoryCounters();
  const guarded =
    <A extends unknown[], R>(viaRedis: (...args: A) => Promise<R>, viaMemory: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      if (redis.status !== 'ready') return viaMemory(...args);
      try {
        return await viaRedis(...args);
      } catch (error) {
        onFallback(error);
        return viaMemory(...args);
      }
    };
  return {
    hit: guarded(async (key: string, windowSeconds: number) => {
      const [[, count]] = (await redis
        .multi()
        .incr(`wt:c:${key}`)
        .expire(`wt:c:${key}`, windowSeconds, 'NX')
        .exec()) as [[null, number]];
      return count;
    }, memory.hit),
    get: guarded(async (key: string) => Number((await redis.get(`wt:c:${key}`)) ?? 0), memory.get),
    reset: guarded(async (key: string) => {
      await redis.del(`wt:c:${key}`);
    }, memory.reset),
  };
}
