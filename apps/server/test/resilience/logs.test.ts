// What a real server process writes while a user goes through every secret-bearing step (issue 5 §6):
// structured JSON lines, each line of a request carrying that request's id (the one returned in
// X-Request-Id), and not one password, token or reset code anywhere in its output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../fixtures.ts';
import {
  baseEnv,
  expectAnswer,
  type PrivatePostgres,
  request,
  type ServerInstance,
  startPostgres,
  startServer,
} from './support.ts';

const MODERATOR = { email: 'moderator.logs@example.in', password: 'Moderator-Log-Secret-55' };
const PASSWORDS = {
  first: 'First-Log-Secret-Pass-11',
  wrong: 'Wrong-Log-Secret-Pass-22',
  afterReset: 'Reset-Log-Secret-Pass-33',
  afterChange: 'Change-Log-Secret-Pass-44',
};
const INBOUND_ID = 'trace-from-proxy-0001';

let postgres: PrivatePostgres;
let server: ServerInstance;
let env: Record<string, string>;
const secrets: string[] = [];
let resetCode = '';
let resetRequestId = '';

beforeAll(async () => {
  postgres = await startPostgres();
  env = {
    ...baseEnv(),
    DATABASE_URL: await postgres.createDatabase(),
    LOG_LEVEL: 'trace',
    MODERATOR_EMAIL: MODERATOR.email,
    MODERATOR_PASSWORD: MODERATOR.password,
  };
  server = await startServer(env);
  const port = server.port;
  type Tokens = { access: string; refresh: string };
  const keep = (tokens: Tokens) => {
    secrets.push(tokens.access, tokens.refresh);
    return tokens;
  };

  const body = registration({ password: PASSWORDS.first, password_confirm: PASSWORDS.first });
  await expectAnswer(port, 201, 'POST', '/api/auth/register/', { body });
  await expectAnswer(port, 401, 'POST', '/api/auth/login/', {
    body: { email: body.email, password: PASSWORDS.wrong },
  });
  const first = keep(
    await expectAnswer<Tokens>(port, 200, 'POST', '/api/auth/login/', {
      body: { email: body.email, password: PASSWORDS.first },
    }),
  );
  const rotated = keep(
    await expectAnswer<Tokens>(port, 200, 'POST', '/api/auth/refresh/', { body: { refresh: first.refresh } }),
  );
  await expectAnswer(port, 200, 'GET', '/api/auth/profile/', {
    token: rotated.access,
    headers: { 'x-request-id': INBOUND_ID },
  });
  const reset = await request<{ reset_code: string }>(port, 'POST', '/api/auth/password-reset/request/', {
    body: { email: body.email },
  });
  expect(reset.status).toBe(200);
  resetCode = reset.body.reset_code;
  resetRequestId = String(reset.headers['x-request-id']);
  await expectAnswer(port, 400, 'POST', '/api/auth/password-reset/confirm/', {
    body: {
      email: body.email,
      reset_code: resetCode === '000000' ? '111111' : '000000',
      new_password: PASSWORDS.afterReset,
      new_password_confirm: PASSWORDS.afterReset,
    },
  });
  await expectAnswer(port, 200, 'POST', '/api/auth/password-reset/confirm/', {
    body: {
      email: body.email,
      reset_code: resetCode,
      new_password: PASSWORDS.afterReset,
      new_password_confirm: PASSWORDS.afterReset,
    },
  });
  const afterReset = keep(
    await expectAnswer<Tokens>(port, 200, 'POST', '/api/auth/login/', {
      body: { email: body.email, password: PASSWORDS.afterReset },
    }),
  );
  await expectAnswer(port, 200, 'PUT', '/api/auth/change-password/', {
    token: afterReset.access,
    body: {
      old_password: PASSWORDS.afterReset,
      new_password: PASSWORDS.afterChange,
      new_password_confirm: PASSWORDS.afterChange,
    },
  });
  const last = keep(
    await expectAnswer<Tokens>(port, 200, 'POST', '/api/auth/login/', {
      body: { email: body.email, password: PASSWORDS.afterChange },
    }),
  );
  await expectAnswer(port, 204, 'POST', '/api/auth/logout/', {
    token: last.access,
    body: { refresh: last.refresh },
  });
  // A rotated-away token presented again (reuse detection logs nothing secret either).
  await expectAnswer(port, 401, 'POST', '/api/auth/refresh/', { body: { refresh: first.refresh } });
  keep(
    await expectAnswer<Tokens>(port, 200, 'POST', '/api/auth/login/', {
      body: { email: MODERATOR.email, password: MODERATOR.password },
    }),
  );
  // A clean stop flushes every line.
  expect(await server.stop()).toEqual({ code: 0, signal: null });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.close();
}, 60_000);

