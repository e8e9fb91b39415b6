// `npm run bench`: the speed of the portal at scale, measured the same way every time (issue 4).
//   1. DATABASE_URL (default a local worktrust_bench database, created when missing) is seeded with
//      `npm run cli -- seed --users 100000 --ratings 1000000 --seed 1` when it has no users.
//   2. The production server starts as a child process with WEB_CONCURRENCY workers.
//   3. Autocannon drives each case at 32 connections for 10 s: first the long-tail cases (targets drawn
//      over the whole data set: any company, any employee, fragments of real names, random sorts,
//      filters and pages, viewers among thousands of users), then the hot set as a labelled best case
//      (128 signed-in users, a few fixed searches), then the first minute after a restart (cold).
//   4. Aggregates are checked after the rating case, the bench's ratings withdrawn, query plans
//      taken, and everything written to bench/results/<date>.json and docs/benchmarks.md.
// Options: --users --ratings --seed (data when seeding), --seconds --connections --workers --pool,
// --cases a,b (a subset; the ceiling always runs), --redis (rate limits in REDIS_URL), --no-write,
// --label L (bench/results/<date>-L.json only, docs untouched: for runs at other data sizes),
// --cold-seconds N (the cold-start case's length, default 60),
// --profile DIR (V8 CPU profiles of the server's processes).
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTEXT_FOR_ROLE,
  COPIED_TEXT,
  type CreateRatingRequest,
  PAGE_SIZES,
  RATING_CATEGORIES,
} from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { poolPerWorker } from '../apps/server/src/config/pool.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { createTokenService } from '../apps/server/src/lib/tokens.ts';
import { analyzeAfterSeed, SEED_PASSWORD } from '../apps/server/src/seed/load.ts';
import { createRng } from '../apps/server/src/seed/random.ts';
import { CATEGORY_PHRASES } from '../apps/server/src/seed/vocabulary.ts';
import { parseOptions, wholeNumber } from './args.ts';
import { measureCpu } from './cpu.ts';
import {
  type Account,
  benchAccounts,
  checkAggregates,
  companyTurns,
  DEFAULT_DATABASE_URL,
  dataSize,
  endBenchSessions,
  ensureDatabase,
  longTail,
  migrateBenchDatabase,
  nameFragments,
  openBenchDatabase,
  portalUsers,
  prewarmDatabase,
  profileIds,
  type RatingPair,
  ratingsAfter,
  ratingsMark,
  removeBenchRatings,
  seedWithCli,
  skillPairs,
  startBenchSessions,
  topCities,
  unflaggedBurstRatings,
  unratedPairs,
} from './database.ts';
import { explainCases } from './explain.ts';
import { type LoadResult, type Req, runLoad } from './load.ts';
import {
  type BenchReport,
  bytes,
  type CaseResult,
  judge,
  machine,
  printTable,
  save,
  type Target,
} from './report.ts';
import { sampleMemory, serverCounts, startServer } from './server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const opts = parseOptions({
  users: { type: 'string', default: '100000' },
  ratings: { type: 'string', default: '1000000' },
  seed: { type: 'string', default: '1' },
  seconds: { type: 'string', default: '10' },
  connections: { type: 'string', default: '32' },
  workers: { type: 'string', default: String(availableParallelism()) },
  pool: { type: 'string' },
  cases: { type: 'string' },
  redis: { type: 'boolean', default: false },
  'no-write': { type: 'boolean', default: false },
  /** VIEW_CACHE_MB=0: every answer from the database (ADR 0007), for the uncached figures. */
  'no-cache': { type: 'boolean', default: false },
  /** Results JSON only, named with this label; docs/benchmarks.md is left alone (scale comparisons). */
  label: { type: 'string' },
  /** Writes a V8 CPU profile of every server process into this folder (open it in DevTools). */
  profile: { type: 'string' },
  /** How long the cold-start case drives traffic right after a restart. */
  'cold-seconds': { type: 'string', default: '60' },
  /** A streaming replica of DATABASE_URL: the server reads what may be a few seconds old there (ADR 0026). */
  replica: { type: 'string' },
});
const coldSeconds = wholeNumber('cold-seconds', opts['cold-seconds']);
const seconds = wholeNumber('seconds', opts.seconds);
const connections = wholeNumber('connections', opts.connections);
const workers = wholeNumber('workers', opts.workers);
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

