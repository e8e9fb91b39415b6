// Real processes for the resilience tests (issue 5): server instances started as `npm start` starts
// them, a private PostgreSQL cluster and a private Redis, each on a spare port. Everything started
// here is stopped and deleted after the test file, and killed on the way out even when a test fails.
// The machine's shared PostgreSQL and Redis are never touched: other test files use them.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CONTEXT_FOR_ROLE, type LoginResponse, RATING_CATEGORIES } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../src/db/client.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { registration, TEST_PASSWORD } from '../fixtures.ts';
import type { ErrorAnswer } from '../helpers.ts';

const run = promisify(execFile);
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const ENTRIES = {
  server: join(REPO_ROOT, 'apps/server/src/server.ts'),
  // What `npm start` runs: WEB_CONCURRENCY workers over node:cluster.
  cluster: join(REPO_ROOT, 'apps/server/src/cluster.ts'),
};

// Last-resort cleanup: synchronous, so it also runs when the worker exits after a failure.
const onExit = new Set<() => void>();
process.once('exit', () => {
  for (const cleanup of onExit) {
    try {
      cleanup();
    } catch {
      // Best effort: the process is leaving anyway.
    }
  }
});

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${lastError}` : ''}`);
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => done(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP: one new connection per request (no keep-alive), so every outcome is exact: a complete
// answer, or an error with the socket's code before any answer began (ECONNREFUSED: nobody
// listening; ECONNRESET: the connection was dropped unread), or INCOMPLETE: an answer cut off.

export interface Answer<T = ErrorAnswer> {
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
}

export class RequestFailed extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function request<T = ErrorAnswer>(
  port: number,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((done, fail) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload !== undefined && { 'content-type': 'application/json' }),
          ...(options.token && { authorization: `Bearer ${options.token}` }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        // The answer had begun: whatever breaks now leaves it incomplete.
        res.on('error', (error) =>
          fail(new RequestFailed('INCOMPLETE', `${method} ${path}: ${error.message}`)),
        );
        res.on('end', () => {
          if (!res.complete) {
            fail(new RequestFailed('INCOMPLETE', `${method} ${path}: the answer was cut off`));
            return;
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          if (/json/.test(res.headers['content-type'] ?? '')) {
            try {
              body = JSON.parse(text);
            } catch {
              fail(new RequestFailed('BAD_JSON', `${method} ${path}: not JSON: ${text.slice(0, 200)}`));
              return;
            }
          }
          done({ status: res.statusCode ?? 0, body: body as T, headers: res.headers });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 20_000, () =>
      req.destroy(new RequestFailed('TIMEOUT', `${method} ${path}: no answer in time`)),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      fail(error instanceof RequestFailed ? error : new RequestFailed(error.code ?? 'ERROR', error.message)),
    );
    req.end(payload);
  });
}

/** The server's metrics (METRICS_TOKEN `token`) as series name{labels} → value, from one scrape. */
export async function scrapeMetrics(port: number, token: string): Promise<Map<string, number>> {
  const answer = await request<string>(port, 'GET', '/api/metrics', { token });
  if (answer.status !== 200) throw new Error(`GET /api/metrics: ${answer.status}`);
  const values = new Map<string, number>();
  for (const line of answer.body.split('\n')) {
    const match = /^(\w+(?:\{[^}]*\})?) (-?[\d.e+-]+)$/.exec(line);
    if (match) values.set(match[1] as string, Number(match[2]));
  }
  return values;
}

/** Same as `request`, but the expected status is checked and the body returned. */
export async function expectAnswer<T>(
  port: number,
  status: number,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const answer = await request<T>(port, method, path, options);
  if (answer.status !== status) {
    throw new Error(
      `${method} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

// ---------------------------------------------------------------------------------------------
// Server instances

export interface ServerInstance {
  port: number;
  pid: number;
  /** stdout lines: pino's JSON log lines and the start banner. */
  stdout: string[];
  stderr: string[];
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Log lines parsed as JSON (the banner and anything else left out). */
  logRecords(): Record<string, unknown>[];
  /** SIGTERM, then the exit; SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then the exit. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerOptions {
  port?: number;
  /** Wait until /api/core/health/ answers 200 (default); false: return once listening or exited. */
  waitHealthy?: boolean;
  /** The single server process (default) or the cluster entry. */
  entry?: keyof typeof ENTRIES;
}

/** The environment every instance gets, before the test's own variables. */
export function baseEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_MAX: '100000',
    ACCOUNT_RATE_LIMIT: '100000',
    ACCOUNT_WRITE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ACCOUNT_LIMIT: '1000',
    AUTH_RATE_LIMIT: '100000',
    EXPOSE_RESET_CODE: '1',
    // Anonymous ratings published at once (ADR 0030): these tests read them as others see them.
    ANONYMOUS_HOLD: 'off',
  };
}

/**
 * Starts `apps/server/src/server.ts` (or the cluster entry) the way `npm start` does (node with tsx's
 * loader), as a direct child so that signals reach the server itself and not a wrapper. Only PATH and HOME come from the
 * test's environment: a DATABASE_URL or REDIS_URL of the test run must not leak in.
 */
export async function startServer(env: Record<string, string>, options: ServerOptions = {}) {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', ENTRIES[options.entry ?? 'server']],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (child.pid === undefined) throw new Error('could not start the server');
  const pid = child.pid;
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  onExit.add(kill);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null, into: string[]) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      into.push(...parts);
    });
    stream?.on('end', () => {
      if (rest) into.push(rest);
    });
  };
  collect(child.stdout, stdout);
  collect(child.stderr, stderr);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      onExit.delete(kill);
      // Let the pipes drain so the last log lines are in.
      setTimeout(() => done({ code, signal }), 50);
    });
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const instance: ServerInstance = {
    port,
    pid,
    stdout,
    stderr,
    exited,
    logRecords: () =>
      stdout.flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    async stop(timeoutMs = 20_000) {
      if (!gone) child.kill('SIGTERM');
      const timer = setTimeout(kill, timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    async kill() {
      kill();
      return exited;
    },
  };

  const describeFailure = () =>
    `server on port ${port} did not become ready.\nstderr:\n${stderr.join('\n')}\nstdout:\n${stdout.slice(-20).join('\n')}`;
  try {
    await waitFor(
      `the server on port ${port}`,
      async () => {
        if (gone) throw new Error('exited');
        const path = options.waitHealthy === false ? '/api/live' : '/api/core/health/';
        return (await request(port, 'GET', path, { timeoutMs: 5000 })).status === 200;
      },
      120_000,
      200,
    );
  } catch (error) {
    kill();
    throw new Error(`${describeFailure()}\n(${error instanceof Error ? error.message : String(error)})`);
  }
  return instance;
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP/1.1 on a socket, for what a client library hides: a request left half-uploaded, and the
// answers a server writes to a kept-alive connection until it closes.

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** HTTP/1.1 answers with Content-Length bodies read from a socket until it closes. */
export function answersUntilClosed(socket: net.Socket): Promise<RawAnswer[]> {
  return new Promise((done) => {
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      const answers: RawAnswer[] = [];
      let rest = buffer;
      for (let end = rest.indexOf('\r\n\r\n'); end >= 0; end = rest.indexOf('\r\n\r\n')) {
        const headers = rest.subarray(0, end).toString('latin1');
        const length = Number(/content-length:\s*(\d+)/i.exec(headers)?.[1] ?? 0);
        const body = rest.subarray(end + 4, end + 4 + length);
        if (body.length < length) break;
        answers.push({ status: Number(headers.split(' ')[1]), headers, body: body.toString('utf8') });
        rest = rest.subarray(end + 4 + length);
      }
      done(answers);
    });
  });
}

/** A sign-in whose headers and first bytes are sent and the rest never: a request kept in flight. */
export async function holdRequest(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((ready) => socket.once('connect', ready));
  socket.write(
    'POST /api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
  );
  // Read by the server before anything else happens.
  await sleep(200);
  return socket;
}

// ---------------------------------------------------------------------------------------------
// A private PostgreSQL cluster (Debian's server binaries), so a test may stop and start it.

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)',
    );
  }
  return join(root, versions[0], 'bin');
}

export interface PrivatePostgres {
  port: number;
  /** URL of a database in this cluster. */
  url(database?: string): string;
  createDatabase(): Promise<string>;
  /** pg_ctl stop -m fast: sessions are ended, new connections refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and deletes its files. */
  close(): Promise<void>;
}

/** A directory for a cluster's files, and how to run the server binaries on it. */
function clusterHome(prefix: string) {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const data = join(dir, 'data');
  // initdb refuses to run as root: run the server binaries as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const pgCtl = (...args: string[]) => run(...command('pg_ctl', ['-D', data, ...args]), { timeout: 60_000 });
  /** Starts the cluster on `port` (stopped and deleted on the way out, whatever happens). */
  const serve = async (port: number, settings = '') => {
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 ${settings}`;
    const start = async () => {
      await pgCtl('-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start');
    };
    const cleanup = () => {
      spawnSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { timeout: 30_000 });
      rmSync(dir, { recursive: true, force: true });
    };
    onExit.add(cleanup);
    await start();
    return {
      start,
      url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
      close() {
        onExit.delete(cleanup);
        cleanup();
      },
    };
  };
  return { data, command, pgCtl, serve };
}

export async function startPostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const { data, command, pgCtl, serve } = clusterHome('wt-pg-');

  await run(
    ...command('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]),
    { timeout: 60_000 },
  );
  const { start, url, close } = await serve(port);
  return {
    port,
    url,
    async createDatabase() {
      const name = `wt_${randomBytes(4).toString('hex')}`;
      await run('psql', [url(), '-qc', `create database ${name}`], { timeout: 30_000 });
      return url(name);
    },
    async stop() {
      await pgCtl('-m', 'fast', '-w', 'stop');
    },
    start,
    async close() {
      close();
    },
  };
}

export interface PrivateReplica {
  port: number;
  url(database?: string): string;
  /** Stops replaying the primary's changes (pg_wal_replay_pause), and starts again. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** pg_ctl stop -m immediate: the replica is gone at once, its connections cut. */
  kill(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A streaming replica of `primary`: a base backup taken with pg_basebackup -R (it writes the standby
 * settings), started on its own port as a hot standby.
 */
export async function startReplica(primary: PrivatePostgres): Promise<PrivateReplica> {
  const port = await freePort();
  const { data, command, pgCtl, serve } = clusterHome('wt-replica-');
  await run(
    ...command('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]),
    { timeout: 120_000 },
  );
  const { start, url, close } = await serve(port, '-c hot_standby=on');
  const psql = (statement: string) => run('psql', [url(), '-qAtc', statement], { timeout: 30_000 });
  return {
    port,
    url,
    async pauseReplay() {
      await psql('select pg_wal_replay_pause()');
    },
    async resumeReplay() {
      await psql('select pg_wal_replay_resume()');
    },
    async kill() {
      await pgCtl('-m', 'immediate', '-w', 'stop');
    },
    start,
    async close() {
      close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A private Redis

async function redisPing(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('close', () => done(reply.startsWith('+PONG')));
    socket.on('error', () => done(false));
  });
}

export interface PrivateRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const kill = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  onExit.add(kill);
  const start = async () => {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = proc;
    const exited = new Promise<void>((done) => proc.once('exit', () => done()));
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    await waitFor(`redis on port ${port}`, async () => {
      if (gone) throw new Error('redis-server exited');
      return redisPing(port);
    });
  };
  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((done) => proc.once('exit', () => done()));
    proc.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      onExit.delete(kill);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Accounts and ratings through the API

export interface Account {
  id: number;
  email: string;
  access: string;
  refresh: string;
}

export async function signUp(port: number, role: 'employee' | 'employer'): Promise<Account> {
  const body = registration({ user_role: role });
  await expectAnswer(port, 201, 'POST', '/api/auth/register/', { body });
  return signIn(port, body.email);
}

export async function signIn(port: number, email: string, password = TEST_PASSWORD): Promise<Account> {
  const login = await expectAnswer<LoginResponse>(port, 200, 'POST', '/api/auth/login/', {
    body: { email, password },
  });
  return { id: login.user.id, email, access: login.access, refresh: login.refresh };
}

/** A valid rating by an employee of a company (every category scored from `seed`). */
export function companyRating(ratee: number, seed: number) {
  const context = CONTEXT_FOR_ROLE.employee;
  return {
    ratee,
    role_context: context,
    is_anonymous: seed % 3 === 0,
    feedback_message: `Review ${seed}`,
    category_scores: RATING_CATEGORIES[context].map((category, i) => ({
      category,
      score: ((seed + i) % 5) + 1,
    })),
  };
}

export interface BurstOutcome {
  rater: Account;
  ratee: Account;
  /** A complete answer... */
  answer?: Answer<{ id?: number }>;
  /** ...or the connection's failure. */
  error?: RequestFailed;
}

/**
 * Every rater rates every company once, `concurrency` submissions at a time, each on a new
 * connection. `afterAcknowledged(n)` is called after each 201 with the running count, so a test can
 * inject its fault in the middle of the burst; submissions go on until every pair has an outcome.
 */
export async function ratingBurst(
  port: number,
  raters: readonly Account[],
  companies: readonly Account[],
  options: { concurrency: number; afterAcknowledged?: (count: number) => void },
): Promise<BurstOutcome[]> {
  const pairs = raters.flatMap((rater) => companies.map((ratee) => ({ rater, ratee })));
  const outcomes: BurstOutcome[] = [];
  let next = 0;
  let acknowledged = 0;
  const worker = async () => {
    while (next < pairs.length) {
      const pair = pairs[next++] as { rater: Account; ratee: Account };
      try {
        const answer = await request<{ id?: number }>(port, 'POST', '/api/core/ratings/', {
          token: pair.rater.access,
          body: companyRating(pair.ratee.id, next),
        });
        outcomes.push({ ...pair, answer });
        if (answer.status === 201) options.afterAcknowledged?.(++acknowledged);
      } catch (error) {
        if (!(error instanceof RequestFailed)) throw error;
        outcomes.push({ ...pair, error });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return outcomes;
}

/** Signs up `employees` employees and `companies` employers, a few at a time. */
export async function population(port: number, employees: number, companies: number) {
  const sign = async (role: 'employee' | 'employer', count: number) => {
    const accounts: Account[] = [];
    for (let i = 0; i < count; i += 4) {
      const batch = Math.min(4, count - i);
      accounts.push(...(await Promise.all(Array.from({ length: batch }, () => signUp(port, role)))));
    }
    return accounts;
  };
  return { raters: await sign('employee', employees), companies: await sign('employer', companies) };
}

/**
 * What must hold in the database after any fault (DESIGN §4): one rating per rater, ratee and
 * context, aggregates equal to a recomputation, every rating scored and no score without its
 * rating. Every list is empty when all is well.
 */
export async function invariantViolations(db: Executor) {
  return {
    aggregateMismatches: await aggregateMismatches(db),
    duplicateRatings: await queryRows(
      db,
      sql`select rater_id, ratee_id, role_context from ratings group by 1, 2, 3 having count(*) > 1`,
    ),
    unscoredRatings: await queryRows(db, sql`select r.id from ratings r where r.scores = '{}'::jsonb`),
  };
}

export const NO_VIOLATIONS = {
  aggregateMismatches: [],
  duplicateRatings: [],
  unscoredRatings: [],
};
