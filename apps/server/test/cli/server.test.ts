// The server process as `npm start` runs it: starts on a fresh database, seeds the demo data, prints
// the URL, the development conveniences that are on and the demo logins, answers health, and exits 0
// on SIGTERM; on a non-loopback HOST the conveniences default off; a bad environment value stops it
// with one line naming the variable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../src/seed/demo.ts';
import {
  finished,
  freePort,
  lines,
  type Scratch,
  scratchDatabase,
  start,
  waitForOutput,
} from './processes.ts';

const SERVER = 'apps/server/src/server.ts';

describe('the server process', () => {
  let scratch: Scratch;
  beforeAll(async () => {
    scratch = await scratchDatabase();
  });
  afterAll(() => scratch?.drop());

  it('starts, seeds the demo, prints the URL and logins, answers health and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = start(SERVER, [], { ...scratch.env, PORT: String(port), SEED_DEMO: '1' });
    const exit = finished(child);
    try {
      const output = await waitForOutput(child, /Demo logins:(\n.*){3}/);
      expect(output).toContain(`WorkTrust is running at http://127.0.0.1:${port}`);
      expect(output).toContain(
        'Development conveniences: demo accounts (SEED_DEMO), reset codes in API answers (EXPOSE_RESET_CODE)',
      );
      for (const login of DEMO_LOGINS) {
        expect(output).toContain(`${login.role.padEnd(9)} ${login.email} / ${login.password}`);
      }
      const health = await fetch(`http://127.0.0.1:${port}/api/core/health/`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'healthy', database: 'ok' });
    } finally {
      child.kill('SIGTERM');
    }
    const result = await exit;
    expect(result.code).toBe(0);
  }, 180_000);

  it('does not seed again on the next start; behind a proxy, warns of a convenience turned on', async () => {
    const port = await freePort();
    // Behind a proxy the conveniences default off (issue 42); turned on, the start warns.
    const child = start(SERVER, [], {
      ...scratch.env,
      PORT: String(port),
      SEED_DEMO: '1',
      TRUST_PROXY: '127.0.0.1',
    });
    const exit = finished(child);
    let output: string;
    try {
      output = await waitForOutput(child, /API docs: .*\n/);
    } finally {
      child.kill('SIGTERM');
    }
    expect((await exit).code).toBe(0);
    expect(output).not.toContain('Demo logins');
    expect(output).toContain('development conveniences are on in production or behind a proxy');
    expect(output).toContain('Development conveniences: demo accounts (SEED_DEMO)\n');
  }, 180_000);

  it('on an address others can reach, seeds no demo accounts, exposes no reset code and says so', async () => {
    const fresh = await scratchDatabase();
    const port = await freePort();
    const moderator = { email: 'ops@example.com', password: 'Demo@2026!' };
    const child = start(SERVER, [], {
      ...fresh.env,
      PORT: String(port),
      HOST: '0.0.0.0',
      MODERATOR_EMAIL: moderator.email,
      MODERATOR_PASSWORD: moderator.password,
    });
    const exit = finished(child);
    let output: string;
    try {
      output = await waitForOutput(child, /API docs: .*\n/);
      const reset = await fetch(`http://127.0.0.1:${port}/api/auth/password-reset/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: moderator.email }),
      });
      expect(reset.status).toBe(200);
      expect(await reset.json()).not.toHaveProperty('reset_code');
    } finally {
      child.kill('SIGTERM');
    }
    expect((await exit).code).toBe(0);
    await fresh.drop();
    expect(output).toContain(`WorkTrust is running at http://0.0.0.0:${port}`);
    expect(output).toContain('Development conveniences: none');
    expect(output).not.toContain('Demo logins');
  }, 180_000);

  it('exits 1 with one line naming PORT when PORT is not a number', async () => {
    const result = await finished(start(SERVER, [], { ...scratch.env, PORT: 'abc' }));
    expect(result.code).toBe(1);
    const errors = lines(result.stderr);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Invalid environment variable PORT: /);
    expect(result.stdout).toBe('');
  });
});
