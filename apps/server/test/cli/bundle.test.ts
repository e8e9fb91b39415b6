// The server as `npm start` runs it: bundled into one file by scripts/build-server.mjs and run by
// plain Node, without tsx. It must find its migrations from the bundle's folder, migrate a new
// database, seed the demo data, sign a demo user in, and stop cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../src/seed/demo.ts';
import { finished, freePort, ROOT, type Scratch, scratchDatabase } from './processes.ts';

interface BuildServer {
  buildServer(outfile?: string): Promise<string>;
}

let scratch: Scratch;
let bundle: string;
beforeAll(async () => {
  scratch = await scratchDatabase();
  const { buildServer } = (await import(join(ROOT, 'scripts/build-server.mjs'))) as BuildServer;
  bundle = await buildServer(
    join(ROOT, `apps/server/dist/test-server-${randomBytes(4).toString('hex')}.mjs`),
  );
});
afterAll(async () => {
  rmSync(bundle, { force: true });
  await scratch?.drop();
});

describe('the bundled server', () => {
  it('migrates a new database, seeds the demo, signs a demo user in and stops on SIGTERM', async () => {
    const port = await freePort();
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
    Object.assign(env, scratch.env, { PORT: String(port), SEED_DEMO: '1', LOG_LEVEL: 'warn' });
    const child = spawn(process.execPath, [bundle], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exit = finished(child);
    try {
      const base = `http://127.0.0.1:${port}`;
      let health: Response | null = null;
      for (let i = 0; i < 600 && !health?.ok; i++) {
        health = await fetch(`${base}/api/core/health/`).catch(() => null);
        if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await health?.json()).toMatchObject({ status: 'healthy', database: 'ok' });
      const demo = DEMO_LOGINS[0] as (typeof DEMO_LOGINS)[number];
      const login = await fetch(`${base}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demo.email, password: demo.password }),
      });
      expect(login.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const result = await exit;
    expect(result.code, result.stderr).toBe(0);
  }, 180_000);
});
