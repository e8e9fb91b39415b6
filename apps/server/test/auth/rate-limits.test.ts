// Sign-ups, reset requests and reset confirmations are limited per IP (AUTH_RATE_LIMIT per 15 minutes); on PostgreSQL
// runs with REDIS_URL the counters live in Redis.
import { MSG } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, uniqueEmail } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT: '2' });
});
afterAll(() => ctx.close());

const register = (remoteAddress: string) =>
  call(ctx.app, 'POST', '/api/auth/register/', { body: registration(), remoteAddress });
const requestReset = (remoteAddress: string) =>
  call(ctx.app, 'POST', '/api/auth/password-reset/request/', {
    body: { email: uniqueEmail('nobody') },
    remoteAddress,
  });

describe('AUTH_RATE_LIMIT', () => {
  it('allows AUTH_RATE_LIMIT registrations per IP, then answers 429 with Retry-After', async () => {
    expect((await register('10.9.0.1')).status).toBe(201);
    expect((await register('10.9.0.1')).status).toBe(201);
    const limited = await register('10.9.0.1');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: MSG.tooManyRequests });
    const retryAfter = Number(limited.raw.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    expect((await register('10.9.0.2')).status).toBe(201);
  });

  it('counts refused registrations too, so guessing taken emails is limited as well', async () => {
    const bad = () =>
      call(ctx.app, 'POST', '/api/auth/register/', { body: { email: 'x' }, remoteAddress: '10.9.1.1' });
    expect((await bad()).status).toBe(400);
    expect((await bad()).status).toBe(400);
    expect((await bad()).status).toBe(429);
  });

  it('limits password-reset requests per IP the same way', async () => {
    expect((await requestReset('10.9.2.1')).status).toBe(200);
    expect((await requestReset('10.9.2.1')).status).toBe(200);
    const limited = await requestReset('10.9.2.1');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: MSG.tooManyRequests });
    expect(Number(limited.raw.headers['retry-after'])).toBeGreaterThan(0);
    expect((await requestReset('10.9.2.2')).status).toBe(200);
  });

  it('limits password-reset confirmations per IP the same way', async () => {
    const confirm = () =>
      call(ctx.app, 'POST', '/api/auth/password-reset/confirm/', {
        body: {
          email: uniqueEmail('nobody'),
          reset_code: '123456',
          new_password: 'Monsoon-Rains-Again-7',
          new_password_confirm: 'Monsoon-Rains-Again-7',
        },
        remoteAddress: '10.9.4.1',
      });
    expect((await confirm()).status).toBe(400);
    expect((await confirm()).status).toBe(400);
    const limited = await confirm();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: MSG.tooManyRequests });
  });

  it('leaves sign-in to its own per-account limit', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await call(ctx.app, 'POST', '/api/auth/login/', {
        body: { email: uniqueEmail('nobody'), password: 'whatever-pass' },
        remoteAddress: '10.9.3.1',
      });
      expect(res.status).toBe(401);
    }
  });
});
