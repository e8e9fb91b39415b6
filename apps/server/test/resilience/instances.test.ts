// Two server processes on one PostgreSQL database and one Redis behave as one site (issue 5 §1):
// tokens, refresh rotation, suspensions and rate limits all live in the shared services, not in
// either process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  baseEnv,
  expectAnswer,
  type PrivatePostgres,
  type PrivateRedis,
  request,
  type ServerInstance,
  signIn,
  signUp,
  startPostgres,
  startRedis,
  startServer,
} from './support.ts';

const MODERATOR = { email: 'moderator.instances@example.in', password: 'Ops-Moderator-Pass-91' };
const RATE_LIMIT_MAX = 150;
const LOGIN_RATE_LIMIT = 3;

let postgres: PrivatePostgres;
let redis: PrivateRedis;
let a: ServerInstance;
let b: ServerInstance;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const env = {
    ...baseEnv(),
    DATABASE_URL: await postgres.createDatabase(),
    REDIS_URL: redis.url,
    MODERATOR_EMAIL: MODERATOR.email,
    MODERATOR_PASSWORD: MODERATOR.password,
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT),
  };
  // Started together: both migrate and ensure the moderator at once, as a rolling deploy would.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([postgres?.close(), redis?.close()]);
}, 60_000);

describe('two instances, one site', () => {
  let employee: Account;

  it('accepts on one instance the access token issued by the other', async () => {
    employee = await signUp(a.port, 'employee');
    const onB = await expectAnswer<{ id: number; email: string }>(b.port, 200, 'GET', '/api/auth/profile/', {
      token: employee.access,
    });
    expect(onB).toMatchObject({ id: employee.id, email: employee.email });
  });

  it('kills on one instance a refresh token rotated on the other, and its whole family', async () => {
    const session = await signIn(a.port, employee.email);
    const first = await expectAnswer<{ refresh: string }>(b.port, 200, 'POST', '/api/auth/refresh/', {
      body: { refresh: session.refresh },
    });
    // Rotated twice, so the first token is past the grace window for simultaneous refreshes (ADR 0004).
    const rotated = await expectAnswer<{ refresh: string }>(b.port, 200, 'POST', '/api/auth/refresh/', {
      body: { refresh: first.refresh },
    });
    // The token B rotated away is dead on A; presenting it there revokes the family...
    expect(
      (await request(a.port, 'POST', '/api/auth/refresh/', { body: { refresh: session.refresh } })).status,
    ).toBe(401);
    // ...so the token B handed out is dead on both.
    for (const port of [b.port, a.port]) {
      expect(
        (await request(port, 'POST', '/api/auth/refresh/', { body: { refresh: rotated.refresh } })).status,
      ).toBe(401);
    }
  });

  it('applies a suspension made on one instance on both at once', async () => {
    const victim = await signUp(b.port, 'employee');
    for (const port of [a.port, b.port]) {
      expect((await request(port, 'GET', '/api/auth/profile/', { token: victim.access })).status).toBe(200);
    }
    const moderator = await signIn(a.port, MODERATOR.email, MODERATOR.password);
    await expectAnswer(b.port, 200, 'POST', `/api/moderation/users/${victim.id}/suspend/`, {
      token: moderator.access,
      body: { reason: 'Fake reviews (instances test)' },
    });
    for (const port of [a.port, b.port]) {
      expect((await request(port, 'GET', '/api/auth/profile/', { token: victim.access })).status).toBe(401);
      expect(
        (await request(port, 'POST', '/api/auth/refresh/', { body: { refresh: victim.refresh } })).status,
      ).toBe(401);
      // The right password starts no session; it says the account is suspended (issue 47).
      const login = await request(port, 'POST', '/api/auth/login/', {
        body: { email: victim.email, password: 'Chai-and-Monsoon-42' },
      });
      expect(login.status).toBe(403);
    }
  });

  it('shares the failed sign-in limit between instances', async () => {
    const wrong = { email: employee.email, password: 'Not-The-Password-77' };
    // LOGIN_RATE_LIMIT (3) failures, spread over both instances...
    for (const port of [a.port, b.port, a.port]) {
      expect((await request(port, 'POST', '/api/auth/login/', { body: wrong })).status).toBe(401);
    }
    // ...lock the account for this address on both, even with the right password.
    for (const port of [b.port, a.port]) {
      const answer = await request(port, 'POST', '/api/auth/login/', {
        body: { email: employee.email, password: 'Chai-and-Monsoon-42' },
      });
      expect(answer.status).toBe(429);
    }
  });

  it('shares the per-address request limit between instances', async () => {
    // Alternate instances: with one shared count, each answer reports one fewer remaining request.
    let previous: number | undefined;
    let port = a.port;
    for (let i = 0; i < RATE_LIMIT_MAX + 1; i++) {
      const answer = await request(port, 'GET', '/api/auth/profile/');
      if (answer.status === 429) break;
      expect(answer.status).toBe(401);
      const remaining = Number(answer.headers['x-ratelimit-remaining']);
      expect(Number(answer.headers['x-ratelimit-limit'])).toBe(RATE_LIMIT_MAX);
      if (previous !== undefined) expect(remaining).toBe(previous - 1);
      previous = remaining;
      port = port === a.port ? b.port : a.port;
    }
    expect(previous).toBe(0);
    for (const p of [a.port, b.port]) {
      const refused = await request(p, 'GET', '/api/auth/profile/');
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toBe('Too many requests. Please try again later.');
      expect(refused.headers['retry-after']).toBeDefined();
    }
    // Probes stay open for the load balancer while an address is limited.
    expect((await request(a.port, 'GET', '/api/core/health/')).status).toBe(200);
  });
});
