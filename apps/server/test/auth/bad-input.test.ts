// Anything a client can send to /api/auth is answered with a 4xx JSON error, never a 500.
import { MSG } from '@workspace/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../fixtures.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signUp(ctx.app)).access;
});
afterAll(() => ctx.close());

const ENDPOINTS: { method: InjectOptions['method']; url: string; auth?: boolean }[] = [
  { method: 'POST', url: '/api/auth/register/' },
  { method: 'POST', url: '/api/auth/login/' },
  { method: 'POST', url: '/api/auth/refresh/' },
  { method: 'POST', url: '/api/auth/logout/' },
  { method: 'PATCH', url: '/api/auth/profile/', auth: true },
  { method: 'PUT', url: '/api/auth/change-password/', auth: true },
  { method: 'POST', url: '/api/auth/password-reset/request/' },
  { method: 'POST', url: '/api/auth/password-reset/confirm/' },
];

async function send(
  endpoint: (typeof ENDPOINTS)[number],
  payload: string | Buffer,
  contentType = 'application/json',
) {
  const res = await ctx.app.inject({
    method: endpoint.method,
    url: endpoint.url,
    headers: { 'content-type': contentType, ...(endpoint.auth && { authorization: `Bearer ${token}` }) },
    payload,
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return {
    status: res.statusCode,
    body: res.json() as { detail: string; errors?: Record<string, string[]> },
  };
}

describe.each(ENDPOINTS)('$method $url', (endpoint) => {
  it('answers malformed JSON with 400', async () => {
    for (const payload of ['{"email": ', '{email: 1}', "{'a': 1}", '[1,2', 'nul']) {
      const res = await send(endpoint, payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.invalidJson });
    }
  });

  it('answers a body that is not JSON with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await send(endpoint, 'email=a%40b.in&password=x', type);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ detail: MSG.notJson });
    }
  });

  it('answers a body over 64 KB with 413, up to 10 MB strings', async () => {
    for (const size of [65 * 1024, 10 * 1024 * 1024]) {
      const res = await send(endpoint, JSON.stringify({ email: 'a@b.in', password: 'p'.repeat(size) }));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ detail: MSG.bodyTooLarge });
    }
  });

  it('answers JSON of the wrong shape with 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null', 'true', '[{"email": "a@b.in"}]']) {
      const res = await send(endpoint, payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail: MSG.validationFailed,
        errors: { non_field_errors: [MSG.notObject] },
      });
    }
  });

  it('answers wrong field types and huge values with 400', async () => {
    const wrong = {
      email: { $ne: null },
      password: 1e308,
      password_confirm: [],
      full_name: true,
      user_role: ['employee'],
      city: 12,
      refresh: { a: 1 },
      old_password: false,
      new_password: 1e23,
      new_password_confirm: null,
      reset_code: 123456,
      skills: 'Go',
      work_history: { company: 'x' },
      show_rating_details: 'true',
    };
    const res = await send(endpoint, JSON.stringify(wrong));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(MSG.validationFailed);
    expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0);
    // Each in words a person reads, not zod's own ("Invalid input: expected string, received number").
    for (const message of Object.values(res.body.errors ?? {}).flat()) {
      expect(message).not.toMatch(/invalid input|expected|received|unrecognized/i);
    }
    // Numbers beyond any range, written out in the JSON text itself.
    const huge = await send(
      endpoint,
      `{"email": 1${'0'.repeat(400)}, "refresh": -1e400, "full_name": 1e-400}`,
    );
    expect(huge.status).toBe(400);
  });
});

describe('an empty body', () => {
  it('answers 400 on endpoints that need one', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/' });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBeTypeOf('string');
  });
});

describe('strings full of quotes and control characters', () => {
  it('are treated as plain data on sign-in', async () => {
    for (const email of [`' OR '1'='1@example.in`, 'a"b@example.in', '\u0001\u0002@example.in']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: `'; DROP TABLE users; --\u0000` }),
      });
      expect([400, 401]).toContain(res.statusCode);
    }
    const ok = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
  });
});
