// Which reads go to a streaming replica (DESIGN §9.2, db/replicas.ts). Only reads that may be a few
// seconds old do, and only through `staleReads`: other people's profiles and statistics, the
// directories and their searches, the transparency report. Writes, a person's own data, and every
// read by a person within REPLICA_STICKY_S of their last write stay on the primary, so people always
// see what they have just done. That last write is remembered twice: by this process (the account)
// and by the browser, in a cookie that lasts REPLICA_STICKY_S, which any instance or worker honours
// without sharing state.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../db/client.ts';

/** Present for REPLICA_STICKY_S after a write: the browser's reads stay on the primary meanwhile. */
const WROTE_COOKIE = 'wt_wrote';
const WROTE = new RegExp(`(?:^|;\\s*)${WROTE_COOKIE}=1(?:;|$)`);

/** Where a read that may be a few seconds old goes, and how long its answer may be cached. */
export interface StaleReads {
  db: Db;
  generic: Db;
  /**
   * From a replica: how long what it answered stays within REPLICA_MAX_LAG_S of the primary, so an
   * answer cache keeps it no longer (its version is the primary's). Absent for the primary.
   */
  cacheForMs?: number;
}

interface ReadRoutes {
  /** Reads of this request that may be a few seconds old: a replica's, unless the caller wrote lately. */
  staleReads(request: FastifyRequest): StaleReads;
  /** Requests whose such reads went to the primary or to a replica, for the metrics. */
  counts(): { primary: number; replica: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    reads: ReadRoutes;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerReplicaReads(app: FastifyInstance, database: Database, stickySeconds: number) {
  const primary: StaleReads = { db: database.db, generic: database.generic };
  const counts = { primary: 0, replica: 0 };
  const replicas = database.replicas;
  if (!replicas) {
    app.decorate('reads', { staleReads: () => primary, counts: () => ({ ...counts }) });
    return;
  }
  const wroteLately = new LRUCache<number, true>({ max: 100_000, ttl: stickySeconds * 1000 });

  app.decorate('reads', {
    staleReads(request: FastifyRequest) {
      const userId = request.session?.userId;
      const sticky =
        (userId !== undefined && wroteLately.has(userId)) || WROTE.test(request.headers.cookie ?? '');
      const replica = sticky ? null : replicas.pick();
      if (!replica) {
        counts.primary += 1;
        return primary;
      }
      counts.replica += 1;
      return { db: replica.db, generic: replica.generic, cacheForMs: replica.freshForMs };
    },
    counts: () => ({ ...counts }),
  });

  // Before the answer goes: a write that succeeded starts the caller's time on the primary.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return payload;
    const userId = request.session?.userId;
    if (userId !== undefined) wroteLately.set(userId, true);
    const secure = request.protocol === 'https' ? '; Secure' : '';
    const cookie = `${WROTE_COOKIE}=1; Max-Age=${stickySeconds}; Path=/api; HttpOnly; SameSite=Strict${secure}`;
    const current = reply.getHeader('set-cookie');
    reply.header(
      'set-cookie',
      current === undefined ? cookie : [...(Array.isArray(current) ? current : [String(current)]), cookie],
    );
    return payload;
  });
}
