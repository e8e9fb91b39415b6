// Which reads go to a streaming replica (DESIGN §9.2, db/replicas.ts, ADR 0026). Only reads that may
// be a few seconds old do, and only through `staleReads`: other people's profiles, statistics and
// rating pages, the directories and their searches, the transparency report. Writes, a person's own
// data, and every read by a person within REPLICA_STICKY_S of their last write stay on the primary;
// after that, until the lag allowed has passed too, only a replica that already holds their write
// serves them. So people always see what they have just done. The time of a person's last write is
// kept twice: by this process (the account) and by the browser, in a cookie that lasts as long as
// either window, which any instance or worker honours without sharing state.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../db/client.ts';

/** The time (epoch ms) of the browser's last write, for as long as it may matter. */
const WROTE_COOKIE = 'wt_wrote';
const WROTE = new RegExp(`(?:^|;\\s*)${WROTE_COOKIE}=(\\d{1,15})(?:;|$)`);

/** Where a read that may be a few seconds old goes, and until when its answer may be cached. */
export interface StaleReads {
  db: Db;
  generic: Db;
  /**
   * From a replica: until when (epoch ms) what it answered stays within REPLICA_MAX_LAG_S of the
   * primary, so an answer cache keeps it no longer (its version is the primary's). Absent for the
   * primary.
   */
  freshUntil?: number;
}

interface ReadRoutes {
  /** Reads of this request that may be a few seconds old: a replica's, unless the caller wrote lately. */
  staleReads(request: FastifyRequest): StaleReads;
  /**
   * Whether this caller's last write may be missing from a replica: then an answer the cache took
   * from a replica is not good enough for them (ADR 0026).
   */
  wroteLately(request: FastifyRequest): boolean;
  /** Requests whose such reads went to the primary or to a replica, for the metrics. */
  counts(): { primary: number; replica: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    reads: ReadRoutes;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerReplicaReads(
  app: FastifyInstance,
  database: Database,
  settings: { stickySeconds: number; maxLagSeconds: number },
) {
  const primary: StaleReads = { db: database.db, generic: database.generic };
  const counts = { primary: 0, replica: 0 };
  const replicas = database.replicas;
  if (!replicas) {
    app.decorate('reads', {
      staleReads: () => {
        counts.primary += 1;
        return primary;
      },
      wroteLately: () => false,
      counts: () => ({ ...counts }),
    });
    return;
  }
  const stickyMs = settings.stickySeconds * 1000;
  // Past both windows a write is on every replica in use, whatever their lag.
  const rememberMs = Math.max(stickyMs, settings.maxLagSeconds * 1000) + 1000;
  const lastWrites = new LRUCache<number, number>({ max: 100_000, ttl: rememberMs });

  /** How long ago the caller last wrote, by their account here or their browser's cookie. */
  const sinceLastWrite = (request: FastifyRequest) => {
    const userId = request.session?.userId;
    const byAccount = userId === undefined ? undefined : lastWrites.get(userId);
    const byBrowser = Number(WROTE.exec(request.headers.cookie ?? '')?.[1] ?? Number.NaN);
    const last = Math.max(byAccount ?? 0, Number.isFinite(byBrowser) ? byBrowser : 0);
    return last === 0 ? Number.POSITIVE_INFINITY : Date.now() - last;
  };

  app.decorate('reads', {
    staleReads(request: FastifyRequest) {
      const since = sinceLastWrite(request);
      const replica = since < stickyMs ? null : replicas.pick(since);
      if (!replica) {
        counts.primary += 1;
        return primary;
      }
      counts.replica += 1;
      return { db: replica.db, generic: replica.generic, freshUntil: replica.freshUntil };
    },
    wroteLately: (request: FastifyRequest) => sinceLastWrite(request) < rememberMs,
    counts: () => ({ ...counts }),
  });

  // Before the answer goes: a write that succeeded is remembered, here and in the browser.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return payload;
    const now = Date.now();
    const userId = request.session?.userId;
    if (userId !== undefined) lastWrites.set(userId, now);
    const secure = request.protocol === 'https' ? '; Secure' : '';
    const cookie = `${WROTE_COOKIE}=${now}; Max-Age=${Math.ceil(rememberMs / 1000)}; Path=/api; HttpOnly; SameSite=Strict${secure}`;
    const current = reply.getHeader('set-cookie');
    reply.header(
      'set-cookie',
      current === undefined ? cookie : [...(Array.isArray(current) ? current : [String(current)]), cookie],
    );
    return payload;
  });
}
