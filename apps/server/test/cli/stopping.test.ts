// How `npm start` stops (issue 15 §9). npm runs scripts/start.mjs through `sh -c`, and a SIGTERM to
// npm ends that shell without reaching start.mjs: before, start.mjs and the server it runs were adopted
// by the system and kept serving. Here the same tree (a shell, start.mjs, the server bundle) is started
// for real; whoever dies above, everything below stops, the server after draining. And a server that
// must give up on a request in flight at SHUTDOWN_TIMEOUT exits 1, not 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRequest } from '../resilience/support.ts';
import { childEnv, finished, freePort, ROOT, type Scratch, scratchDatabase, start } from './processes.ts';

const sleep = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/live`)).ok;
  } catch {
    return false;
  }
}

interface Tree {
  shell: ChildProcess;
  output: () => string;
  startScript: number;
  server: number;
  port: number;
}

/** `sh -c 'node scripts/start.mjs; …'` as npm runs it (the shell stays: the command is not its last). */
async function startTree(scratch: Scratch, webDist: string): Promise<Tree> {
  const port = await freePort();
  const shell = spawn('sh', ['-c', 'node scripts/start.mjs; exit $?'], {
    cwd: ROOT,
    env: childEnv({
      ...scratch.env,
      PORT: String(port),
      WEB_DIST: webDist,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  shell.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  shell.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await until('the server to answer', () => answers(port), 150_000);
  const startScript = childrenOf(shell.pid as number).find((pid) =>
    commandOf(pid).includes('scripts/start.mjs'),
  );
  const server = startScript && childrenOf(startScript).find((pid) => commandOf(pid).includes('server.mjs'));
  if (!startScript || !server) throw new Error(`process tree not found:\n${output}`);
  return { shell, output: () => output, startScript, server, port };
}

describe('npm start stopping', () => {
  let scratch: Scratch;
  let webDist: string;
  const leftovers: number[] = [];
  beforeAll(async () => {
    scratch = await scratchDatabase();
    webDist = mkdtempSync(join(tmpdir(), 'wt-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>WorkTrust</title>');
  });
  afterAll(async () => {
    for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await scratch?.drop();
  });

  it('stops start.mjs and the server when the shell npm ran it in is ended by SIGTERM', async () => {
    const tree = await startTree(scratch, webDist);
    leftovers.push(tree.startScript, tree.server);
    tree.shell.kill('SIGTERM');
    await until(
      'start.mjs and the server to exit',
      () => !alive(tree.startScript) && !alive(tree.server),
      20_000,
    );
    expect(await answers(tree.port)).toBe(false);
    expect(tree.output()).toContain('shutting down: finishing in-flight requests');
  }, 200_000);

  it('stops the server, after draining, when start.mjs itself is killed', async () => {
    const tree = await startTree(scratch, webDist);
    leftovers.push(tree.startScript, tree.server);
    process.kill(tree.startScript, 'SIGKILL');
    await until('the server to exit', () => !alive(tree.server), 20_000);
    expect(tree.output()).toContain('shutting down: finishing in-flight requests');
    tree.shell.kill('SIGKILL');
  }, 200_000);

  it('npm start reports a forced stop: start.mjs exits 1 when the server gave up on a request in flight', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: childEnv({
        ...scratch.env,
        PORT: String(port),
        WEB_DIST: webDist,
        SEED_DEMO: '0',
        SHUTDOWN_TIMEOUT: '1s',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exit = finished(child);
    await until('the server to answer', () => answers(port), 150_000);
    const socket = await holdRequest(port);
    child.kill('SIGTERM');
    const result = await exit;
    socket.destroy();
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain('requests still in flight at SHUTDOWN_TIMEOUT');
  }, 200_000);

  it('exits 0 after a clean stop and 1 when a request is still in flight at SHUTDOWN_TIMEOUT', async () => {
    const stopOnce = async (hold: boolean) => {
      const port = await freePort();
      const child = start('apps/server/src/server.ts', [], {
        ...scratch.env,
        PORT: String(port),
        SEED_DEMO: '0',
        SHUTDOWN_TIMEOUT: '1s',
      });
      const exit = finished(child);
      await until('the server to answer', () => answers(port), 120_000);
      let socket: net.Socket | undefined;
      if (hold) {
        // Headers and half a body: the request stays in flight until the server gives up on it.
        socket = await holdRequest(port);
      }
      child.kill('SIGTERM');
      const result = await exit;
      socket?.destroy();
      return result;
    };
    const clean = await stopOnce(false);
    expect(clean.code).toBe(0);
    const forced = await stopOnce(true);
    expect(forced.code).toBe(1);
    expect(forced.stdout + forced.stderr).toContain('requests still in flight at SHUTDOWN_TIMEOUT');
  }, 300_000);
});
