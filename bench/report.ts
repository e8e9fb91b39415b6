// What a run found: the machine, the data, each case against its target, memory and query plans,
// as JSON in bench/results/ and as a generated section of docs/benchmarks.md (the text around the
// markers is written by hand and kept).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { ExplainedCase } from './explain.ts';
import type { LoadResult } from './load.ts';

export interface Target {
  /** Highest acceptable p99 latency, ms. */
  p99?: number;
  /** Lowest acceptable share of the ceiling's requests/s. */
  ceilingShare?: number;
  /** Lowest acceptable requests/s. */
  requestsPerSecond?: number;
  /** Lowest acceptable share of another case's requests/s in the same run (run before this one). */
  shareOf?: { key: string; share: number };
}

export interface CaseResult extends LoadResult {
  key: string;
  name: string;
  example: string;
  ceilingRatio: number;
  target: Target;
  /** Peak resident memory of each server process during the case, bytes. */
  peakRss: number[];
  /** CPU time per request of the server's processes, PostgreSQL's backends and autocannon. */
  cpuMsPerRequest: { server: number; postgres: number; loadGenerator: number };
  failures: string[];
  /** Share of the case's view-cache lookups that were hits (ADR 0007); null when it looked none up. */
  cacheHitRatio?: number | null;
  /** With --replica: the share of requests whose reads that may be a few seconds old the replica served. */
  replicaReadShare?: number;
  /** A rating case: the rank changes copied into search's pieces, and that copy's time per rating (ADR 0027). */
  rankRefresh?: { changes: number; msPerRating: number };
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryBytes: number;
  node: string;
  postgres: string;
  /** PostgreSQL's shared_buffers in bytes; absent in results written before it was recorded. */
  sharedBuffersBytes?: number;
  loadAverageAtStart: number[];
}

export interface BenchReport {
  date: string;
  machine: Machine;
  database: string;
  data: {
    employees: number;
    employers: number;
    ratings: number;
    ratingScores: number;
    databaseBytes: number;
    seedSeconds: number | null;
  };
  settings: {
    connections: number;
    seconds: number;
    workers: number;
    poolSize: string;
    redis: boolean;
    /** The answer cache (ADR 0007); absent in results written before it existed. */
    cache?: boolean;
    /** Streaming replicas the server read from (--replica, ADR 0026); absent before they existed. */
    replicas?: number;
  };
  cases: CaseResult[];
  ratingCheck: { submitted: number; aggregateMismatches: number; removedAfterwards: number };
  memory: { pid: number; primary: boolean; peakBytes: number }[];
  explain: ExplainedCase[];
}

