// Streaming read replicas (DESIGN §9.2, docs/operations.md §11, ADR 0026): DATABASE_REPLICA_URLS.
// Each replica has the same two pools as the primary (db/client.ts), built on a pool that sends a
// query the replica fails to the primary instead: no request fails because a replica did. Every
// second a monitor notes the primary's WAL position and asks each replica how far it has replayed:
// a replica holds everything the primary had committed when it stood at a position the replica has
// passed. One that does not answer, or is more than REPLICA_MAX_LAG_S behind, is skipped until it
// has caught up. Which reads may go to a replica, and for whom, is plugins/replica-reads.ts'.
import pg from 'pg';
import { GENERIC_PLANS, NO_JIT, poolConfig, preparePool } from './pools.ts';

/** How often each replica is asked for its lag. */
const CHECK_EVERY_MS = 1000;
/** A replica whose last check is older than this (a monitor stuck on it) is not read from. */
const CHECK_STALE_MS = 3 * CHECK_EVERY_MS;

/** A replica chosen for one request's reads, as the primary's `db` and `generic` are (client.ts). */
interface ReplicaReads<Db> {
  db: Db;
  generic: Db;
  /** Until when (epoch ms) what it answers stays within REPLICA_MAX_LAG_S of the primary (caches). */
  freshUntil: number;
}

export interface ReplicaState {
  /** Its place in DATABASE_REPLICA_URLS, from 0 (metrics label it replica-N). */
  index: number;
  usable: boolean;
  /** Seconds behind the primary at the last check; null when it could not tell. */
  lagSeconds: number | null;
  /** Queries it answered, and queries sent to the primary instead because it failed them. */
  reads: number;
  fallbacks: number;
}

export interface Replicas<Db> {
  /**
   * A usable replica (in turns) at most `withinMs` behind the primary (a person's last write that
   * long ago must be in it), or null: then the caller reads from the primary.
   */
  pick(withinMs?: number): ReplicaReads<Db> | null;
  states(): ReplicaState[];
  close(): Promise<void>;
}

/**
 * Errors that say the replica, not the query, failed: connections refused, cut or timed out, the
 * server shutting down, not yet accepting or out of connections, a query cancelled by a standby's
 * conflict with recovery or stuck past its time. Reads are safe to run again on the primary. A
 * statement timeout (57014) is the query's own: the primary would take as long.
 */
function isReplicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    // 08: connection exceptions; 57P01-57P04: shutting down, crash, cannot connect now, database
    // dropped; 53300: too many connections; 40001 and 40P01: recovery conflicts on a standby.
    if (code.startsWith('08') || /^57P0[1-4]$/.test(code) || ['53300', '40001', '40P01'].includes(code))
      return true;
    if (/^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|NOTFOUND)$/.test(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/.test(
    message,
  );
}

/**
 * A pool on a replica that hands a failed read to `fallback` (the primary's pool of the same kind)
 * and tells `failed`. Drizzle sends plain queries through `query` and transactions through `connect`.
 */
class ReplicaPool extends pg.Pool {
  private readonly fallback: pg.Pool;
  private readonly state: ReplicaState;
  private readonly failed: () => void;