describe('server logs', () => {
  it('hold no password, token, secret or reset code', () => {
    const output = [...server.stdout, ...server.stderr].join('\n');
    // Each request is logged by its route's pattern, never by its URL (app.ts).
    expect(output).toContain('"route":"/api/auth/password-reset/confirm"');
    expect(resetCode).toMatch(/^\d{6}$/);
    for (const secret of [
      ...Object.values(PASSWORDS),
      MODERATOR.password,
      env.JWT_SECRET as string,
      ...secrets,
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).not.toMatch(new RegExp(`(^|\\D)${resetCode}(\\D|$)`));
    // No JWT of any kind (their header always starts so).
    expect(output).not.toContain('eyJ');
  });

  it('are JSON lines, and every line of a request carries its id', () => {
    const jsonLines = server.stdout.filter((line) => line.startsWith('{'));
    const records = server.logRecords();
    expect(records.length).toBe(jsonLines.length);
    expect(records.length).toBeGreaterThan(20);
    // One id per line, never two copies of the key.
    for (const line of jsonLines) expect(line.split('"reqId"').length).toBeLessThanOrEqual(2);
    for (const record of records) {
      expect(record).toMatchObject({
        level: expect.any(Number),
        time: expect.any(Number),
        msg: expect.any(String),
      });
    }
    // Lines without a request id are the process's own: listening and shutting down, the warning
    // that reset codes are exposed in production (baseEnv turns them on for the tests), and the mail
    // queue's deliveries, each naming its mail (ADR 0024).
    const processLines = records
      .filter((r) => r.reqId === undefined && r.mail === undefined)
      .map((r) => String(r.msg));
    for (const msg of processLines)
      expect(msg).toMatch(
        /^(Server listening at |shutting down|development conveniences are on in production)/,
      );
    // Every request ends with one line naming its route, method and status, and no line holds a URL.
    const requestLines = records.filter((r) => r.reqId !== undefined);
    const completed = requestLines.filter((r) => r.msg === 'request completed');
    expect(new Set(completed.map((r) => r.reqId))).toEqual(new Set(requestLines.map((r) => r.reqId)));
    for (const record of completed) {
      expect(record).toMatchObject({
        method: expect.any(String),
        route: expect.any(String),
        status: expect.any(Number),
      });
    }
    for (const record of records) {
      expect(record).not.toHaveProperty('url');
      expect(record).not.toHaveProperty('req');
    }
    // The id a proxy sent is kept; the reset request's line says which mail it queued, and the
    // delivery's line names that mail.
    expect(completed.map((r) => r.reqId)).toContain(INBOUND_ID);
    const resetLines = requestLines.filter((r) => r.reqId === resetRequestId);
    expect(resetLines.map((r) => r.msg)).toEqual(
      expect.arrayContaining(['mail queued', 'request completed']),
    );
    const queued = resetLines.find((r) => r.msg === 'mail queued')?.mail;
    expect(queued).toEqual(expect.any(String));
    expect(records.filter((r) => r.mail === queued).map((r) => r.msg)).toContain(
      'mail written to the outbox (SMTP_URL is not set)',
    );
  });
});
