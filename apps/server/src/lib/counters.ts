// Windowed counters for the rate limits: the per-address limit (lib/rate-limit-store.ts) and what
// @fastify/rate-limit does not cover (failed sign-ins per account and address, per account). Kept
// in Redis when it is configured, so every instance shares them. Without Redis, or while it does not
// answer, they are kept in memory for the whole server: in the cluster primary, reached by the
// workers over IPC (cluster.ts), so N workers do not each allow the limit (issue 15 §3); in this
// process only when it is not a cluster worker.
import cluster, { type Cluster, type Worker } from 'node:cluster';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** A count within its window and the milliseconds left of the window. */
interface Window {
  count: number;
  ttlMs: number;
}

/** The counting operations, in milliseconds: what the memory store keeps and the primary serves. */
export interface Tally {
  /** Counts one event; the window starts with the first one. */
  hit(key: string, windowMs: number): Promise<Window>;
  get(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes `key` for `holdMs` if nobody holds it (answers 0), else answers the milliseconds left. */
  claim(key: string, holdMs: number): Promise<number>;
}

export interface Counters {
  /** Counts one event and returns the count within the window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  get(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes `key` for `seconds` if nobody holds it (answers 0), else answers the seconds left (≥ 1). */
  claim(key: string, seconds: number): Promise<number>;
}

/**
 * Keys kept in memory at most; past this the least recently used goes. A flood of new keys can then
 * forget old counts early, but memory stays bounded and every hit costs O(1): expired entries are
 * dropped when read or evicted, never found by scanning (issue 15 §6).
 */
const MEMORY_KEYS = 100_000;

interface Entry {
  count: number;
  expiresAt: number;
}

/** Counts in this process. `now` is the clock (milliseconds), Date.now unless a test gives its own. */
export function memoryTally(options: { max?: number; now?: () => number } = {}): Tally {
  const now = options.now ?? (() => Date.now());
  // The cache's own expiry reads the same clock, with no caching of it (ttlResolution 0), so an
  // entry is gone exactly when its window ends.
  const entries = new LRUCache<string, Entry>({
    max: options.max ?? MEMORY_KEYS,
    perf: { now },
    ttlResolution: 0,
  });
  const live = (key: string, at: number) => {
    const entry = entries.get(key);
    return entry && entry.expiresAt > at ? entry : undefined;
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      let entry = live(key, at);
      if (!entry) {
        entry = { count: 0, expiresAt: at + windowMs };
        entries.set(key, entry, { ttl: windowMs });
      }
      entry.count += 1;
      return { count: entry.count, ttlMs: entry.expiresAt - at };
    },
    async get(key) {
      return live(key, now())?.count ?? 0;
    },
    async reset(key) {
      entries.delete(key);
    },
    async claim(key, holdMs) {
      const at = now();
      const held = live(key, at);
      if (held) return held.expiresAt - at;
      entries.set(key, { count: 1, expiresAt: at + holdMs }, { ttl: holdMs });
      return 0;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Shared by the workers of a cluster: the primary keeps one memory tally and answers the workers'
// operations. A worker sends the operations of one turn of its event loop as one message, so a
// burst of requests costs a message per turn, not per request.

const ASK = 'worktrust:tally:ask';
const ANSWER = 'worktrust:tally:answer';
type Op =
  | { op: 'hit'; key: string; ms: number }
  | { op: 'get'; key: string }
  | { op: 'reset'; key: string }
  | { op: 'claim'; key: string; ms: number };
type Result = Window | number | null;
export interface Ask {
  type: typeof ASK;
  id: number;
  ops: Op[];
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  results: Result[];
}

async function perform(tally: Tally, op: Op): Promise<Result> {
  switch (op.op) {
    case 'hit':
      return tally.hit(op.key, op.ms);
    case 'get':
      return tally.get(op.key);
    case 'reset':
      await tally.reset(op.key);
      return null;
    case 'claim':
      return tally.claim(op.key, op.ms);
  }
}

/** In the cluster primary: keeps the workers' counts and answers their operations. */
export function serveClusterTally(primary: Cluster = cluster, tally: Tally = memoryTally()) {
  primary.on('message', (worker: Worker, message: Ask) => {
    if (message?.type !== ASK) return;
    void Promise.all(message.ops.map((op) => perform(tally, op))).then((results) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, results } satisfies Answer);
    });
  });
}

