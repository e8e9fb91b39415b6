import { connect } from 'node:net';
import { MSG } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from '../src/plugins/security-headers.ts';
import { call, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the API shell', () => {
  it('answers health with the database status', async () => {
    const res = await call(ctx.app, 'GET', '/api/core/health/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'healthy', database: 'ok', version: expect.any(String) });
    expect(new Date(String(res.body.timestamp)).toISOString()).toBe(res.body.timestamp);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await call(ctx.app, 'GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found' });
  });

  it("answers what Node's HTTP parser refuses in the API's error shape, and closes", async () => {
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    /** The raw answer to `request`, read until the server closes the connection. */
    const send = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk;
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        socket.write(request);
      });
    const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

    const huge = await send(
      `GET /api/core/health/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(huge).toContain('Content-Type: application/json');
    expect(bodyOf(huge)).toEqual({ detail: MSG.headersTooLarge });

    const garbage = await send('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(bodyOf(garbage)).toEqual({ detail: MSG.malformedRequest });
  });

  it('sets the strict security headers', async () => {
    const res = await call(ctx.app, 'GET', '/api/core/health');
    const csp = String(res.raw.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.raw.headers['x-content-type-options']).toBe('nosniff');
    expect(res.raw.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.raw.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document', async () => {
    const res = await call<{ openapi: string; paths: Record<string, unknown> }>(
      ctx.app,
      'GET',
      '/api/openapi.json',
    );
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/core/health');
  });
});

describe('request ids and client errors', () => {
  it('returns a request id, keeping a well-formed inbound one', async () => {
    const fresh = await call(ctx.app, 'GET', '/api/core/health/');
    expect(String(fresh.raw.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await call(ctx.app, 'GET', '/api/core/health/', {
      headers: { 'x-request-id': 'proxy-abc-12345' },
    });
    expect(kept.raw.headers['x-request-id']).toBe('proxy-abc-12345');
    const replaced = await call(ctx.app, 'GET', '/api/core/health/', {
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.raw.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 4xx JSON', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The request body is not valid JSON.' });

    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().detail).toMatch(/must be JSON/);

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(70 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toMatch(/too large/);
  });
});

describe('CORS_ORIGINS', () => {
  it('lets the listed origins call the API from a browser, and no other', async () => {
    const open = await createTestApp({ CORS_ORIGINS: 'https://partner.example.in' });
    try {
      const allowed = await call(open.app, 'GET', '/api/core/health/', {
        headers: { origin: 'https://partner.example.in' },
      });
      expect(allowed.raw.headers['access-control-allow-origin']).toBe('https://partner.example.in');
      const other = await call(open.app, 'GET', '/api/core/health/', {
        headers: { origin: 'https://elsewhere.example.com' },
      });
      expect(other.raw.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/core/ratings/',
        headers: {
          origin: 'https://partner.example.in',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example.in');
    } finally {
      await open.close();
    }
  });

  it('allows in a preflight every method and request header the API uses', async () => {
    const open = await createTestApp({ CORS_ORIGINS: 'https://partner.example.in' });
    try {
      for (const [method, url] of [
        ['PATCH', '/api/auth/profile/'],
        ['PUT', '/api/auth/change-password/'],
        ['DELETE', '/api/auth/profile/'],
        ['POST', '/api/core/ratings/'],
      ] as const) {
        const preflight = await open.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: 'https://partner.example.in',
            'access-control-request-method': method,
            'access-control-request-headers': 'authorization,content-type',
          },
        });
        expect(preflight.statusCode).toBe(204);
        const methods = String(preflight.headers['access-control-allow-methods']).split(/\s*,\s*/);
        expect(methods, method).toContain(method);
        const headers = String(preflight.headers['access-control-allow-headers']).toLowerCase();
        expect(headers.split(/\s*,\s*/)).toEqual(expect.arrayContaining(['authorization', 'content-type']));
      }
    } finally {
      await open.close();
    }
  });

  it("sets every header helmet's policy makes, read off it once, on answers and errors alike", async () => {
    const expected = helmetHeaders();
    // Read off a run of helmet as the process starts: nothing would be set if it stopped being synchronous.
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-frame-options']),
    );
    for (const path of ['/api/core/health/', '/api/nope']) {
      const res = await call(ctx.app, 'GET', path);
      for (const [name, value] of Object.entries(expected)) expect(res.raw.headers[name], name).toBe(value);
    }
  });

  it('keeps security headers on errors too', async () => {
    const res = await call(ctx.app, 'GET', '/api/nope', {
      headers: { origin: 'https://elsewhere.example.com' },
    });
    expect(res.status).toBe(404);
    expect(res.raw.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(res.raw.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.raw.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
