// Production entry with worker processes (issue 4): WEB_CONCURRENCY workers share the port through
// node:cluster, each a complete server.ts (own pool, own event loop). Default: one per CPU on
// PostgreSQL; always one on the embedded database, which a single process owns. Each pool is sized
// to the machine unless DB_POOL_SIZE says otherwise. The first worker starts alone (it migrates and
// seeds demo data), the others once it listens; a worker that dies unexpectedly is replaced;
// SIGTERM/SIGINT are passed on and the primary exits when all are done: 0 when every worker stopped
// cleanly, 1 when one had to give up on requests in flight or died. The primary keeps the
// rate-limit counts that Redis does not (lib/counters.ts), so limits hold for the whole server.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { poolPerWorker } from './config/pool.ts';
import { serveClusterTally } from './lib/counters.ts';
import { relayClusterMetrics } from './plugins/metrics.ts';

function workerCount(): number {
  const raw = process.env.WEB_CONCURRENCY?.trim();
  const database = process.env.DATABASE_URL?.trim();
  if (!raw) return database ? availableParallelism() : 1;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 64) {
    process.stderr.write(
      'Invalid environment variable WEB_CONCURRENCY: must be a whole number from 1 to 64\n',
    );
    process.exit(1);
  }
  if (n > 1 && !database) {
    process.stderr.write(
      'Invalid environment variable WEB_CONCURRENCY: must be 1 without DATABASE_URL (the embedded database belongs to one process)\n',
    );
    process.exit(1);
  }
  return n;
}

/**
 * A V8 old-space limit for workers, unless NODE_OPTIONS or the command line sets one: by default V8
 * sizes the heap from the machine's memory and lets it grow far past what a worker keeps alive (about
 * 100 MB under the bench), and resident memory climbed past 300 MB per worker (335 MB measured);
 * with this limit it peaked at 261 MB for the same load and CPU per request (issue 4 §5).
 */
const HEAP_FLAGS = ['--max-old-space-size=192'];

async function primary(count: number) {
  let stopping = false;
  if (
    !/--max-(old|semi)-space-size/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`)
  ) {
    cluster.setupPrimary({ execArgv: [...process.execArgv, ...HEAP_FLAGS] });
  }
  // A scrape of /api/metrics reaches one worker, which reports for all of them through here.
  relayClusterMetrics();
  // Rate-limit counts without Redis (or while it is down) are kept here for all workers.
  serveClusterTally();
  const fork = () => cluster.fork();
  const first = fork();
  await new Promise<void>((resolve, reject) => {
    first.once('listening', () => resolve());
    first.once('exit', (code) => reject(new Error(`the first worker exited with code ${code}`)));
  }).catch(() => process.exit(1));
  for (let i = 1; i < count; i++) fork();

  let restarts = 0;
  // A worker that had to give up on requests in flight (SHUTDOWN_TIMEOUT) or died while stopping makes
  // the whole stop a failure, as it would be for a single process: a supervisor must be able to tell.
  // A worker still starting when the signal came dies of it, with nothing in flight: that is clean.
  let stopFailed = false;
  let stopSignal: NodeJS.Signals | undefined;
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (signal ? signal !== stopSignal : code !== 0) stopFailed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopFailed ? 1 : 0);
      return;
    }
    // A crash loop (a bad deploy) must not spin forever.
    if (++restarts > count * 5) {
      process.stderr.write('Workers keep dying; stopping.\n');
      process.exit(1);
    }
    process.stderr.write(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.\n`);
    setTimeout(fork, 500);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stopSignal = signal;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * `npm start` (scripts/start.mjs) runs this entry as its child and sets SUPERVISOR_PID. Should that
 * process die without passing a signal on (SIGKILL, a crash), the system adopts this one and nobody
 * would stop it: a changed parent stops the server as SIGTERM does.
 */
function stopWithSupervisor() {
  const supervisor = Number(process.env.SUPERVISOR_PID);
  if (!Number.isInteger(supervisor) || supervisor <= 0) return;
  const watch = setInterval(() => {
    if (process.ppid === supervisor) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  watch.unref();
}

if (cluster.isPrimary) stopWithSupervisor();
const count = cluster.isPrimary ? workerCount() : 1;
if (cluster.isPrimary && process.env.DATABASE_URL?.trim() && !process.env.DB_POOL_SIZE?.trim()) {
  // Workers inherit the environment.
  process.env.DB_POOL_SIZE = String(poolPerWorker(count));
}
if (cluster.isPrimary && count > 1) await primary(count);
else await import('./server.ts');
