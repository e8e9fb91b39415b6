// `npm run lighthouse`: Lighthouse (mobile, its default preset) in Debian's Chromium (CHROME_PATH,
// default /usr/bin/chromium) against the production build served by the real server on the embedded
// database with its demo data: / and /login signed out, /companies signed in as the demo employee
// (who accepts the privacy notice first, so the list is measured and not the consent gate; the
// browser's cache is emptied before each signed-in run, as Lighthouse does for the others).
// Prints performance, accessibility and best-practices scores with the main metrics, and writes them
// to bench/results/lighthouse-<date>.json and docs/benchmarks.md. Builds the web app when missing.
// Options: --runs N (per page, the median by performance is reported; default 3), --no-write,
// --reports DIR (the median runs' full reports, to see what costs points).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { RunnerResult } from 'lighthouse/types/externs.js';

type Result = RunnerResult['lhr'];

import { isLanguage, LANGUAGES, PRIVACY_NOTICE_VERSION } from '@workspace/contracts';
import puppeteer, { type Browser } from 'puppeteer-core';
import { SEED_PASSWORD } from '../apps/server/src/seed/load.ts';
import { parseOptions, wholeNumber } from './args.ts';
import { writeResults, writeSection } from './report.ts';
import { startServer } from './server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const opts = parseOptions({
  'no-write': { type: 'boolean', default: false },
  /** Runs per page; the median run (by performance) is reported. */
  runs: { type: 'string', default: '3' },
  /** Also writes each page's median report (Lighthouse's JSON) into this folder, to see what costs points. */
  reports: { type: 'string' },
  /** The browser's language (one of LANGUAGES): a first visit follows it, and signed in it is the chosen one. */
  lang: { type: 'string', default: 'en' },
});
if (!isLanguage(opts.lang)) {
  console.error(`--lang must be one of ${LANGUAGES.join(', ')}`);
  process.exit(2);
}
const lang = opts.lang;
const runCount = wholeNumber('runs', opts.runs);
const reportsDir = opts.reports;

interface PageScore {
  page: string;
  signedIn: boolean;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Performance of every run, lowest first; `scores` and `metrics` are the median run's. */
  performanceRuns: number[];
  metrics: Record<string, string>;
  /** Audits that cost points outside performance, to say what to fix. */
  failing: string[];
  /**
   * Lighthouse's measure of this machine's CPU speed in the median run (higher is faster). Its
   * simulated throttling scales the main thread's observed work, so a slower machine scores lower for
   * the same page: figures from two machines compare only beside their indexes.
   */
  benchmarkIndex: number;
}

async function clearBrowserCache(browser: Browser) {
  const tab = await browser.newPage();
  const session = await tab.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await tab.close();
}

