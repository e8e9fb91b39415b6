// What a load balancer and Prometheus ask of an instance (issue 5):
// - GET /api/live: 200 while the process runs and its event loop turns (liveness; no database, so a
//   database outage does not get healthy instances restarted). Readiness is /api/core/health/.
// - GET /api/metrics: the Prometheus text format (version 0.0.4): requests by method, route and
//   status with their durations, the database pool, event-loop delay and process memory. Only with
//   `Authorization: Bearer <METRICS_TOKEN>`; with METRICS_TOKEN unset it answers 404, so metrics are
//   never public by accident.
// Under the cluster entry (cluster.ts) a scrape reaches one worker; that worker asks the primary for
// every worker's numbers (relayClusterMetrics) and answers for the whole instance: counters, pools
// and memory summed, event-loop delay the worst of the workers.
// Hand-rolled rather than prom-client: a dozen series do not need a registry.
import cluster, { type Cluster, type Worker } from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MSG } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ReplicaState } from '../db/replicas.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import type { ViewCacheStats } from '../lib/view-cache.ts';

/** Upper bounds (seconds) of the request-duration histogram's buckets. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG_QUANTILES = [0.5, 0.9, 0.99];

interface Series {
  labels: string;
  count: number;
  sum: number;
  /** Per bucket, not cumulative; summed up when rendered. */
  buckets: number[];
}

/** One process's numbers, as sent between workers. */
interface Snapshot {
  series: Series[];
  pool: { total: number; idle: number; waiting: number };
  /** Event-loop delay in seconds at LAG_QUANTILES, then the maximum. */
  lag: number[];
  rss: number;
  heapUsed: number;
  uptime: number;
  viewCache: ViewCacheStats;
  /** Requests whose reads that may be a few seconds old went to the primary or a replica (DESIGN §9.2). */
  reads: { primary: number; replica: number };
  replicas: ReplicaState[];
  /** Rank changes copied into search's pieces, and the seconds that took (ADR 0027). */
  searchRanks: { changes: number; seconds: number };
  /** What the release of held anonymous ratings did, and the end of its last run that did not fail (ADR 0030). */
  heldRelease: ReturnType<FastifyInstance['deps']['heldRelease']['stats']>;
}

// Messages between workers and the primary.
const ASK = 'worktrust:metrics:ask'; // worker to primary: everyone's numbers, please
const COLLECT = 'worktrust:metrics:collect'; // primary to each worker: yours
const REPORT = 'worktrust:metrics:report'; // worker to primary: mine
const ALL = 'worktrust:metrics:all'; // primary to the asking worker: everyone's
type Message = { type?: string; id?: string; snapshot?: Snapshot; snapshots?: Snapshot[] };
const isMessage = (value: unknown): value is Message => typeof value === 'object' && value !== null;

/** In the cluster primary: gathers the workers' snapshots for the worker that was scraped. */
export function relayClusterMetrics(primary: Cluster = cluster) {
  primary.on('message', (asker: Worker, message: unknown) => {
    if (!isMessage(message) || message.type !== ASK) return;
    const id = message.id;
    const workers = Object.values(primary.workers ?? {}).filter((w): w is Worker =>
      Boolean(w?.isConnected()),
    );
    const snapshots: Snapshot[] = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      primary.off('message', onReport);
      if (asker.isConnected()) asker.send({ type: ALL, id, snapshots });
    };
    const onReport = (_worker: Worker, reply: unknown) => {
      if (!isMessage(reply) || reply.type !== REPORT || reply.id !== id || !reply.snapshot) return;
      snapshots.push(reply.snapshot);
      if (snapshots.length === workers.length) finish();
    };
    // A worker that is starting or dying must not hold the scrape up.
    const timer = setTimeout(finish, 1000);
    primary.on('message', onReport);
    for (const worker of workers) worker.send({ type: COLLECT, id });
  });
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const digest = (value: string) => createHash('sha256').update(value).digest();