  constructor(config: pg.PoolConfig, fallback: pg.Pool, state: ReplicaState, failed: () => void) {
    super(config);
    this.fallback = fallback;
    this.state = state;
    this.failed = failed;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; Drizzle uses the promise forms only.
  override query(...args: any[]): any {
    if (!this.state.usable) return (this.fallback.query as (...a: unknown[]) => unknown)(...args);
    const sent = (pg.Pool.prototype.query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    return sent.then(
      (result) => {
        this.state.reads += 1;
        return result;
      },
      (error: unknown) => {
        if (!isReplicaFailure(error)) throw error;
        this.state.fallbacks += 1;
        this.failed();
        return (this.fallback.query as (...a: unknown[]) => unknown)(...args);
      },
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above.
  override connect(...args: any[]): any {
    if (args.length > 0 || !this.state.usable) {
      return args.length > 0
        ? (pg.Pool.prototype.connect as (...a: unknown[]) => unknown).apply(this, args)
        : this.fallback.connect();
    }
    const connecting = (pg.Pool.prototype.connect as () => Promise<pg.PoolClient>).call(this);
    return connecting.catch((error: unknown) => {
      if (!isReplicaFailure(error)) throw error;
      this.state.fallbacks += 1;
      this.failed();
      return this.fallback.connect();
    });
  }
}

/** A WAL position ('16/B374D848') as a byte offset. */
const lsnBytes = (lsn: string): bigint => {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/**
 * Connections of the monitor: one each, with a time limit on the client's side as well, so that an
 * unreachable host fails its check within a second instead of holding every later one.
 */
const monitorPool = (url: string) => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: 1000,
    query_timeout: 1000,
    statement_timeout: 1000,
    idleTimeoutMillis: 0,
    keepAlive: true,
  });
  // As preparePool's: a lost connection's 'error', idle or checked out, must not end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
};

/**
 * Opens the replicas at `urls`, each read through `toDb` (Drizzle over its pool), falling back to
 * the primary's pools of the same kind.
 */
export function openReplicas<Db>(
  urls: readonly string[],
  primary: { url: string; pool: pg.Pool; genericPool: pg.Pool },
  options: { poolSize: number; statementTimeoutMs: number; maxLagSeconds: number },
  toDb: (pool: pg.Pool) => Db,
): Replicas<Db> {
  const replicas = urls.map((url, index) => {
    const state: ReplicaState = { index, usable: false, lagSeconds: null, reads: 0, fallbacks: 0 };
    const failed = () => {
      state.usable = false;
    };
    const make = (fallback: pg.Pool, settings: string) => {
      const config = {
        ...poolConfig(url, options.poolSize, options.statementTimeoutMs, settings),
        // A host that stops answering (no reset, no refusal) fails its queries within the
        // statement's own time, on the client's side, and they run again on the primary.
        query_timeout: options.statementTimeoutMs > 0 ? options.statementTimeoutMs + 1000 : undefined,
        keepAlive: true,
      };
      return preparePool(new ReplicaPool(config, fallback, state, failed));
    };
    const pool = make(primary.pool, NO_JIT);
    const genericPool = make(primary.genericPool, GENERIC_PLANS);
    // The monitor's own connection, so a busy pool never delays the check.
    const probe = monitorPool(url);
    return {
      state,
      pool,
      genericPool,
      probe,
      db: toDb(pool),
      generic: toDb(genericPool),
      checkedAt: 0,
    };
  });

  // The primary's WAL position at each check, newest last, for as long as a lag could be allowed.
  const primaryProbe = monitorPool(primary.url);
  const positions: { at: number; lsn: bigint }[] = [];
  const notePrimary = async () => {
    // Taken before asking: the position it answers holds every commit made before `at`.
    const at = Date.now();
    try {
      const { rows } = await primaryProbe.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      if (rows[0]) positions.push({ at, lsn: lsnBytes(rows[0].lsn) });
    } catch {
      // The primary not answering: the replicas' lag grows from the last position known.
    }
    while (positions.length > 0 && (positions[0]?.at ?? at) < at - (options.maxLagSeconds + 5) * 1000) {
      positions.shift();
    }
  };
  const checkOne = async (replica: (typeof replicas)[number]) => {
    try {
      const { rows } = await replica.probe.query<{ replayed: string | null }>(
        'select pg_last_wal_replay_lsn()::text as replayed',
      );
      const replayed = rows[0]?.replayed;
      // Null: not a standby, or not yet replaying. Else: behind by the age of the newest position of
      // the primary it has passed (none kept: further behind than any lag allowed).
      const passed = replayed
        ? positions.findLast((position) => position.lsn <= lsnBytes(replayed))
        : undefined;
      const lag = passed ? (Date.now() - passed.at) / 1000 : null;
      replica.state.lagSeconds = lag;
      replica.state.usable = lag !== null && lag <= options.maxLagSeconds;
    } catch {
      replica.state.lagSeconds = null;
      replica.state.usable = false;
    }
    replica.checkedAt = Date.now();
  };
  const check = async () => {
    await notePrimary();
    await Promise.all(replicas.map(checkOne));
  };
  // One check at a time: a replica that takes its whole time limit to answer is not asked twice.
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= check().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();

  let turn = 0;
  return {
    pick(withinMs = Number.POSITIVE_INFINITY) {
      const now = Date.now();
      // Its lag at the last check, plus the time since: what it answers now is at most that old.
      const ageOf = (replica: (typeof replicas)[number]) =>
        (replica.state.lagSeconds ?? 0) * 1000 + (now - replica.checkedAt);
      const usable = replicas.filter(
        (replica) =>
          replica.state.usable && now - replica.checkedAt <= CHECK_STALE_MS && ageOf(replica) < withinMs,
      );
      if (usable.length === 0) return null;
      const replica = usable[turn++ % usable.length] as (typeof replicas)[number];
      return {
        db: replica.db,
        generic: replica.generic,
        freshUntil: now + options.maxLagSeconds * 1000 - ageOf(replica),
      };
    },
    states: () => replicas.map((replica) => ({ ...replica.state })),
    async close() {
      clearInterval(timer);
      await running;
      for (const replica of replicas) {
        for (const pool of [replica.pool, replica.genericPool, replica.probe])
          if (!pool.ended) await pool.end();
      }
      if (!primaryProbe.ended) await primaryProbe.end();
    },
  };
}
