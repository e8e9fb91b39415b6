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
  /**
   * Counts one request against a limit of `max` in the window: allowed while the count is at most
   * `max` (a refused one answers more). A cluster worker may count it in an allowance it holds.
   */
  take(key: string, windowMs: number, max: number): Promise<Window>;
  /**
   * Counts one request as `take` does, answered at once from what this process knows. A cluster
   * worker counts a key's first few requests of a window alone (QUIET_SHARE), then tells the primary
   * within SETTLE_MS and hears, in its answer and as they come, what the other workers counted. A
   * limit can then be passed by what the others allowed before it heard: their quiet requests and a
   * settling's worth. For keys that are many and each asked for a few times a window (the limits per
   * account), where `take` cost a message to the primary for nearly every request.
   */
  takeLoosely(key: string, windowMs: number, max: number): Promise<Window>;
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

/** The memory tally, which also counts several events at once (a worker's loose counts). */
export interface MemoryTally extends Tally {
  add(key: string, windowMs: number, count: number): Promise<Window>;
}

/** Counts in this process. `now` is the clock (milliseconds), Date.now unless a test gives its own. */
export function memoryTally(options: { max?: number; now?: () => number } = {}): MemoryTally {
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
  const add = async (key: string, windowMs: number, count: number) => {
    const at = now();
    let entry = live(key, at);
    if (!entry) {
      entry = { count: 0, expiresAt: at + windowMs };
      entries.set(key, entry, { ttl: windowMs });
    }
    entry.count += count;
    return { count: entry.count, ttlMs: entry.expiresAt - at };
  };
  const hit = (key: string, windowMs: number) => add(key, windowMs, 1);
  return {
    add,
    hit,
    take: hit,
    takeLoosely: hit,
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
//
// The per-address limit (`take`) is asked for on every API request, so it is shared out (ADR 0021): the
// primary keeps each address's budget for the window and hands a worker a share of what is left
// (a fraction of it, one request at a time near the end); the worker counts the address's next
// requests in its share without a message. Nothing is ever allowed beyond the budget, and before
// the primary refuses a request it takes back the shares other workers have not used, so a
// request is refused only when `max` requests of the window have really been allowed.

const ASK = 'worktrust:tally:ask';
const ANSWER = 'worktrust:tally:answer';
const RECALL = 'worktrust:tally:recall';
const RETURNED = 'worktrust:tally:returned';
const COUNTED = 'worktrust:tally:counted';
type Op =
  | { op: 'hit'; key: string; ms: number }
  | { op: 'add'; key: string; ms: number; count: number; max: number }
  /** `quiet`: requests the worker allowed alone before it asked (QUIET_SHARE), charged first. */
  | { op: 'take'; key: string; ms: number; max: number; quiet: number }
  | { op: 'give'; key: string; window: number; count: number }
  | { op: 'get'; key: string }
  | { op: 'reset'; key: string }
  | { op: 'claim'; key: string; ms: number };
/** The answer to a `take`: the request's count, and a share of the window's budget for the worker. */
interface Grant extends Window {
  /** The budget's window, so that a share is given back only to the window it came from. */
  window: number;
  /** Further requests the worker may count itself. */
  share: number;
}
type Result = Window | Grant | number | null;
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
/** The primary asks a worker for the unused part of its share of `key`'s budget in `window`. */
interface Recall {
  type: typeof RECALL;
  id: number;
  key: string;
  window: number;
}
/** The primary tells the workers that count keys loosely what the others have counted of them. */
interface Counted {
  type: typeof COUNTED;
  counts: { key: string; count: number; ttlMs: number }[];
}
export interface Returned {
  type: typeof RETURNED;
  id: number;
  count: number;
}

/** At most this many requests in one share: a worker asks again at least this often. */
const SHARE_MAX = 1000;
/** A worker that does not answer a recall within this keeps its share, counted as used. */
const RECALL_TIMEOUT_MS = 1000;

interface Budget {
  window: number;
  /** Requests allowed in the window, shares not yet used included. */
  granted: number;
  expiresAt: number;
  /** Workers that may hold an unused share. */
  holders: Set<number>;
}

/**
 * In the cluster primary: every address's budget of requests for the window, shared out to the
 * workers. `recall` asks a worker for its unused share (0 if it has none or is gone).
 */
export function budgetBook(options: {
  workers: () => number;
  recall: (workerId: number, key: string, window: number) => Promise<number>;
  now?: () => number;
}) {
  const now = options.now ?? (() => Date.now());
  const budgets = new LRUCache<string, Budget>({ max: MEMORY_KEYS, perf: { now }, ttlResolution: 0 });
  const recalling = new Map<string, Promise<void>>();
  let windows = 0;

  const recallShares = async (key: string, budget: Budget, from: number[]) => {
    const returned = await Promise.all(from.map((id) => options.recall(id, key, budget.window)));
    for (const id of from) budget.holders.delete(id);
    budget.granted -= returned.reduce((sum, count) => sum + count, 0);
  };

  return {
    async take(workerId: number, key: string, windowMs: number, max: number, quiet = 0): Promise<Grant> {
      let uncharged = quiet;
      for (;;) {
        // A recall under way for this key: judge after it, on the budget it leaves.
        const pending = recalling.get(key);
        if (pending) {
          await pending;
          continue;
        }
        const at = now();
        let budget = budgets.get(key);
        if (!budget || budget.expiresAt <= at) {
          budget = { window: ++windows, granted: 0, expiresAt: at + windowMs, holders: new Set() };
          budgets.set(key, budget, { ttl: windowMs });
        }
        // Allowed already, by the worker alone: they count, whatever is left.
        budget.granted += uncharged;
        uncharged = 0;
        const left = max - budget.granted;
        const ttlMs = budget.expiresAt - at;
        if (left <= 0) {
          // Every holder is asked, the asking worker too: a share granted to it after it asked may
          // have reached it since.
          const holders = [...budget.holders];
          if (holders.length === 0) return { count: max + 1, ttlMs, window: budget.window, share: 0 };
          const recall = recallShares(key, budget, holders).finally(() => recalling.delete(key));
          recalling.set(key, recall);
          continue;
        }
        // This request and a share: a fraction of what is left, so that every worker can have one.
        const taken = Math.max(1, Math.min(SHARE_MAX, Math.floor(left / (2 * options.workers()))));
        budget.granted += taken;
        if (taken > 1) budget.holders.add(workerId);
        return { count: budget.granted - taken + 1, ttlMs, window: budget.window, share: taken - 1 };
      }
    },
    /** A worker gives back the unused part of a share (it forgot the key before the window ended). */
    give(key: string, window: number, count: number) {
      const budget = budgets.get(key);
      if (budget?.window === window) budget.granted -= count;
    },
  };
}

async function perform(tally: MemoryTally, op: Exclude<Op, { op: 'take' | 'give' }>): Promise<Result> {
  switch (op.op) {
    case 'hit':
      return tally.hit(op.key, op.ms);
    case 'add':
      return tally.add(op.key, op.ms, op.count);
    case 'get':
      return tally.get(op.key);
    case 'reset':
      await tally.reset(op.key);
      return null;
    case 'claim':
      return tally.claim(op.key, op.ms);
  }
}

/** In the cluster primary: keeps the workers' counts and budgets and answers their operations. */
export function serveClusterTally(primary: Cluster = cluster, tally: MemoryTally = memoryTally()) {
  const recalls = new Map<number, (count: number) => void>();
  let nextRecall = 0;
  const book = budgetBook({
    workers: () => Math.max(1, Object.keys(primary.workers ?? {}).length),
    recall: (workerId, key, window) =>
      new Promise<number>((resolve) => {
        const worker = primary.workers?.[workerId];
        if (!worker?.isConnected()) return resolve(0);
        const id = nextRecall++;
        const done = (count: number) => {
          recalls.delete(id);
          clearTimeout(timer);
          worker.off('exit', gone);
          resolve(count);
        };
        const gone = () => done(0);
        const timer = setTimeout(gone, RECALL_TIMEOUT_MS);
        recalls.set(id, done);
        worker.once('exit', gone);
        worker.send({ type: RECALL, id, key, window } satisfies Recall);
      }),
  });
  // The workers that count each key loosely in its window, and what each is owed of the others'
  // counts: sent once per turn, one message a worker.
  const looseCounters = new LRUCache<string, Set<number>>({ max: MEMORY_KEYS });
  const owed = new Map<number, Map<string, Window>>();
  const tellOwed = () => {
    for (const [id, counts] of owed) {
      const worker = primary.workers?.[id];
      if (!worker?.isConnected()) continue;
      worker.send({
        type: COUNTED,
        counts: [...counts].map(([key, { count, ttlMs }]) => ({ key, count, ttlMs })),
      } satisfies Counted);
    }
    owed.clear();
  };
  const added = (from: number, key: string, window: Window, max: number) => {
    let counting = looseCounters.get(key);
    if (!counting) {
      counting = new Set();
      looseCounters.set(key, counting, { ttl: window.ttlMs });
    }
    counting.add(from);
    // Below half the limit no worker can pass it on what it has not heard, unless its own requests
    // since reach the other half, which it tells within SETTLE_MS: most accounts never get here.
    if (window.count * 2 < max) return;
    for (const id of counting) {
      if (id === from) continue;
      if (owed.size === 0) setImmediate(tellOwed);
      const counts = owed.get(id) ?? new Map<string, Window>();
      owed.set(id, counts);
      counts.set(key, window);
    }
  };
  primary.on('message', (worker: Worker, message: Ask | Returned) => {
    if (message?.type === RETURNED) {
      recalls.get(message.id)?.(message.count);
      return;
    }
    if (message?.type !== ASK) return;
    const results = message.ops.map((op): Promise<Result> => {
      if (op.op === 'take') return book.take(worker.id, op.key, op.ms, op.max, op.quiet);
      if (op.op === 'give') {
        book.give(op.key, op.window, op.count);
        return Promise.resolve(null);
      }
      if (op.op === 'add') {
        return tally.add(op.key, op.ms, op.count).then((window) => {
          added(worker.id, op.key, window, op.max);
          return window;
        });
      }
      return perform(tally, op);
    });
    void Promise.all(results).then((answered) => {
      if (worker.isConnected())
        worker.send({ type: ANSWER, id: message.id, results: answered } satisfies Answer);
    });
  });
}

/** At most this long before a worker tells the primary of the requests it counted loosely. */
export const SETTLE_MS = 200;
/**
 * A worker counts a key's first `max / QUIET_SHARE` requests of a window alone, telling no one: with
 * up to 8 workers, what none has told is under half the limit. Most accounts never get past it.
 */
const QUIET_SHARE = 16;

/** A key a worker counts loosely: the cluster's count as last heard, and its own since. */
interface Loose {
  /** The count the primary last answered, every worker's requests included. */
  heard: number;
  /** Told to the primary, not yet answered. */
  told: number;
  /** Counted here, not yet told. */
  untold: number;
  windowMs: number;
  max: number;
  expiresAt: number;
}

/** A worker's share of an address's budget. */
interface Share {
  window: number;
  /** Requests it may still count. */
  left: number;
  /** The count its last request was given, for the rate-limit headers. */
  count: number;
  expiresAt: number;
}

/**
 * In a cluster worker: the primary's tally, reached over IPC, with shares of the per-address
 * budgets kept here. A primary that does not answer within `timeoutMs` (a process manager's own
 * cluster rather than cluster.ts) is not asked again: this process counts alone from then on,
 * rather than hold requests up.
 */
export function primaryTally(
  send: (message: Ask | Returned) => void,
  options: {
    timeoutMs?: number;
    now?: () => number;
    /** Where the primary's messages arrive: this process's IPC channel unless a test gives its own. */
    messages?: NodeJS.EventEmitter;
  } = {},
): Tally {
  const timeoutMs = options.timeoutMs ?? 2000;
  const now = options.now ?? (() => Date.now());
  const local = memoryTally({ now });
  let primaryAnswers = true;
  let pending: { op: Op; resolve: (result: Result) => void }[] = [];
  const waiting = new Map<number, { batch: typeof pending; timer: NodeJS.Timeout }>();
  let nextId = 0;
  const shares = new LRUCache<string, Share>({
    max: MEMORY_KEYS,
    // A share forgotten before its window ends is given back, so the address keeps its allowance.
    dispose: (share, key, reason) => {
      if (reason === 'evict' && share.left > 0 && share.expiresAt > now()) {
        void ask({ op: 'give', key, window: share.window, count: share.left });
      }
    },
  });
  const loose = new LRUCache<string, Loose>({ max: MEMORY_KEYS });
  // The keys `take` counts alone in this window, before it first asks the primary.
  const quietly = new LRUCache<string, { count: number; asked: boolean; expiresAt: number }>({
    max: MEMORY_KEYS,
  });
  const untold = new Set<string>();
  let settling = false;
  /** The cluster's count of a key, from the primary: its answer, or what it told of other workers'. */
  const hear = (entry: Loose, window: Window) => {
    const expiresAt = now() + window.ttlMs;
    // A window ending much later is the primary's next one, whose count starts again; otherwise the
    // larger count is the later (a window's count only grows).
    entry.heard =
      expiresAt > entry.expiresAt + entry.windowMs / 2 ? window.count : Math.max(entry.heard, window.count);
    // The primary's window, which began with the first count it was told of, is the cluster's.
    entry.expiresAt = expiresAt;
  };
  // One message for every key counted since the last: `add` each one's new requests at the primary,
  // whose answer is the cluster's count.
  const settle = () => {
    settling = false;
    for (const key of untold) {
      const entry = loose.peek(key);
      if (!entry || entry.untold === 0) continue;
      const count = entry.untold;
      entry.untold = 0;
      entry.told += count;
      void ask<Window>({ op: 'add', key, ms: entry.windowMs, count, max: entry.max }).then((window) => {
        entry.told -= count;
        hear(entry, window);
      });
    }
    untold.clear();
  };
  (options.messages ?? process).on('message', (message: Answer | Recall | Counted) => {
    if (message?.type === COUNTED) {
      const at = now();
      for (const { key, count, ttlMs } of message.counts) {
        const entry = loose.peek(key);
        if (entry && entry.expiresAt > at) hear(entry, { count, ttlMs });
      }
      return;
    }
    if (message?.type === RECALL) {
      const share = shares.peek(message.key);
      let count = 0;
      if (share?.window === message.window) {
        count = share.left;
        share.left = 0;
      }
      send({ type: RETURNED, id: message.id, count });
      return;
    }
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
    for (const { op, resolve } of batch) {
      if (op.op === 'take') {
        void local
          .add(op.key, op.ms, op.quiet)
          .then(() => local.take(op.key, op.ms, op.max))
          .then(resolve);
      } else if (op.op === 'give') resolve(null);
      else void perform(local, op).then(resolve);
    }
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
  function ask<R extends Result>(op: Op) {
    return new Promise<R>((resolve) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ op, resolve: resolve as (result: Result) => void });
    });
  }
  return {
    hit: (key, ms) => ask<Window>({ op: 'hit', key, ms }),
    async take(key, ms, max) {
      const at = now();
      const share = shares.get(key);
      if (share && share.left > 0 && share.expiresAt > at) {
        share.left -= 1;
        share.count = Math.min(share.count + 1, max);
        return { count: share.count, ttlMs: share.expiresAt - at };
      }
      // An address's first few requests of a window on this worker are its own; the first it asks
      // for carries them to the primary's budget.
      let alone = quietly.get(key);
      if (!alone || alone.expiresAt <= at) {
        alone = { count: 0, asked: false, expiresAt: at + ms };
        quietly.set(key, alone);
      }
      if (!alone.asked && (alone.count + 1) * QUIET_SHARE <= max) {
        alone.count += 1;
        return { count: alone.count, ttlMs: alone.expiresAt - at };
      }
      const quiet = alone.asked ? 0 : alone.count;
      alone.asked = true;
      const grant = await ask<Grant | Window>({ op: 'take', key, ms, max, quiet });
      // Counted here after the primary stopped answering: a plain count, no share.
      if (!('share' in grant)) return grant;
      if (grant.share > 0) {
        const held = shares.peek(key);
        const left = held?.window === grant.window ? held.left + grant.share : grant.share;
        // Ends no later than the primary's window, whose clock was read after `at`.
        shares.set(key, { window: grant.window, left, count: grant.count, expiresAt: at + grant.ttlMs });
      }
      return { count: grant.count, ttlMs: grant.ttlMs };
    },
    async takeLoosely(key, ms, max) {
      const at = now();
      let entry = loose.get(key);
      if (!entry || entry.expiresAt <= at) {
        entry = { heard: 0, told: 0, untold: 0, windowMs: ms, max, expiresAt: at + ms };
        loose.set(key, entry);
      }
      entry.untold += 1;
      const quiet = entry.heard + entry.told === 0 && entry.untold * QUIET_SHARE <= max;
      if (!quiet) {
        untold.add(key);
        if (!settling) {
          settling = true;
          setTimeout(settle, SETTLE_MS).unref();
        }
      }
      return { count: entry.heard + entry.told + entry.untold, ttlMs: entry.expiresAt - at };
    },
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