export function registerMetrics(app: FastifyInstance) {
  const series = new Map<string, Series>();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  app.addHook('onClose', async () => lag.disable());

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL, keeps the series bounded; unmatched URLs share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = `method="${escapeLabel(request.method)}",route="${escapeLabel(route)}",status="${reply.statusCode}"`;
    let entry = series.get(labels);
    if (!entry) {
      entry = { labels, count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      series.set(labels, entry);
    }
    const seconds = reply.elapsedTime / 1000;
    entry.count += 1;
    entry.sum += seconds;
    const bucket = BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) entry.buckets[bucket] = (entry.buckets[bucket] ?? 0) + 1;
  });

  const snapshot = (): Snapshot => {
    const lagNow = [...LAG_QUANTILES.map((q) => lag.percentile(q * 100) / 1e9), lag.max / 1e9];
    // Delay since the previous scrape: the histogram restarts after each.
    lag.reset();
    const memory = process.memoryUsage();
    return {
      series: [...series.values()],
      pool: app.deps.database.poolStats(),
      lag: lagNow,
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      uptime: process.uptime(),
      viewCache: app.deps.viewCache.stats(),
      reads: app.reads.counts(),
      replicas: app.deps.database.replicas?.states() ?? [],
      searchRanks: app.deps.searchRanks.stats(),
      heldRelease: app.deps.heldRelease.stats(),
    };
  };

  // In a cluster worker: answer the primary's requests, and ask it for everyone's numbers.
  const waiting = new Map<string, (snapshots: Snapshot[]) => void>();
  if (cluster.isWorker) {
    const onMessage = (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.type === COLLECT) process.send?.({ type: REPORT, id: message.id, snapshot: snapshot() });
      if (message.type === ALL && message.id) waiting.get(message.id)?.(message.snapshots ?? []);
    };
    process.on('message', onMessage);
    app.addHook('onClose', async () => {
      process.off('message', onMessage);
    });
  }
  const gather = (): Promise<Snapshot[]> => {
    const send = process.send?.bind(process);
    if (!cluster.isWorker || !send) return Promise.resolve([snapshot()]);
    const id = randomUUID();
    return new Promise((done) => {
      const settle = (snapshots: Snapshot[]) => {
        clearTimeout(timer);
        waiting.delete(id);
        done(snapshots.length > 0 ? snapshots : [snapshot()]);
      };
      // A primary that does not relay (another entry point): this worker's numbers alone.
      const timer = setTimeout(() => settle([]), 2000);
      waiting.set(id, settle);
      send({ type: ASK, id });
    });
  };

  const render = (snapshots: Snapshot[]): string => {
    const lines: string[] = [];
    const metric = (name: string, type: string, help: string, samples: [string, number][]) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [labels, value] of samples) lines.push(`${name}${labels ? `{${labels}}` : ''} ${value}`);
    };
    const sum = (pick: (s: Snapshot) => number) => snapshots.reduce((total, s) => total + pick(s), 0);
    const merged = new Map<string, Series>();
    for (const s of snapshots.flatMap((one) => one.series)) {
      const into = merged.get(s.labels);
      if (!into) {
        merged.set(s.labels, { ...s, buckets: [...s.buckets] });
        continue;
      }
      into.count += s.count;
      into.sum += s.sum;
      s.buckets.forEach((n, i) => {
        into.buckets[i] = (into.buckets[i] ?? 0) + n;
      });
    }
    const all = [...merged.values()];
    metric(
      'http_requests_total',
      'counter',
      'HTTP requests answered, by method, route pattern and status.',
      all.map((s) => [s.labels, s.count]),
    );
    lines.push(
      '# HELP http_request_duration_seconds Time from receiving a request to sending its answer.',
      '# TYPE http_request_duration_seconds histogram',
    );
    for (const s of all) {
      let cumulative = 0;
      BUCKETS.forEach((bound, i) => {
        cumulative += s.buckets[i] ?? 0;
        lines.push(`http_request_duration_seconds_bucket{${s.labels},le="${bound}"} ${cumulative}`);
      });
      lines.push(`http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${s.count}`);
      lines.push(`http_request_duration_seconds_sum{${s.labels}} ${s.sum}`);
      lines.push(`http_request_duration_seconds_count{${s.labels}} ${s.count}`);
    }
    const total = sum((s) => s.pool.total);
    const idle = sum((s) => s.pool.idle);
    metric('db_pool_connections', 'gauge', 'Open database connections, by state.', [
      ['state="total"', total],
      ['state="idle"', idle],
      ['state="busy"', total - idle],
    ]);
    metric('db_pool_waiting_requests', 'gauge', 'Queries waiting for a free database connection.', [
      ['', sum((s) => s.pool.waiting)],
    ]);
    const worst = (i: number) => Math.max(...snapshots.map((s) => s.lag[i] ?? 0));
    metric(
      'nodejs_eventloop_delay_seconds',
      'gauge',
      'Event-loop delay since the previous scrape, by quantile (the worst worker).',
      [
        ...LAG_QUANTILES.map((q, i): [string, number] => [`quantile="${q}"`, worst(i)]),
        ['quantile="1"', worst(LAG_QUANTILES.length)],
      ],
    );
    metric('process_resident_memory_bytes', 'gauge', 'Resident memory of the server processes.', [
      ['', sum((s) => s.rss)],
    ]);
    metric('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.', [['', sum((s) => s.heapUsed)]]);
    metric('process_uptime_seconds', 'gauge', 'Seconds since the oldest server process started.', [
      ['', Math.max(...snapshots.map((s) => s.uptime))],
    ]);
    const cache = (pick: (c: ViewCacheStats) => number) => sum((s) => (s.viewCache ? pick(s.viewCache) : 0));
    metric(
      'worktrust_view_cache_lookups_total',
      'counter',
      'Cached answers looked up, by result (ADR 0007).',
      [
        ['result="hit"', cache((c) => c.hits)],
        ['result="miss"', cache((c) => c.misses)],
      ],
    );
    metric('worktrust_view_cache_entries', 'gauge', 'Answers held in the view caches.', [
      ['', cache((c) => c.entries)],
    ]);
    metric('worktrust_view_cache_size_chars', 'gauge', 'Characters of JSON held in the view caches.', [
      ['', cache((c) => c.size)],
    ]);
    metric(
      'worktrust_db_reads_total',
      'counter',
      'Requests whose reads that may be a few seconds old went to the primary or a replica (DESIGN §9.2).',
      [
        ['pool="primary"', sum((s) => s.reads.primary)],
        ['pool="replica"', sum((s) => s.reads.replica)],
      ],
    );
    // Each process checks each replica itself: the worst lag any of them saw, and whether all use it.
    const replicaStates = snapshots.flatMap((s) => s.replicas);
    const indexes = [...new Set(replicaStates.map((r) => r.index))].sort((a, b) => a - b);
    const ofReplica = (index: number) => replicaStates.filter((r) => r.index === index);
    const label = (index: number) => `replica="${index}"`;
    if (indexes.length > 0) {
      metric(
        'worktrust_db_replica_queries_total',
        'counter',
        'Queries a replica answered, and those sent to the primary instead because it failed them.',
        indexes.flatMap((i): [string, number][] => [
          [`${label(i)},result="answered"`, ofReplica(i).reduce((n, r) => n + r.reads, 0)],
          [`${label(i)},result="fell_back"`, ofReplica(i).reduce((n, r) => n + r.fallbacks, 0)],
        ]),
      );
      metric(
        'worktrust_db_replica_lag_seconds',
        'gauge',
        'How far behind the primary each replica was at its last check; -1 when it could not tell.',
        indexes.map((i) => [label(i), Math.max(...ofReplica(i).map((r) => r.lagSeconds ?? -1))]),
      );
      metric(
        'worktrust_db_replica_usable',
        'gauge',
        'Whether every server process reads from the replica (1) or skips it (0).',
        indexes.map((i) => [label(i), ofReplica(i).every((r) => r.usable) ? 1 : 0]),
      );
    }
    metric(
      'worktrust_search_rank_changes_total',
      'counter',
      "Ratings' changes of a rank copied into search's pieces (ADR 0027).",
      [['', sum((s) => s.searchRanks.changes)]],
    );
    metric(
      'worktrust_search_rank_refresh_seconds_total',
      'counter',
      "Time spent copying ranks into search's pieces, database included.",
      [['', sum((s) => s.searchRanks.seconds)]],
    );
    metric(
      'worktrust_held_ratings_released_total',
      'counter',
      "Held anonymous ratings published, held edits of anonymous ratings applied, reinstated authors' anonymous ratings published again, suspended authors' anonymous ratings hidden, and the anonymous ratings of accounts deleted with their ratings deleted, by the release after their day in India ended (ADR 0030).",
      [
        ['kind="rating"', sum((s) => s.heldRelease.released)],
        ['kind="edit"', sum((s) => s.heldRelease.edits)],
        ['kind="reinstated"', sum((s) => s.heldRelease.returned)],
        ['kind="suspended"', sum((s) => s.heldRelease.left)],
        ['kind="erased"', sum((s) => s.heldRelease.erased)],
      ],
    );
    metric(
      'worktrust_held_release_last_run_timestamp_seconds',
      'gauge',
      'When a server process last ran the release without an error (Unix time; 0 before the first run).',
      [['', Math.max(...snapshots.map((s) => s.heldRelease.lastRunAt))]],
    );
    metric('worktrust_server_processes', 'gauge', 'Server processes whose numbers these are.', [
      ['', snapshots.length],
    ]);
    return `${lines.join('\n')}\n`;
  };

  const probe = { config: { rateLimit: false }, schema: { hide: true } } as const;

  app.get('/api/live', probe, async () => ({ status: 'alive' }));

  app.get('/api/metrics', probe, async (request, reply) => {
    const token = app.deps.env.METRICS_TOKEN;
    if (!token) throw notFound();
    const [scheme, presented] = (request.headers.authorization ?? '').split(' ');
    const ok =
      scheme?.toLowerCase() === 'bearer' &&
      presented !== undefined &&
      timingSafeEqual(digest(presented), digest(token));
    if (!ok) {
      throw request.headers.authorization ? unauthorized() : unauthorized(MSG.authRequired);
    }
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(render(await gather()));
  });
}