async function main() {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.log('Building the web app…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-lighthouse-'));
  const server = await startServer({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    WEB_CONCURRENCY: '1',
  });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      `--lang=${lang}`,
      `--accept-lang=${lang}`,
    ],
  });
  const results: PageScore[] = [];
  // One connection to the browser, to sign in for /companies and to empty its cache between runs.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const login = await fetch(`${server.url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'employee@demo.in', password: SEED_PASSWORD }),
    });
    if (!login.ok) throw new Error(`demo login answered ${login.status}`);
    const tokens = (await login.json()) as { access: string; refresh: string };
    // The demo accounts have not accepted the privacy notice, so a first visit shows the consent
    // gate (DESIGN §8.3) where /companies should be: accept it once, as the person would.
    const consent = await fetch(`${server.url}/api/auth/consent/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access}` },
      body: JSON.stringify({ version: PRIVACY_NOTICE_VERSION }),
    });
    if (!consent.ok) throw new Error(`accepting the privacy notice answered ${consent.status}`);

    for (const { page, signedIn } of [
      { page: '/', signedIn: false },
      { page: '/login', signedIn: false },
      { page: '/companies', signedIn: true },
    ]) {
      if (signedIn) {
        // The web app keeps its tokens in localStorage; Lighthouse is told not to clear it.
        const tab = await browser.newPage();
        await tab.goto(`${server.url}/login`);
        await tab.evaluate(
          `localStorage.setItem('worktrust.refresh', ${JSON.stringify(tokens.refresh)});
           localStorage.setItem('worktrust.access', ${JSON.stringify(tokens.access)});
           localStorage.setItem('worktrust.language', ${JSON.stringify(lang)});`,
        );
        // Measure the page people come for: the list of companies, not a gate in front of it.
        await tab.goto(`${server.url}${page}`);
        await tab.waitForSelector('main ul[aria-busy] > li', { timeout: 20_000 });
        await tab.close();
      }
      // Lighthouse's own advice: take the median of several runs, since one run moves with the machine.
      const runs: Result[] = [];
      const failing: string[] = [];
      let retries = 0;
      for (let i = 0; i < runCount; i++) {
        // Keeping the sign-in (disableStorageReset) also keeps the browser's cache, which would let
        // every run after the first load nothing: empty the cache alone, so each run starts cold.
        if (signedIn) await clearBrowserCache(browser);
        const run = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: signedIn,
        });
        if (!run) throw new Error(`Lighthouse gave no result for ${page}`);
        // A run whose trace Lighthouse could not read (NO_NAVSTART, now and then) measured nothing:
        // run it again, as its message asks, up to twice, and say so.
        if (run.lhr.runtimeError && retries < 2) {
          retries++;
          failing.push(`a run could not measure and was run again: ${run.lhr.runtimeError.message}`);
          i--;
          continue;
        }
        runs.push(run.lhr);
      }
      const performanceOf = (r: Result) => r.categories.performance?.score ?? 0;
      runs.sort((a, b) => performanceOf(a) - performanceOf(b));
      const lhr = runs[Math.floor(runs.length / 2)] as Result;
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        writeFileSync(
          join(reportsDir, `${page === '/' ? 'landing' : page.slice(1)}.json`),
          JSON.stringify(lhr),
        );
      }
      const score = (c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '–';
      const failingAudits = Object.values(lhr.categories)
        .filter((c) => c.id !== 'performance')
        .flatMap((c) => c.auditRefs)
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => {
          // Name the kinds of issue (e.g. a form field without an id), not only the audit.
          const items = (lhr.audits[ref.id]?.details as { items?: { issueType?: string }[] } | undefined)
            ?.items;
          const kinds = [...new Set((items ?? []).map((i) => i.issueType).filter(Boolean))];
          return `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}`;
        });
      failing.push(...failingAudits);
      // A run that still could not measure scores 0 and sorts first, out of the median: say why.
      for (const run of runs) {
        if (run.runtimeError) failing.push(`a run could not measure: ${run.runtimeError.message}`);
      }
      const final = lhr.finalDisplayedUrl.replace(server.url, '');
      if (final !== page) failing.push(`ended on ${final}, not ${page}`);
      results.push({
        page,
        signedIn,
        performanceRuns: runs.map((r) => Math.round(performanceOf(r) * 100)),
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
        },
        metrics: {
          FCP: metric('first-contentful-paint'),
          LCP: metric('largest-contentful-paint'),
          TBT: metric('total-blocking-time'),
          CLS: metric('cumulative-layout-shift'),
        },
        failing,
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
      const r = results[results.length - 1] as PageScore;
      console.log(
        `${lang} ${page.padEnd(11)} performance ${r.scores.performance} (runs ${r.performanceRuns.join(', ')})  accessibility ${r.scores.accessibility}  ` +
          `best practices ${r.scores['best-practices']}  (FCP ${r.metrics.FCP}, LCP ${r.metrics.LCP}, ` +
          `TBT ${r.metrics.TBT}, CLS ${r.metrics.CLS})  machine's benchmark index ${r.benchmarkIndex}` +
          (r.failing.length > 0 ? `\n    ${r.failing.join('\n    ')}` : ''),
      );
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const date = new Date().toISOString();
  if (!opts['no-write']) {
    const file = writeResults(root, { date, chrome: chromePath, results }, 'lighthouse-');
    const lines = [
      `Run of ${date} (\`npm run lighthouse\`: Lighthouse 12, mobile preset with its simulated throttling, ` +
        `${chromePath}, production build served by the server on the embedded database with demo data, ` +
        `browser language ${lang}).`,
      '',
      `Median of ${runCount} run(s) per page by performance (every run's performance in brackets). ` +
        "Benchmark index: Lighthouse's measure of the machine's CPU speed during the run (higher is faster); " +
        'its simulated throttling scales the work it observed, so a slower machine scores the same page lower.',
      '',
      '| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | Benchmark index |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...results.map(
        (r) =>
          `| \`${r.page}\`${r.signedIn ? ' (signed in)' : ''} | ${r.scores.performance} (${r.performanceRuns.join(', ')}) | ${r.scores.accessibility} | ` +
          `${r.scores['best-practices']} | ${r.metrics.FCP} | ${r.metrics.LCP} | ${r.metrics.TBT} | ${r.metrics.CLS} | ${r.benchmarkIndex} |`,
      ),
    ];
    const issues = results.flatMap((r) => r.failing.map((f) => `- \`${r.page}\`: ${f}`));
    if (issues.length > 0) lines.push('', 'Audits that cost points:', '', ...issues);
    writeSection(
      join(root, 'docs/benchmarks.md'),
      '<!-- lighthouse:start (written by npm run lighthouse) -->',
      '<!-- lighthouse:end -->',
      lines.join('\n'),
    );
    console.log(`Written ${file} and docs/benchmarks.md.`);
  }
  const low = results.filter(
    (r) => r.scores.performance < 95 || r.scores.accessibility < 100 || r.scores['best-practices'] < 100,
  );
  console.log(
    low.length === 0
      ? 'Every page meets performance ≥ 95, accessibility 100, best practices 100.'
      : `Below target: ${low.map((r) => r.page).join(', ')}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
