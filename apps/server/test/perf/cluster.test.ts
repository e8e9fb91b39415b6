// The cluster entry (src/cluster.ts) as a real process tree: WEB_CONCURRENCY workers on PostgreSQL
// (TEST_DATABASE_URL), one process on the embedded database, a dead worker replaced, a clean exit on
// SIGTERM, and one line naming the variable for a value it cannot honour.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, freePort, ROOT, type Scratch, scratchDatabase } from '../cli/processes.ts';

const postgres = Boolean(process.env.TEST_DATABASE_URL);

function launch(env: Record<string, string>): ChildProcess {
  const clean = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'WEB_CONCURRENCY', 'DB_POOL_SIZE', 'REDIS_URL'])
    delete clean[key];
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cluster.ts'], {
    cwd: ROOT,
    env: { ...clean, LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Worker processes of the cluster whose primary is `pid`. */
function workers(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('cluster.ts');
    } catch {
      return false;
    }
  });
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const healthy = async (port: number) => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/core/health/`);
    return res.status === 200 ? true : undefined;
  } catch {
    return undefined;
  }
};

describe('cluster entry', () => {
  let scratch: Scratch;
  beforeAll(async () => {
    scratch = await scratchDatabase();
  });
  afterAll(() => scratch?.drop());

  it('refuses a bad WEB_CONCURRENCY, and more than one worker on the embedded database', async () => {
    for (const value of ['0', 'two', '65']) {
      const result = await finished(launch({ ...scratch.env, WEB_CONCURRENCY: value }));
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(/^Invalid environment variable WEB_CONCURRENCY: [^\n]+$/);
    }
    const embedded = await finished(
      launch({ DATA_DIR: scratch.env.DATA_DIR as string, WEB_CONCURRENCY: '2' }),
    );
    expect(embedded.code).toBe(1);
    expect(embedded.stderr.trim()).toBe(
      'Invalid environment variable WEB_CONCURRENCY: must be 1 without DATABASE_URL (the embedded database belongs to one process)',
    );
  }, 120_000);

  it(postgres
    ? 'runs WEB_CONCURRENCY workers, replaces one that dies, and stops them all on SIGTERM'
    : 'runs one process on the embedded database and stops on SIGTERM', async () => {
    const port = await freePort();
    const child = launch({ ...scratch.env, PORT: String(port), ...(postgres && { WEB_CONCURRENCY: '2' }) });
    const exit = finished(child);
    const pid = child.pid as number;
    try {
      await until(() => healthy(port), 'the server to answer');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/api/core/health/`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      if (postgres) {
        const first = await until(
          () => (workers(pid).length === 2 ? workers(pid) : undefined),
          'two workers',
        );
        process.kill(first[0] as number, 'SIGKILL');
        const next = await until(() => {
          const now = workers(pid);
          return now.length === 2 && !now.includes(first[0] as number) ? now : undefined;
        }, 'a replacement worker');
        expect(next).toContain(first[1]);
        await until(() => healthy(port), 'answers after the replacement');
      } else {
        expect(workers(pid)).toEqual([]);
      }
    } finally {
      child.kill('SIGTERM');
    }
    const result = await exit;
    expect(result.code).toBe(0);
    expect(workers(pid)).toEqual([]);
  }, 180_000);
});