export function machine(postgresVersion: string, sharedBuffersBytes: number): Machine {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryBytes: totalmem(),
    node: process.version,
    postgres: postgresVersion,
    sharedBuffersBytes,
    loadAverageAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

export function judge(
  result: LoadResult,
  target: Target,
  ceilingRps: number,
  earlier: readonly CaseResult[] = [],
): string[] {
  const failures: string[] = [];
  if (result.errors > 0) failures.push(`${result.errors} errors`);
  if (target.p99 !== undefined && result.p99 > target.p99)
    failures.push(`p99 ${result.p99} ms > ${target.p99} ms`);
  if (target.ceilingShare !== undefined && result.requestsPerSecond < target.ceilingShare * ceilingRps) {
    failures.push(
      `${pct(result.requestsPerSecond / ceilingRps)} of the ceiling < ${pct(target.ceilingShare)}`,
    );
  }
  if (target.requestsPerSecond !== undefined && result.requestsPerSecond < target.requestsPerSecond) {
    failures.push(`${Math.round(result.requestsPerSecond)} req/s < ${target.requestsPerSecond}`);
  }
  if (target.shareOf) {
    const other = earlier.find((r) => r.key === target.shareOf?.key);
    if (!other) failures.push(`no ${target.shareOf.key} case in this run to compare with`);
    else if (result.requestsPerSecond < target.shareOf.share * other.requestsPerSecond) {
      failures.push(
        `${pct(result.requestsPerSecond / other.requestsPerSecond)} of ${other.key} < ${pct(target.shareOf.share)}`,
      );
    }
  }
  return failures;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;
/** "128 MB", "4.0 GB". */
export const bytes = (n: number) => (n < 1024 ** 3 ? `${Math.round(n / 1024 ** 2)} MB` : gb(n));
const int = (n: number) => Math.round(n).toLocaleString('en-US');

function targetText(t: Target): string {
  const parts: string[] = [];
  if (t.p99 !== undefined) parts.push(`p99 ≤ ${t.p99} ms`);
  if (t.ceilingShare !== undefined) parts.push(`≥ ${pct(t.ceilingShare)} of ceiling`);
  if (t.requestsPerSecond !== undefined) parts.push(`≥ ${int(t.requestsPerSecond)}/s`);
  if (t.shareOf !== undefined) parts.push(`≥ ${pct(t.shareOf.share)} of ${t.shareOf.key}`);
  return parts.length > 0 ? parts.join(', ') : '–';
}

export function printTable(cases: CaseResult[]) {
  const rows = cases.map((c) => ({
    case: c.name,
    'req/s': int(c.requestsPerSecond),
    'p50 ms': c.p50,
    'p99 ms': c.p99,
    errors: c.errors,
    'of ceiling': pct(c.ceilingRatio),
    verdict: c.failures.length === 0 ? 'ok' : c.failures.join('; '),
  }));
  console.table(rows);
}

export function markdown(report: BenchReport): string {
  const m = report.machine;
  const d = report.data;
  const lines: string[] = [];
  lines.push(`Run of ${report.date} (\`npm run bench\`, raw figures in \`bench/results/\`).`);
  lines.push('');
  lines.push(
    `- Machine: ${m.cpus} × ${m.cpuModel}, ${gb(m.memoryBytes)} memory, Node ${m.node}, ${m.postgres}` +
      (m.sharedBuffersBytes === undefined ? '' : ` (shared_buffers ${bytes(m.sharedBuffersBytes)})`) +
      '; ' +
      `load average when the run started ${m.loadAverageAtStart.join(' / ')} (the machine is shared).`,
  );
  lines.push(
    `- Data: ${int(d.employees)} employees, ${int(d.employers)} companies, ${int(d.ratings)} ratings ` +
      `(${int(d.ratingScores)} category scores), database ${gb(d.databaseBytes)}` +
      (d.seedSeconds === null
        ? '; already seeded.'
        : `; seeded by this run in ${d.seedSeconds.toFixed(1)} s.`),
  );
  const s = report.settings;
  lines.push(
    `- Load: autocannon on the same machine, ${s.connections} connections, ${s.seconds} s per case after a ` +
      `short warm-up; server \`NODE_ENV=production\` with ${s.workers} worker process(es) ` +
      `(\`WEB_CONCURRENCY\`), pool ${s.poolSize} per process, rate limits ${s.redis ? 'in Redis' : 'in memory'}, ` +
      `answer cache ${s.cache ? 'on (`VIEW_CACHE_MB` default, ADR 0007)' : 'off (`--no-cache`)'}.`,
  );
  lines.push('');
  lines.push(
    '| Case | Request | req/s | p50 ms | p99 ms | errors | of ceiling | CPU ms/req server + PostgreSQL | cache hits | target | met |',
  );
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const c of report.cases) {
    const cpu = c.cpuMsPerRequest;
    lines.push(
      `| ${c.name} | \`${c.example}\` | ${int(c.requestsPerSecond)} | ${c.p50} | ${c.p99} | ${c.errors} | ` +
        `${pct(c.ceilingRatio)} | ${cpu.server.toFixed(2)} + ${cpu.postgres.toFixed(2)} | ` +
        `${c.cacheHitRatio == null ? '–' : pct(c.cacheHitRatio)} | ${targetText(c.target)} | ` +
        `${c.failures.length === 0 ? 'yes' : `no: ${c.failures.join('; ')}`} |`,
    );
  }
  lines.push('');
  const r = report.ratingCheck;
  lines.push(
    `Rating submission wrote ${int(r.submitted)} ratings; stored aggregates compared with a recomputation ` +
      `from all ratings afterwards: **${r.aggregateMismatches} mismatching users**. The bench's ratings were ` +
      `then withdrawn (${int(r.removedAfterwards)} removed) so every run starts from the same data.`,
  );
  lines.push('');
  const peaks = report.memory.map(
    (p) => `${p.primary && report.memory.length > 1 ? 'primary' : 'worker'} ${mb(p.peakBytes)}`,
  );
  lines.push(`Peak resident memory (VmRSS) of the server processes during the run: ${peaks.join(', ')}.`);
  lines.push('');
  lines.push('### Query plans');
  lines.push('');
  lines.push(
    'Each read case answered once more by the real app in the bench process, every statement it ran ' +
      're-run as `EXPLAIN (ANALYZE, BUFFERS)` with the same parameters. Sequential scans of the big ' +
      `tables: ${report.explain.some((c) => c.queries.some((q) => q.seqScans.length > 0)) ? '**some, listed below**' : 'none'}.`,
  );
  // The plans themselves stay in the run's JSON (bench/results/, `explain`): the page keeps today's
  // figures short (issue 43). A sequential scan is named here, since it is what a reader must act on.
  for (const c of report.explain)
    for (const q of c.queries)
      if (q.seqScans.length > 0)
        lines.push(
          '',
          `- ${c.name} (\`${c.request}\`): sequential scan of ${q.seqScans.join(', ')}, ${q.executionMs} ms`,
        );
  lines.push('', "Every statement and its plan: the `explain` field of the run's file in `bench/results/`.");
  return lines.join('\n');
}

const START = '<!-- bench:start (written by npm run bench) -->';
const END = '<!-- bench:end -->';

/** Replaces the generated section of `file` (between the markers), keeping the rest. */
export function writeSection(file: string, start: string, end: string, body: string) {
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : `${start}\n${end}\n`;
  const from = existing.indexOf(start);
  const to = existing.indexOf(end);
  const text =
    from >= 0 && to > from
      ? `${existing.slice(0, from + start.length)}\n${body}\n${existing.slice(to)}`
      : `${existing.trimEnd()}\n\n${start}\n${body}\n${end}\n`;
  writeFileSync(file, text);
}

/**
 * Writes a run's figures to bench/results/<prefix><date><-label>.json (the date in UTC, to the
 * second, without colons) and answers the file's path.
 */
export function writeResults<T extends { date: string }>(
  root: string,
  figures: T,
  prefix = '',
  label?: string,
): string {
  const dir = join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const stamp = figures.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const file = join(dir, `${prefix}${stamp}${label ? `-${label.replace(/[^\w-]/g, '')}` : ''}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  return file;
}

/** Writes the JSON, and unless `label` is given (a side run) the section of docs/benchmarks.md. */
export function save(report: BenchReport, root: string, label?: string): string {
  const file = writeResults(root, report, '', label);
  if (!label) writeSection(join(root, 'docs/benchmarks.md'), START, END, markdown(report));
  return file;
}
