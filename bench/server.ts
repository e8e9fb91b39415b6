// Runs the production server as a child process (the cluster entry, so WEB_CONCURRENCY workers),
// waits until it answers, and samples the resident memory of its processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface RunningServer {
  url: string;
  pid: number;
  /** The server's own processes: the primary and its workers. */
  pids(): number[];
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The cluster's workers: children of the primary running the same entry. */
function workersOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
      .filter((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('cluster.ts'));
  } catch {
    return [];
  }
}

/** VmRSS of a process in bytes, or null when it is gone. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export async function startServer(
  env: Record<string, string>,
  /** Extra node flags for the server's processes (workers inherit them), e.g. --cpu-prof. */
  nodeFlags: string[] = [],
): Promise<RunningServer> {
  const port = await sparePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', 'apps/server/src/cluster.ts'],
    {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    try {
      const answer = await fetch(`${url}/api/core/health/`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    pids: () => [pid, ...workersOf(pid)],
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Samples the resident memory of the server's processes until stopped; keeps each one's peak. */
export function sampleMemory(server: RunningServer, everyMs = 250) {
  const peak = new Map<number, number>();
  const sample = () => {
    for (const pid of server.pids()) {
      const bytes = residentBytes(pid);
      if (bytes !== null) peak.set(pid, Math.max(peak.get(pid) ?? 0, bytes));
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop(): { pid: number; peakBytes: number; primary: boolean }[] {
      clearInterval(timer);
      sample();
      return [...peak].map(([pid, peakBytes]) => ({ pid, peakBytes, primary: pid === server.pid }));
    },
  };
}

/** What the bench reads from the server's Prometheus metrics around each case, summed over the workers. */
export interface ServerCounts {
  /** The view cache's lookups (ADR 0007). */
  hits: number;
  misses: number;
  /** Requests whose stale-allowed reads went to the primary or a replica (ADR 0026). */
  primaryReads: number;
  replicaReads: number;
  /** Ratings' rank changes copied into search's pieces, and the seconds that took (ADR 0027). */
  rankChanges: number;
  rankRefreshSeconds: number;
}

/** The counters so far, from one scrape of the server's metrics. */
export async function serverCounts(url: string, metricsToken: string): Promise<ServerCounts> {
  const res = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await res.text();
  const sample = (series: string) => {
    const at = text.indexOf(`\n${series} `);
    return at < 0 ? 0 : Number.parseFloat(text.slice(at + series.length + 2));
  };
  return {
    hits: sample('worktrust_view_cache_lookups_total{result="hit"}'),
    misses: sample('worktrust_view_cache_lookups_total{result="miss"}'),
    primaryReads: sample('worktrust_db_reads_total{pool="primary"}'),
    replicaReads: sample('worktrust_db_reads_total{pool="replica"}'),
    rankChanges: sample('worktrust_search_rank_changes_total'),
    rankRefreshSeconds: sample('worktrust_search_rank_refresh_seconds_total'),
  };
}
