// Logs hold no password, token or reset code (DESIGN §6): every auth step is run with the most
// verbose logging and the captured lines are searched for the secrets.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { registration } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
let app: App;
const lines: string[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp(ctx.deps, { logger: { level: 'trace', stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('auth logging', () => {
  it('never writes passwords, tokens or reset codes', async () => {
    const body = registration({
      password: 'Secret-Sauce-For-Logs-1',
      password_confirm: 'Secret-Sauce-For-Logs-1',
    });
    expect((await call(app, 'POST', '/api/auth/register/', { body })).status).toBe(201);
    const login = await call<{ access: string; refresh: string }>(app, 'POST', '/api/auth/login/', {
      body: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(200);
    await call(app, 'POST', '/api/auth/login/', {
      body: { email: body.email, password: 'Wrong-Secret-For-Logs-2' },
    });
    const rotated = await call<{ refresh: string }>(app, 'POST', '/api/auth/refresh/', {
      body: { refresh: login.body.refresh },
    });
    await call(app, 'GET', '/api/auth/profile/', { token: login.body.access });
    const reset = await call<{ reset_code: string }>(app, 'POST', '/api/auth/password-reset/request/', {
      body: { email: body.email },
    });
    const code = reset.body.reset_code;
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await call(app, 'POST', '/api/auth/password-reset/confirm/', {
      body: {
        email: body.email,
        reset_code: code,
        new_password: 'Another-Secret-For-Logs-3',
        new_password_confirm: 'Another-Secret-For-Logs-3',
      },
    });
    expect(confirm.status).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/auth/login');
    for (const secret of [
      body.password,
      'Wrong-Secret-For-Logs-2',
      'Another-Secret-For-Logs-3',
      login.body.access,
      login.body.refresh,
      rotated.body.refresh,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});
