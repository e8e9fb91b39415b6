// Answers already serialised, kept per process and served only at the view version they were built
// at (ADR 0007). The version is read with the caller's session in the same statement, so a hit
// costs no round trip of its own, and a change on any instance moves the version in the database
// before its own answer is sent: nothing stale is served after a write has answered.
import { LRUCache } from 'lru-cache';

interface CachedView<T> {
  version: number;
  value: T;
  /** Read from a replica (ADR 0026): possibly older than its version, and kept only a while. */
  fromReplica?: true;
}

export interface ViewCacheStats {
  hits: number;
  misses: number;
  entries: number;
  /** Characters held: the JSON strings' lengths. */
  size: number;
}

export interface ViewCache {
  /** False when VIEW_CACHE_MB is 0: nothing is kept, so versions need not be read. */
  readonly enabled: boolean;
  /**
   * The value stored under `key` at exactly `version`, or undefined; with `exact`, not one read from
   * a replica (for a caller whose own last write it may lack).
   */
  get<T>(key: string, version: number, exact?: boolean): T | undefined;
  /** The entry under `key` at whatever version, without counting a hit or a miss. */
  peek<T>(key: string): CachedView<T> | undefined;
  /**
   * Keeps `value` under `key` at `version`; until `freshUntil` (epoch ms) when given: an answer read
   * from a replica, which may be behind the version read from the primary (DESIGN §9.2).
   */
  set<T>(key: string, version: number, value: T, size: number, freshUntil?: number): void;
  stats(): ViewCacheStats;
}

/** The size to store a value made of these JSON texts under, with a little for the rest of it. */
export const sizeOfParts = (parts: readonly string[]) => parts.reduce((size, part) => size + part.length, 64);

/** A cache of at most `maxChars` characters of JSON; 0 turns caching off. */
export function createViewCache(maxChars: number): ViewCache {
  let hits = 0;
  let misses = 0;
  const lru = maxChars > 0 ? new LRUCache<string, CachedView<unknown>>({ maxSize: maxChars }) : null;
  return {
    enabled: lru !== null,
    get<T>(key: string, version: number, exact = false) {
      const entry = lru?.get(key);
      if (entry?.version === version && !(exact && entry.fromReplica)) {
        hits += 1;
        return entry.value as T;
      }
      misses += 1;
      return undefined;
    },
    peek: <T>(key: string) => lru?.peek(key) as CachedView<T> | undefined,
    set(key, version, value, size, freshUntil) {
      // An entry larger than the whole cache is not kept (lru-cache would refuse it anyway).
      if (!lru || size <= 0 || size > maxChars) return;
      // A request that read an older version may finish last: keep the newer entry.
      const current = lru.peek(key);
      if (current && current.version > version) return;
      if (freshUntil === undefined) {
        lru.set(key, { version, value }, { size });
        return;
      }
      const ttl = freshUntil - Date.now();
      if (ttl > 0) lru.set(key, { version, value, fromReplica: true }, { size, ttl });
    },
    stats: () => ({ hits, misses, entries: lru?.size ?? 0, size: lru?.calculatedSize ?? 0 }),
  };
}