/**
 * In a cluster worker: the primary's tally, reached over IPC. A primary that does not answer within
 * `timeoutMs` (a process manager's own cluster rather than cluster.ts) is not asked again: this
 * process counts alone from then on, rather than hold requests up.
 */
export function primaryTally(send: (message: Ask) => void, options: { timeoutMs?: number } = {}): Tally {
  const timeoutMs = options.timeoutMs ?? 2000;
  const local = memoryTally();
  let primaryAnswers = true;
  let pending: { op: Op; resolve: (result: Result) => void }[] = [];
  const waiting = new Map<number, { batch: typeof pending; timer: NodeJS.Timeout }>();
  let nextId = 0;
  process.on('message', (message: Answer) => {
    if (message?.type !== ANSWER) return;
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    clearTimeout(entry.timer);
    entry.batch.forEach(({ resolve }, i) => {
      resolve(message.results[i] ?? null);
    });
  });
  const runLocally = (batch: typeof pending) => {
    for (const { op, resolve } of batch) void perform(local, op).then(resolve);
  };
  const flush = () => {
    const batch = pending;
    pending = [];
    if (!primaryAnswers) return runLocally(batch);
    const id = nextId++;
    const timer = setTimeout(() => {
      if (!waiting.delete(id)) return;
      primaryAnswers = false;
      process.emitWarning('The cluster primary does not keep rate-limit counts: counting in this worker');
      runLocally(batch);
    }, timeoutMs);
    timer.unref();
    waiting.set(id, { batch, timer });
    send({ type: ASK, id, ops: batch.map(({ op }) => op) });
  };
  const ask = <R extends Result>(op: Op) =>
    new Promise<R>((resolve) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ op, resolve: resolve as (result: Result) => void });
    });
  return {
    hit: (key, ms) => ask<Window>({ op: 'hit', key, ms }),
    get: (key) => ask<number>({ op: 'get', key }),
    reset: async (key) => {
      await ask({ op: 'reset', key });
    },
    claim: (key, ms) => ask<number>({ op: 'claim', key, ms }),
  };
}

let shared: Tally | undefined;

/**
 * The memory tally for this server: the primary's in a cluster worker (one per process, however
 * many apps it builds), else a new one of this process's own.
 */
export function serverTally(): Tally {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return memoryTally();
  shared ??= primaryTally((message) => send(message));
  return shared;
}

// ---------------------------------------------------------------------------------------------

/** Counters over a tally, in seconds. */
export function tallyCounters(tally: Tally): Counters {
  return {
    async hit(key, windowSeconds) {
      return (await tally.hit(key, windowSeconds * 1000)).count;
    },
    get: (key) => tally.get(key),
    reset: (key) => tally.reset(key),
    async claim(key, seconds) {
      const leftMs = await tally.claim(key, seconds * 1000);
      return leftMs > 0 ? Math.max(1, Math.ceil(leftMs / 1000)) : 0;
    },
  };
}

/** Counters in Redis while it answers, else in `fallback` (the server's memory tally). */
export function redisCounters(redis: Redis, onFallback: (error: unknown) => void, fallback: Tally): Counters {
  const memory = tallyCounters(fallback);
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
    claim: guarded(async (key: string, seconds: number) => {
      if ((await redis.set(`wt:c:${key}`, '1', 'EX', seconds, 'NX')) === 'OK') return 0;
      // Held: how long for. A hold that ended in between still answers a second's wait.
      return Math.max(1, Math.ceil((await redis.pttl(`wt:c:${key}`)) / 1000));
    }, memory.claim),
  };
}

/** Counters in this process's memory alone. */
export const memoryCounters = (): Counters => tallyCounters(memoryTally());
