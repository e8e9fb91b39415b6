// Running the command line and the server as real child processes (node with tsx's loader, as
// scripts/start.mjs runs the sources) against a scratch database: a new PostgreSQL database when TEST_DATABASE_URL is set, else
// an embedded PGlite directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { freshPostgres } from '../helpers.ts';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

export interface Scratch {
  /** Environment that points the server or the command line at this database. */
  env: Record<string, string>;
  /** Opens it in this process (only while no child process has it open, for PGlite). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function scratchDatabase(): Promise<Scratch> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-cli-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const postgres = await freshPostgres(serverUrl);
    return {
      env: { DATABASE_URL: postgres.url, DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: postgres.url, poolSize: 2 }),
      async drop() {
        await postgres.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The parent's environment without anything that would point a child elsewhere. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'DATA_DIR',
    'PORT',
    'HOST',
    'REDIS_URL',
    'MODERATOR_EMAIL',
    'MODERATOR_PASSWORD',
  ])
    delete env[key];
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

/**
 * Node itself runs `script`, so a signal reaches the process under test. The tsx command would relay
 * it: it waits 30 ms for the child to acknowledge, then kills it and exits 143, which a loaded CI
 * machine hit on a clean SIGTERM.
 */
export function start(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return finished(start('apps/server/src/cli.ts', args, env));
}

/** Non-empty lines. */
export const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Resolves with everything printed so far once `pattern` shows up on stdout. */
export function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  let seen = '';
  return new Promise((done, fail) => {
    child.stdout?.on('data', (chunk) => {
      seen += chunk;
      if (pattern.test(seen)) done(seen);
    });
    child.on('exit', (code) =>
      fail(new Error(`server exited with ${code} before printing ${pattern}: ${seen}`)),
    );
  });
}
