// Streaming read replicas (DESIGN §9.2, docs/operations.md §11): DATABASE_REPLICA_URLS. Each replica
// has the same two pools as the primary (db/client.ts), built on a pool that sends a query the
// replica fails with a broken connection to the primary instead: no request fails because a
// replica did. A monitor asks each replica every second how far behind it is; one that does not
// answer, has lost its stream, or lags more than REPLICA_MAX_LAG_S is skipped until it recovers.
// Which reads may go to a replica, and for whom, is the routes' (plugins/replica-reads.ts).
import pg from 'pg';
import { GENERIC_PLANS, NO_JIT, poolConfig, preparePool } from './pools.ts';

/** How often each replica is asked for its lag. */
const CHECK_EVERY_MS = 1000;

/** A replica chosen for one request's reads, as the primary's `db` and `generic` are (client.ts). */
interface ReplicaReads<Db> {
  db: Db;
  generic: Db;
  /** How much longer what it answers stays within REPLICA_MAX_LAG_S of the primary (answer caches). */
  freshForMs: number;
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
  /** A usable replica (in turns), or null: then the caller reads from the primary. */
  pick(): ReplicaReads<Db> | null;
  states(): ReplicaState[];
  /** Checks every replica now (tests; the monitor does it every second). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Errors that say the replica, not the query, failed: connections refused, cut or timed out, the
 * server shutting down or not yet accepting, a query cancelled by recovery conflicts. Reads are
 * safe to run again on the primary.
 */
function isReplicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    // 08: connection exceptions; 57P01-57P03: shutting down, crash, cannot connect now;
    // 40001: a standby's conflict with recovery; 57014: cancelled (statement timeout on a stuck one).
    if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '40001' || code === '57014')
      return true;
    if (/^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NOTFOUND)$/.test(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
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

interface Lag {
  streaming: boolean;
  lag: number | null;
}

/**
 * The replica's lag: none while it has replayed all it received (an idle primary sends nothing, and
 * the last replayed commit's age then says nothing), else the age of the last commit it replayed.
 * A replica that is not streaming from the primary cannot tell how far behind it is.
 */
const LAG_QUERY = `select coalesce((select status = 'streaming' from pg_stat_wal_receiver), false) as streaming,
  case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
       else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag`;

/**
 * Opens the replicas at `urls`, each read through `toDb` (Drizzle over its pool), falling back to
 * the primary's pools of the same kind.
 */
export function openReplicas<Db>(
  urls: readonly string[],
  primary: { pool: pg.Pool; genericPool: pg.Pool },
  options: { poolSize: number; statementTimeoutMs: number; maxLagSeconds: number },
  toDb: (pool: pg.Pool) => Db,
): Replicas<Db> {
  const replicas = urls.map((url, index) => {
    const state: ReplicaState = { index, usable: false, lagSeconds: null, reads: 0, fallbacks: 0 };
    const failed = () => {
      state.usable = false;
    };
    const make = (fallback: pg.Pool, settings: string) => {
      return preparePool(
        new ReplicaPool(
          poolConfig(url, options.poolSize, options.statementTimeoutMs, settings),
          fallback,
          state,
          failed,
        ),
      );
    };
    const pool = make(primary.pool, NO_JIT);
    const genericPool = make(primary.genericPool, GENERIC_PLANS);
    // The monitor's own connection, so a busy pool never delays the check.
    const probe = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: 1000,
      statement_timeout: 1000,
      idleTimeoutMillis: 0,
    });
    probe.on('error', () => {});
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

  const checkOne = async (replica: (typeof replicas)[number]) => {
    try {
      const { rows } = await replica.probe.query<Lag>(LAG_QUERY);
      const row = rows[0];
      const lag = row?.streaming ? row.lag : null;
      replica.state.lagSeconds = lag;
      replica.state.usable = lag !== null && lag <= options.maxLagSeconds;
    } catch {
      replica.state.lagSeconds = null;
      replica.state.usable = false;
    }
    replica.checkedAt = Date.now();
  };
  const check = async () => {
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
    pick() {
      const usable = replicas.filter((replica) => replica.state.usable);
      if (usable.length === 0) return null;
      const replica = usable[turn++ % usable.length] as (typeof replicas)[number];
      // Its lag at the last check, plus the time since: what it answers now is at most that old.
      const age = (replica.state.lagSeconds ?? 0) * 1000 + (Date.now() - replica.checkedAt);
      return {
        db: replica.db,
        generic: replica.generic,
        freshForMs: Math.max(0, options.maxLagSeconds * 1000 - age),
      };
    },
    states: () => replicas.map((replica) => ({ ...replica.state })),
    check,
    async close() {
      clearInterval(timer);
      await running;
      for (const replica of replicas) {
        for (const pool of [replica.pool, replica.genericPool, replica.probe])
          if (!pool.ended) await pool.end();
      }
    },
  };
}
