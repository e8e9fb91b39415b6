// Failed sign-ins per account across addresses (issue 15 §3): past LOGIN_ACCOUNT_LIMIT of them, the
// account's attempts are spaced out by a growing wait (429 with Retry-After), one at a time, but
// never from an address the account signed in from, and a sign-in or a password reset ends it: a
// guesser with many addresses is slowed down, the owner is never locked out.
import { MSG } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELAY_MAX_SECONDS, accountDelaySeconds } from '../../src/modules/auth/sign-in-guard.ts';
import { registerUser, TEST_PASSWORD } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

const LIMIT = 3;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_ACCOUNT_LIMIT: String(LIMIT) });
});
afterAll(() => ctx.close());

const login = (email: string, password: string, remoteAddress: string) =>
  call(ctx.app, 'POST', '/api/auth/login/', { body: { email, password }, remoteAddress });
const sleep = (seconds: number) => new Promise((done) => setTimeout(done, seconds * 1000 + 100));

/** LIMIT failed sign-ins for `email`, each from an address of its own. */
async function failFromManyAddresses(email: string, net: string) {
  for (let i = 1; i <= LIMIT; i++) {
    expect((await login(email, `wrong-password-${i}`, `${net}.0.${i}`)).status).toBe(401);
  }
}

describe('failed sign-ins for one account from many addresses', () => {
  it('make each further attempt wait longer, and let one through at a time', async () => {
    const { email } = await registerUser(ctx.app);
    await failFromManyAddresses(email, '10.30');

    // Even the right password waits: the answer must not tell a guesser anything.
    const first = await login(email, TEST_PASSWORD, '10.30.1.1');
    expect(first.status).toBe(429);
    expect(first.body).toEqual({ detail: MSG.loginDelayed });
    expect(first.raw.headers['retry-after']).toBe('1');

    await sleep(1);
    expect((await login(email, 'wrong-password-4', '10.30.1.2')).status).toBe(401);
    const second = await login(email, TEST_PASSWORD, '10.30.1.3');
    expect(second.status).toBe(429);
    expect(second.raw.headers['retry-after']).toBe('2');

    await sleep(2);
    const parallel = await Promise.all(
      Array.from({ length: 5 }, (_, i) => login(email, `parallel-guess-${i}`, `10.30.2.${i + 1}`)),
    );
    expect(parallel.map((a) => a.status).sort()).toEqual([401, 429, 429, 429, 429]);
    expect((await login(email, TEST_PASSWORD, '10.30.3.1')).raw.headers['retry-after']).toBe('4');
  });

  it('never make the owner wait at an address they signed in from; a sign-in ends the wait', async () => {
    const { email } = await registerUser(ctx.app);
    const home = '10.31.9.9';
    expect((await login(email, TEST_PASSWORD, home)).status).toBe(200);
    await failFromManyAddresses(email, '10.31');
    expect((await login(email, TEST_PASSWORD, '10.31.1.1')).status).toBe(429);

    expect((await login(email, TEST_PASSWORD, home)).status).toBe(200);
    // The failures are forgotten: the next ones start from nothing.
    expect((await login(email, 'wrong-password-4', '10.31.1.2')).status).toBe(401);
    expect((await login(email, TEST_PASSWORD, '10.31.1.3')).status).toBe(200);
  });

  it('end when the owner resets the password', async () => {
    const { email } = await registerUser(ctx.app);
    await failFromManyAddresses(email, '10.32');
    expect((await login(email, TEST_PASSWORD, '10.32.1.1')).status).toBe(429);

    const request = await call<{ reset_code?: string }>(
      ctx.app,
      'POST',
      '/api/auth/password-reset/request/',
      {
        body: { email },
      },
    );
    const newPassword = 'a-new-long-passphrase-42';
    const confirm = await call(ctx.app, 'POST', '/api/auth/password-reset/confirm/', {
      body: {
        email,
        reset_code: request.body.reset_code,
        new_password: newPassword,
        new_password_confirm: newPassword,
      },
    });
    expect(confirm.status).toBe(200);
    expect((await login(email, newPassword, '10.32.1.2')).status).toBe(200);
  });

  it('count for unknown emails alike, so the answers do not tell which accounts exist', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    await failFromManyAddresses(email, '10.33');
    const delayed = await login(email, TEST_PASSWORD, '10.33.1.1');
    expect(delayed.status).toBe(429);
    expect(delayed.body).toEqual({ detail: MSG.loginDelayed });
  });
});

describe('accountDelaySeconds', () => {
  it('is none within the limit, then doubles from one second up to the maximum', () => {
    expect(accountDelaySeconds(LIMIT - 1, LIMIT)).toBe(0);
    expect([0, 1, 2, 3].map((past) => accountDelaySeconds(LIMIT + past, LIMIT))).toEqual([1, 2, 4, 8]);
    expect(accountDelaySeconds(LIMIT + 40, LIMIT)).toBe(ACCOUNT_DELAY_MAX_SECONDS);
    expect(ACCOUNT_DELAY_MAX_SECONDS).toBe(15 * 60);
  });
});
