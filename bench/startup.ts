// `npm run bench:startup`: how long the default `npm start` (the embedded database, one process)
// takes from launch until it answers, once the web app is built (issue 4 §5: under 3 s). Each start
// runs `node scripts/start.mjs` in a fresh scratch DATA_DIR or again in the same one, and measures
// the wall time until the health check (which reads the database) and the landing page answer.
// Prints the figures, writes bench/results/startup-<date>.json and a section of docs/benchmarks.md.
// Options: --runs N (starts of each kind, the median is reported; default 3), --no-write.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions, wholeNumber } from './args.ts';
import { writeResults, writeSection } from './report.ts';
import { sparePort } from './server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const opts = parseOptions({
  runs: { type: 'string', default: '3' },
  'no-write': { type: 'boolean', default: false },
});
const runs = wholeNumber('runs', opts.runs);

interface Start {
  /** Launch until GET /api/core/health/ answers 200 (the server is up and its database answers). */
  healthMs: number;
  /** Launch until GET / answers 200 with the page. */
  pageMs: number;
}

async function answered(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Launches `npm start`'s script in `dataDir`, times its first answers, and stops it. */
async function timeStart(dataDir: string): Promise<Start> {
  const port = await sparePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let healthMs = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited at start');
      if (!healthMs && (await answered(`${base}/api/core/health/`))) healthMs = performance.now() - started;
      if (healthMs && (await answered(`${base}/`))) return { healthMs, pageMs: performance.now() - started };
      if (performance.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.log('Building the web app…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const first: Start[] = [];
  const again: Start[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'wt-startup-'));
    try {
      // An empty DATA_DIR: migrations, the development secret and the demo data on the way up.
      first.push(await timeStart(dataDir));
      // The same DATA_DIR again: what every later `npm start` does.
      again.push(await timeStart(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const rows = [
    { kind: 'First start (empty DATA_DIR: migrations, demo data)', starts: first },
    { kind: 'Later start (existing DATA_DIR)', starts: again },
  ].map(({ kind, starts }) => ({
    kind,
    healthMs: median(starts.map((s) => s.healthMs)),
    pageMs: median(starts.map((s) => s.pageMs)),
    allHealthMs: starts.map((s) => Math.round(s.healthMs)),
  }));
  for (const r of rows) {
    console.log(
      `${r.kind.padEnd(52)} health ${seconds(r.healthMs)}  page ${seconds(r.pageMs)}  (health in each run: ${r.allHealthMs.map((ms) => seconds(ms)).join(', ')})`,
    );
  }
  const slow = rows.filter((r) => r.pageMs > 3000);
  console.log(
    slow.length === 0 ? 'Every start answers within 3 s.' : `Over 3 s: ${slow.map((r) => r.kind).join('; ')}`,
  );

  if (!opts['no-write']) {
    const date = new Date().toISOString();
    const file = writeResults(root, { date, runs, rows }, 'startup-');
    const lines = [
      `Run of ${date} (\`npm run bench:startup\`: \`node scripts/start.mjs\`, the embedded database, the web app already built; the median of ${runs} start(s) of each kind, wall time from launch).`,
      '',
      '| Start | Health check answers | Landing page answers | Health check, every run |',
      '| --- | ---: | ---: | --- |',
      ...rows.map(
        (r) =>
          `| ${r.kind} | ${seconds(r.healthMs)} | ${seconds(r.pageMs)} | ${r.allHealthMs.map((ms) => seconds(ms)).join(', ')} |`,
      ),
    ];
    writeSection(
      join(root, 'docs/benchmarks.md'),
      '<!-- startup:start (written by npm run bench:startup) -->',
      '<!-- startup:end -->',
      lines.join('\n'),
    );
    console.log(`Written ${file} and docs/benchmarks.md.`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