/** P(page = k) proportional to 1 / k^1.2 for k in 1..max: most visitors stay on the first pages. */
function zipfPages(max: number, random: () => number): () => number {
  const weights = Array.from({ length: max }, (_, k) => 1 / (k + 1) ** 1.2);
  const total = weights.reduce((a, b) => a + b, 0);
  return () => {
    let left = random() * total;
    for (let k = 0; k < max; k++) {
      left -= weights[k] as number;
      if (left <= 0) return k + 1;
    }
    return max;
  };
}

/** Round-robin over a list. */
function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to cycle over');
  let i = 0;
  return () => items[i++ % items.length] as T;
}

async function signIn(url: string, accounts: Account[]): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  let next = 0;
  // A few at a time: each login verifies an argon2 hash on purpose.
  const worker = async () => {
    while (next < accounts.length) {
      const account = accounts[next++] as Account;
      const answer = await fetch(`${url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: SEED_PASSWORD }),
      });
      if (!answer.ok)
        throw new Error(`login of ${account.email} answered ${answer.status}: ${await answer.text()}`);
      tokens.set(account.id, ((await answer.json()) as { access: string }).access);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return tokens;
}

// The words of the seed's review texts: a bench rating's text shares their trigrams, so that the
// copied-text rule's index (ADR 0023) does the work a real review makes it do, yet copies no text.
const REVIEW_WORDS = [
  ...new Set(
    Object.values(CATEGORY_PHRASES)
      .flatMap((phrases) => [...phrases.good, ...phrases.poor])
      .join(' ')
      .toLowerCase()
      .match(/[a-z]+/g),
  ),
];

/** The i-th rating's review: words of the seed's texts in an order of its own, long enough to compare. */
function reviewText(i: number): string {
  const rng = createRng(i + 1);
  const words: string[] = [];
  while (words.join(' ').length < 2 * COPIED_TEXT.minChars) words.push(rng.pick(REVIEW_WORDS));
  return `${words.join(' ')}.`;
}

function ratingBody(
  rateeId: number,
  context: CreateRatingRequest['role_context'],
  i: number,
): CreateRatingRequest {
  return {
    ratee: rateeId,
    role_context: context,
    is_anonymous: i % 5 === 0,
    feedback_message: i % 2 === 0 ? reviewText(i) : '',
    category_scores: RATING_CATEGORIES[context].map((category, c) => ({
      category,
      score: 1 + ((i + c) % 5),
    })),
  };
}

/** The replica at `url`, refused unless it is a standby (a second primary would measure nothing). */
async function openReplica(url: string) {
  const replica = await openBenchDatabase(url);
  const [row] = await queryRows<{ standby: boolean }>(replica.db, sql`select pg_is_in_recovery() as standby`);
  if (!row?.standby) {
    await replica.close();
    console.error(
      `--replica ${url.replace(/\/\/[^@/]*@/, '//')} is not a streaming replica (pg_is_in_recovery() is false)`,
    );
    process.exit(2);
  }
  return replica;
}

/** The cases that write ratings; each is checked against the ceiling, as any machine can. */
const RATING_CASES = new Set(['rate', 'rate-spread', 'rate-burst']);
/** How long a rating case waits after its load for the last ranks to be copied (ADR 0027: every 1 s). */
const RANK_SETTLE_MS = 2_500;
/** Rating submission's lowest share of the ceiling (issue 46: 1,083/s at 5.4 % on 2026-11-28). */
const RATE_SHARE = 0.05;
/**
 * A long-tail search's lowest share of the ceiling (issue 46, DESIGN §9.2: with search order allowed
 * to lag 10 s), beside p99 <= 100 ms.
 */
const SEARCH_SHARE = 0.05;

async function main() {
  const created = await ensureDatabase(databaseUrl);
  const migrationsStarted = performance.now();
  const applied = await migrateBenchDatabase(databaseUrl);
  if (applied.length > 0) {
    const seconds = ((performance.now() - migrationsStarted) / 1000).toFixed(1);
    console.log(`Applied ${applied.length} migration(s) in ${seconds} s: ${applied.join(', ')}.`);
  }
  const database = await openBenchDatabase(databaseUrl);
  const replica = opts.replica ? await openReplica(opts.replica) : null;
  let seedSeconds: number | null = null;
  if ((await portalUsers(database)) === 0) {
    console.log(
      `${created ? 'Created' : 'Found'} an empty database; seeding ${opts.users} users and ${opts.ratings} ratings…`,
    );
    seedSeconds = await seedWithCli(databaseUrl, {
      users: Number(opts.users),
      ratings: Number(opts.ratings),
      seed: opts.seed,
    });
    console.log(`Seeded in ${seedSeconds.toFixed(1)} s (wall time of the command).`);
  }
  const [pgVersion] = await queryRows<{ v: string; buffers: string }>(
    database.db,
    sql`select version() as v, pg_size_bytes(current_setting('shared_buffers')) as buffers`,
  );
  const sharedBuffers = Number(pgVersion?.buffers ?? 0);
  const size = await dataSize(database);
  // Rating submission's writes cost PostgreSQL about a quarter more CPU when the pages they touch live
  // in the page cache rather than in shared_buffers (docs/benchmarks.md, 2026-11-30): say so beside a
  // run whose server is not sized for its data.
  if (sharedBuffers < size.databaseBytes) {
    console.log(
      `PostgreSQL's shared_buffers (${bytes(sharedBuffers)}) is smaller than the database ` +
        `(${bytes(size.databaseBytes)}): writes cost it more than on a server sized for its data ` +
        `(ALTER SYSTEM SET shared_buffers, then restart PostgreSQL; docs/operations.md).`,
    );
  }
  console.log(
    `Data: ${size.employees} employees, ${size.employers} companies, ${size.ratings} ratings; ${workers} worker(s).`,
  );

  // The inputs of the cases, read before the server starts.
  const accounts = await benchAccounts(database, 64);
  const profiles = await profileIds(database, 500);
  const fragments = await nameFragments(database, 8);
  const cities = await topCities(database, 6);
  const skills = await skillPairs(database, 12);
  const pairs = await unratedPairs(database, 120_000);
  // The review-bomb cases (issue 46): the same kind of ratings spread over 2,500 companies, and as a
  // burst on each of 25 (enough pairs for 20 s at 1,000/s each), none a pair another case rates.
  const taken = new Set(pairs.map((p) => `${p.rater}:${p.ratee}`));
  const unused = (list: RatingPair[]) =>
    list.filter((p) => !taken.has(`${p.rater}:${p.ratee}`) && taken.add(`${p.rater}:${p.ratee}`));
  const spreadPairs = unused(await companyTurns(database, 2500, 8, 'spread'));
  const burstPairs = unused(await companyTurns(database, 25, 800, 'burst'));
  const burstCompanies = [...new Set(burstPairs.map((p) => p.ratee))];
  const tail = await longTail(database, opts.seed, 4000);

  // The previous run's ratings (written, then withdrawn) and sessions left dead rows and cleared the
  // visibility map, so index-only counts read the heap again: one run measured the search case at
  // twice the database time of the run before it. Settle them so every run starts alike.
  // The sessions too: each run writes and deletes one per rater (about 120,000), and after ten runs
  // without a vacuum (this machine's PostgreSQL has autovacuum off) refresh_families held 2.6 million
  // dead rows beside 4,096 live ones, 537 MB, which the session check of every request walked:
  // rating submission 1,050-1,310 -> 770-830/s, the same code. The seed's own last step vacuums
  // every table, refresh_families and the counter tables included.
  const vacuumStarted = performance.now();
  await analyzeAfterSeed(database.db);
  console.log(`Vacuumed and analysed in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s.`);

  const jwtSecret = randomBytes(48).toString('base64url');
  const metricsToken = randomBytes(24).toString('base64url');
  const serverEnv: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    ACCOUNT_RATE_LIMIT: '1000000000',
    ACCOUNT_WRITE_LIMIT: '1000000000',
    // The load comes as through nginx: each person's requests from an address of their own (load.ts).
    TRUST_PROXY: '127.0.0.1',
    SEED_DEMO: '0',
    // Every rating of the bench, anonymous ones too, counted in its ratee's aggregates as it is written
    // (ADR 0030's hold would publish a fifth of them the next day): the cost of a rating, measured whole.
    ANONYMOUS_HOLD: 'off',
    WEB_CONCURRENCY: String(workers),
    DATA_DIR: join(root, 'bench/results/tmp-data'),
    REDIS_URL: opts.redis ? process.env.REDIS_URL || 'redis://127.0.0.1:6379' : '',
    ...(opts.replica && { DATABASE_REPLICA_URLS: opts.replica }),
    ...(opts.pool && { DB_POOL_SIZE: opts.pool }),
    ...(opts['no-cache'] && { VIEW_CACHE_MB: '0' }),
  };
  const nodeFlags = opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${opts.profile}`] : [];
  let server = await startServer(serverEnv, nodeFlags);
  let memory = sampleMemory(server);
  const memoryPeaks: ReturnType<typeof memory.stop> = [];
  const ratingsBefore = await ratingsMark(database);
  let submitted = 0;
  const results: CaseResult[] = [];
  let raterSessions = new Map<number, string>();
  let viewerSessions = new Map<number, string>();
  let ratingCheck = { submitted: 0, aggregateMismatches: -1, removedAfterwards: 0 };
  try {
    const tokens = await signIn(server.url, accounts);
    const employees = accounts.filter((a) => a.role === 'employee');
    const employers = accounts.filter((a) => a.role === 'employer');
    const everyone = cycle(accounts);
    const employeeToken = cycle(employees.map((a) => tokens.get(a.id) as string));
    const employerToken = cycle(employers.map((a) => tokens.get(a.id) as string));
    const anyToken = () => tokens.get(everyone().id) as string;
    const searches = cycle(
      fragments.flatMap((f, i) => [
        `search=${encodeURIComponent(f)}&city=${encodeURIComponent(cities[i % cities.length] ?? '')}&min_rating=3`,
        `search=${encodeURIComponent(f)}&city=${encodeURIComponent(cities[(i + 1) % cities.length] ?? '')}&min_rating=2`,
      ]),
    );
    const skillQueries = cycle(skills.map((s) => `skills=${encodeURIComponent(s.join(','))}`));
    const profile = cycle(profiles);
    // Raters of the submission case cannot each sign in (argon2 on purpose costs tens of ms): the
    // bench writes their sessions into the database and, holding the server's JWT secret, issues
    // their access tokens itself.
    const tokenService = createTokenService(jwtSecret, 3600, 3600);
    raterSessions = await startBenchSessions(database, [
      ...new Set([...pairs, ...spreadPairs, ...burstPairs].map((p) => p.rater)),
    ]);
    const raterTokens = new Map<number, string>();
    for (const [userId, sessionId] of raterSessions) {
      raterTokens.set(userId, await tokenService.signAccess({ userId, sessionId }));
    }
    // Long-tail viewers: thousands of users of each role, their sessions and tokens made as the raters'.
    viewerSessions = await startBenchSessions(database, [...tail.viewers.employee, ...tail.viewers.employer]);
    const viewerTokens = async (ids: number[]) =>
      Promise.all(
        ids.map((userId) =>
          tokenService.signAccess({ userId, sessionId: viewerSessions.get(userId) as string }),
        ),
      );
    const anyEmployeeTokens = await viewerTokens(tail.viewers.employee);
    const anyEmployerTokens = await viewerTokens(tail.viewers.employer);
    const anyViewerTokens = [...anyEmployeeTokens, ...anyEmployerTokens];
    const rng = createRng(`bench-${opts.seed}`);
    const random = () => rng.next();
    const firstPages = zipfPages(5, random);
    const listPages = zipfPages(50, random);
    const SORTS = ['top', 'rating', 'reviews', 'newest', 'name'] as const;
    /** A `length`-letter piece of a word of a real name, from any place in the word. */
    const fragment = (names: string[], lengths: number[]) => {
      const words = rng
        .pick(names)
        .split(/\s+/)
        .filter((w) => w.length >= 3);
      const word = words.length > 0 ? rng.pick(words) : rng.pick(names);
      const length = rng.pick(lengths);
      if (word.length <= length) return word;
      const start = rng.int(word.length - length + 1);
      return word.slice(start, start + length);
    };
    const q = (params: Record<string, string | number | undefined>) =>
      Object.entries(params)
        .filter(([, value]) => value !== undefined && value !== 1)
        .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
        .join('&');
    const longTailList = (): Req => {
      const filter = rng.int(3);
      return {
        method: 'GET',
        path: `/api/core/companies/?${q({
          sort: rng.pick(SORTS),
          city: filter === 1 ? rng.pick(tail.companyCities) : undefined,
          min_rating: filter === 2 ? rng.between(2, 4) : undefined,
          page: listPages(),
        })}`,
        token: rng.pick(anyEmployeeTokens),
      };
    };
    const companySearch = (): Req => ({
      method: 'GET',
      path: `/api/core/companies/?${q({
        search: fragment(tail.companyNames, [4]),
        city: rng.pick(tail.companyCities),
        page: firstPages(),
      })}`,
      token: rng.pick(anyEmployeeTokens),
    });
    const employeeSearch = (): Req => {
      const filter = rng.int(4);
      return {
        method: 'GET',
        path: `/api/core/employees/?${q({
          search: fragment(tail.employeeNames, [3, 4]),
          min_rating: filter === 1 ? rng.between(2, 4) : undefined,
          skills: filter === 2 ? rng.pick(rng.pick(tail.employeeSkills)) : undefined,
          page: firstPages(),
        })}`,
        token: rng.pick(anyEmployerTokens),
      };
    };
    // A name as people type one: its first word whole, then the beginning (1 letter to all) of its
    // last word ("rahul sh", "rahul sharma"); several words group their pieces (ADR 0020).
    const fullNames = tail.employeeNames.filter((name) => name.includes(' '));
    const nameSearch = (): Req => {
      const words = rng.pick(fullNames).split(/\s+/);
      const last = words[words.length - 1] as string;
      return {
        method: 'GET',
        path: `/api/core/employees/?${q({
          search: `${words[0]} ${last.slice(0, 1 + rng.int(last.length))}`,
          page: firstPages(),
        })}`,
        token: rng.pick(anyEmployerTokens),
      };
    };
    // As the web app asks for a profile: the ratings it shows first (the API's default is 50).
    const anyProfile = (ids: number[], tokens: string[]) => (): Req => ({
      method: 'GET',
      path: `/api/core/users/${rng.pick(ids)}/profile/?ratings=${PAGE_SIZES.profileShown}`,
      token: rng.pick(tokens),
    });
    const anyCompanyProfile = anyProfile(tail.companies, anyEmployeeTokens);
    const anyEmployeeProfile = anyProfile(tail.employees, anyEmployerTokens);
    const mixedReads = [longTailList, companySearch, employeeSearch, anyCompanyProfile, anyEmployeeProfile];

    let ratingIndex = 0;
    /** The next rating of `list`, each once. */
    const ratingsOf = (list: RatingPair[], name: string) => {
      let next = 0;
      return (): Req => {
        const p = list[next++];
        if (!p) throw new Error(`the ${name} case ran out of unrated pairs`);
        submitted++;
        return {
          method: 'POST',
          path: '/api/core/ratings/',
          token: raterTokens.get(p.rater) as string,
          body: ratingBody(p.ratee, p.context, ratingIndex++),
        };
      };
    };
    const nextRating = ratingsOf(pairs, 'rating');

    const cases: { key: string; name: string; target: Target; next: () => Req; explain?: boolean }[] = [
      {
        key: 'ceiling',
        name: 'Ceiling (constant route)',
        target: {},
        // The liveness probe: a constant answer through the same server, no database.
        next: () => ({ method: 'GET', path: '/api/live' }),
      },
      {
        key: 'categories',
        name: 'Rating categories',
        target: {},
        next: () => ({
          method: 'GET',
          path: `/api/core/rating-categories/?role_context=${CONTEXT_FOR_ROLE.employee}`,
          token: employeeToken(),
        }),
      },
      {
        key: 'list',
        name: 'Companies: any sort, filter and page',
        target: { p99: 50, ceilingShare: 0.1 },
        next: longTailList,
        explain: true,
      },
      {
        key: 'search-companies',
        name: 'Companies: 4-letter fragment of a real name + city',
        target: { p99: 100, ceilingShare: SEARCH_SHARE },
        next: companySearch,
        explain: true,
      },
      {
        key: 'search-employees',
        name: 'Employees: 3–4-letter fragment of a real name, some with a rating or skill filter',
        target: { p99: 100, ceilingShare: SEARCH_SHARE },
        next: employeeSearch,
        explain: true,
      },
      {
        key: 'search-names',
        name: "Employees: a real name's first word and the beginning of its last",
        target: { p99: 100, ceilingShare: SEARCH_SHARE },
        next: nameSearch,
        explain: true,
      },
      {
        key: 'skills',
        name: 'Employees: two skills of any employee',
        target: { p99: 50, ceilingShare: 0.1 },
        next: () => ({
          method: 'GET',
          path: `/api/core/employees/?${q({
            skills: rng.sample(rng.pick(tail.employeeSkills), 2).join(','),
            page: firstPages(),
          })}`,
          token: rng.pick(anyEmployerTokens),
        }),
        explain: true,
      },
      {
        key: 'profile-company',
        name: 'Profile of any company, as the web app asks (10 newest ratings)',
        target: { p99: 50, ceilingShare: 0.1 },
        next: anyCompanyProfile,
        explain: true,
      },
      {
        key: 'profile-employee',
        name: 'Profile of any employee, as the web app asks (10 newest ratings)',
        target: { p99: 50, ceilingShare: 0.1 },
        next: anyEmployeeProfile,
        explain: true,
      },
      {
        key: 'dashboard',
        name: 'Dashboard of any user',
        target: { p99: 50, ceilingShare: 0.1 },
        next: () => ({ method: 'GET', path: '/api/core/dashboard/', token: rng.pick(anyViewerTokens) }),
        explain: true,
      },
      {
        key: 'received',
        name: 'My ratings received, any user',
        target: { p99: 50, ceilingShare: 0.1 },
        next: () => ({
          method: 'GET',
          path: `/api/core/my-ratings/received/?${q({ page: firstPages() })}`,
          token: rng.pick(anyViewerTokens),
        }),
        explain: true,
      },
      {
        key: 'hot-list',
        name: 'Best case, hot set: companies, default sort',
        target: {},
        next: () => ({ method: 'GET', path: '/api/core/companies/', token: employeeToken() }),
      },
      {
        key: 'hot-search',
        name: 'Best case, hot set: companies, search + city + min_rating',
        target: {},
        next: () => ({ method: 'GET', path: `/api/core/companies/?${searches()}`, token: employeeToken() }),
      },
      {
        key: 'hot-skills',
        name: 'Best case, hot set: employees, two skills',
        target: {},
        next: () => ({
          method: 'GET',
          path: `/api/core/employees/?${skillQueries()}`,
          token: employerToken(),
        }),
      },
      {
        key: 'hot-profile',
        name: 'Best case, hot set: user profile',
        target: {},
        next: () => ({
          method: 'GET',
          path: `/api/core/users/${profile()}/profile/`,
          token: employeeToken(),
        }),
      },
      {
        key: 'hot-dashboard',
        name: 'Best case, hot set: dashboard',
        target: {},
        next: () => ({ method: 'GET', path: '/api/core/dashboard/', token: anyToken() }),
      },
      {
        key: 'hot-received',
        name: 'Best case, hot set: my ratings received',
        target: {},
        next: () => ({ method: 'GET', path: '/api/core/my-ratings/received/', token: anyToken() }),
      },
      {
        key: 'cold',
        name: `Cold start: the first ${coldSeconds} s after a restart, long-tail reads mixed`,
        target: {},
        next: () => rng.pick(mixedReads)(),
      },
      {
        key: 'rate',
        name: 'Rating submission',
        target: { ceilingShare: RATE_SHARE },
        next: nextRating,
      },
      {
        key: 'rate-spread',
        name: "Employees' ratings over 2,500 companies",
        target: { ceilingShare: RATE_SHARE },
        next: ratingsOf(spreadPairs, 'spread'),
      },
      {
        key: 'rate-burst',
        name: 'Review bomb: the same as bursts on 25 companies',
        target: { ceilingShare: RATE_SHARE, shareOf: { key: 'rate-spread', share: 0.5 } },
        next: ratingsOf(burstPairs, 'burst'),
      },
    ];
    const wanted = opts.cases ? new Set(['ceiling', ...opts.cases.split(',')]) : null;
    const selected = cases.filter((c) => !wanted || wanted.has(c.key));

    let ceilingRps = 0;
    let prewarmShown = false;
    for (const c of selected) {
      // The database warm in memory before every case (prewarmDatabase says why).
      const prewarmStarted = performance.now();
      const prewarmed = await prewarmDatabase(database);
      if (replica) await prewarmDatabase(replica);
      if (!prewarmShown) {
        prewarmShown = true;
        console.log(
          prewarmed === null
            ? 'pg_prewarm is not installed: the cases may read parts of the database from disk.'
            : `Read the database into memory before each case (${Math.round(prewarmed / 1e6)} MB, ` +
                `${((performance.now() - prewarmStarted) / 1000).toFixed(1)} s the first time).`,
        );
      }
      if (c.key === 'cold') {
        // A restart: new processes with empty answer caches, JIT and pools (PostgreSQL keeps its
        // buffers). Measured from the first request, without a warm-up.
        memoryPeaks.push(...memory.stop());
        await server.stop();
        server = await startServer(serverEnv, nodeFlags);
        memory = sampleMemory(server);
      } else {
        // Warm the JIT, the pools, PostgreSQL's caches and the answer caches (each worker fills its
        // own, a few hundred pages per case) right before the case: its figures are of the steady
        // state, and the rating case's writes (and the autovacuum they bring) come after the reads.
        await runLoad({ url: server.url, connections, seconds: c.key === 'ceiling' ? 3 : 2, next: c.next });
      }
      const during = sampleMemory(server, 200);
      const before = await serverCounts(server.url, metricsToken);
      const cpu = await measureCpu(replica ? [database, replica] : [database], server.pids);
      const result: LoadResult = await runLoad({
        url: server.url,
        connections,
        seconds: c.key === 'cold' ? coldSeconds : seconds,
        next: c.next,
      });
      const split = await cpu.stop();
      const writes = RATING_CASES.has(c.key);
      // A rating case's ranks are copied a second or so later (ADR 0027): counted once they are.
      if (writes) await new Promise((done) => setTimeout(done, RANK_SETTLE_MS));
      const after = await serverCounts(server.url, metricsToken);
      const rankChanges = after.rankChanges - before.rankChanges;
      const rankRefreshMs = (after.rankRefreshSeconds - before.rankRefreshSeconds) * 1000;
      const toReplica = after.replicaReads - before.replicaReads;
      const routed = toReplica + after.primaryReads - before.primaryReads;
      const hits = after.hits - before.hits;
      const lookups = hits + after.misses - before.misses;
      const peaks = during.stop().map((p) => p.peakBytes);
      const perRequest = (ms: number) => Math.round((ms / Math.max(1, result.requests)) * 1000) / 1000;
      if (c.key === 'ceiling') ceilingRps = result.requestsPerSecond;
      const example = writes ? { method: 'POST', path: '/api/core/ratings/' } : c.next();
      results.push({
        ...result,
        key: c.key,
        name: c.name,
        example: `${example.method} ${example.path.replace(/\?.*$/, (q) => (q.length > 70 ? `${q.slice(0, 67)}…` : q))}`,
        ceilingRatio: ceilingRps > 0 ? result.requestsPerSecond / ceilingRps : 1,
        target: c.target,
        peakRss: peaks,
        cpuMsPerRequest: {
          server: perRequest(split.serverMs),
          postgres: perRequest(split.postgresMs),
          loadGenerator: perRequest(split.loadGeneratorMs),
        },
        failures: judge(result, c.target, ceilingRps, results),
        // Only cases that look answers up (a few stray lookups can come from the previous case's tail).
        cacheHitRatio: lookups >= result.requests / 10 ? hits / lookups : null,
        // With --replica: the share of the requests whose stale-allowed reads the replica served.
        ...(replica && routed > 0 && { replicaReadShare: toReplica / routed }),
        // The copy of ratings' new ranks into search's pieces (ADR 0027), per rating of the case.
        ...(writes && {
          rankRefresh: { changes: rankChanges, msPerRating: rankRefreshMs / Math.max(1, result.requests) },
        }),
      });
      const r = results[results.length - 1] as CaseResult;
      console.log(
        `${c.name.padEnd(40)} ${Math.round(r.requestsPerSecond).toString().padStart(6)} req/s  p50 ${r.p50} ms  ` +
          `p99 ${r.p99} ms  errors ${r.errors}  ${Math.round(r.ceilingRatio * 100)} % of ceiling  ` +
          `CPU ms/request: server ${r.cpuMsPerRequest.server}, PostgreSQL ${r.cpuMsPerRequest.postgres}, ` +
          `autocannon ${r.cpuMsPerRequest.loadGenerator}` +
          (r.cacheHitRatio == null ? '' : `  cache hits ${Math.round(r.cacheHitRatio * 100)} %`) +
          (r.replicaReadShare === undefined
            ? ''
            : `  from the replica ${Math.round(r.replicaReadShare * 100)} %`) +
          (r.rankRefresh
            ? `  rank copies ${r.rankRefresh.changes}, ${r.rankRefresh.msPerRating.toFixed(3)} ms a rating`
            : '') +
          (r.errorSamples.length > 0 ? `\n    e.g. ${r.errorSamples.join('\n    e.g. ')}` : ''),
      );
    }

    if (selected.some((c) => RATING_CASES.has(c.key))) {
      console.log('Checking every stored aggregate against a recomputation…');
      const mismatches = await checkAggregates(database);
      const written = await ratingsAfter(database, ratingsBefore);
      const rateCases = results.filter((r) => RATING_CASES.has(r.key));
      if (mismatches > 0)
        for (const r of rateCases) r.failures.push(`${mismatches} users' aggregates differ`);
      const burstCase = results.find((r) => r.key === 'rate-burst');
      if (burstCase) {
        // Every rating of a burst flagged, as ADR 0017 says, however fast the bomb came.
        const unflagged = await unflaggedBurstRatings(database, burstCompanies);
        console.log(`${unflagged} ratings of the bursts left unflagged.`);
        if (unflagged > 0) burstCase.failures.push(`${unflagged} ratings of the bursts not flagged`);
      }
      ratingCheck = { submitted: written, aggregateMismatches: mismatches, removedAfterwards: 0 };
      console.log(
        `${written} ratings written (${submitted} requested); ${mismatches} mismatching aggregates.`,
      );
    }

    memoryPeaks.push(...memory.stop());
    await server.stop();
    ratingCheck.removedAfterwards = await removeBenchRatings(database, ratingsBefore);
    await endBenchSessions(database, raterSessions);

    const explained = await explainCases(
      databaseUrl,
      jwtSecret,
      selected.filter((c) => c.explain).map((c) => ({ key: c.key, name: c.name, request: c.next() })),
    );
    await endBenchSessions(database, viewerSessions);

    printTable(results);
    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: machine(pgVersion?.v.split(' on ')[0] ?? 'PostgreSQL', sharedBuffers),
      database: databaseUrl.replace(/\/\/[^@/]*@/, '//'),
      data: { ...size, seedSeconds },
      settings: {
        connections,
        seconds,
        workers,
        poolSize: opts.pool ?? `${poolPerWorker(workers)} (the cluster's default)`,
        redis: opts.redis ?? false,
        cache: !opts['no-cache'],
        replicas: replica ? 1 : 0,
      },
      cases: results,
      ratingCheck,
      memory: memoryPeaks,
      explain: explained,
    };
    const peak = Math.max(...memoryPeaks.map((p) => p.peakBytes));
    console.log(`Peak resident memory per server process: ${Math.round(peak / 1024 / 1024)} MB.`);
    const seqScans = explained.flatMap((c) =>
      c.queries.filter((q) => q.seqScans.length > 0).map(() => c.name),
    );
    console.log(
      seqScans.length > 0
        ? `Sequential scans of big tables in: ${seqScans.join(', ')}`
        : 'No sequential scans of big tables.',
    );
    if (!opts['no-write']) {
      const file = save(report, root, opts.label);
      console.log(`Written ${file}${opts.label ? '' : ' and docs/benchmarks.md'}.`);
    }
    const failed = results.filter((r) => r.failures.length > 0);
    console.log(
      failed.length === 0
        ? 'Every target met.'
        : `Targets not met: ${failed.map((r) => `${r.name} (${r.failures.join('; ')})`).join(', ')}`,
    );
  } finally {
    await server.stop();
    await database.close();
    await replica?.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
