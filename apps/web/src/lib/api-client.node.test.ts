// @vitest-environment node
// The API client against the REAL API: the server app is built on a fresh in-memory database and
// listens on a free port; the client talks to it over HTTP. Fetch is only observed (to count the
// refresh calls), never replaced.
import type { LoginResponse } from '@workspace/contracts';
import { MSG } from '@workspace/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../server/test/helpers.ts';
import { loginErrorMessage } from '../features/auth/api/login';
import { registerErrorMessage } from '../features/auth/api/register';
import { ACCESS_TOKEN_KEY, ApiError, createApiClient, REFRESH_TOKEN_KEY } from './api-client';

let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `${address}/api`;
});

afterAll(async () => {
  await ctx?.close();
});

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A client on its own storage, with the paths it fetched recorded. */
function makeClient() {
  const storage = new MemoryStorage();
  const fetched: string[] = [];
  const client = createApiClient({
    baseUrl,
    storage,
    fetch: (input, init) => {
      fetched.push(new URL(String(input)).pathname);
      return fetch(input, init);
    },
  });
  const refreshes = () => fetched.filter((path) => path === '/api/auth/refresh/').length;
  return { client, storage, fetched, refreshes };
}

let userCount = 0;
async function signedInClient() {
  const made = makeClient();
  userCount += 1;
  const email = `client-${userCount}@example.com`;
  const password = 'correct-horse-battery';
  await made.client.post(
    '/auth/register/',
    {
      email,
      full_name: `Client User ${userCount}`,
      password,
      password_confirm: password,
      user_role: 'employee',
      city: 'Pune',
    },
    { auth: false },
  );
  const answer = await made.client.post<LoginResponse>('/auth/login/', { email, password }, { auth: false });
  made.client.setTokens(answer.access, answer.refresh);
  return { ...made, email, answer };
}

describe('api client on a 401', () => {
  let lost = 0;
  beforeEach(() => {
    lost = 0;
  });

  it('refreshes once, stores both rotated tokens and replays the request', async () => {
    const { client, storage, refreshes, answer, email } = await signedInClient();
    client.onAuthLost(() => {
      lost += 1;
    });
    storage.setItem(ACCESS_TOKEN_KEY, `${answer.access}tampered`);

    const profile = await client.get<{ email: string }>('/auth/profile/');

    expect(profile.email).toBe(email);
    expect(refreshes()).toBe(1);
    const access = storage.getItem(ACCESS_TOKEN_KEY);
    const refresh = storage.getItem(REFRESH_TOKEN_KEY);
    expect(access).not.toBe(`${answer.access}tampered`);
    expect(refresh).not.toBe(answer.refresh);
    // The old refresh token was rotated away: within the server's grace window for simultaneous
    // refreshes (ADR 0004) it answers with the session's current token, never a second session.
    const reuse = await fetch(`${baseUrl}/auth/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: answer.refresh }),
    });
    expect(reuse.status).toBe(200);
    const jti = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti as string;
    const again = (await reuse.json()) as { refresh: string };
    expect(jti(again.refresh)).toBe(jti(refresh ?? ''));
    expect(lost).toBe(0);
  });

  it('shares one refresh among concurrent requests', async () => {
    const { client, storage, refreshes, answer, email } = await signedInClient();
    storage.setItem(ACCESS_TOKEN_KEY, 'not-a-token');

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.get<{ email: string }>('/auth/profile/')),
    );

    expect(answers.map((a) => a.email)).toEqual(Array(5).fill(email));
    expect(refreshes()).toBe(1);
    // Had each request refreshed with the same token, reuse detection would have revoked the family;
    // the stored refresh token still works.
    const again = await client.post<{ access: string; refresh: string }>(
      '/auth/refresh/',
      { refresh: storage.getItem(REFRESH_TOKEN_KEY) },
      { auth: false },
    );
    expect(again.access).toBeTruthy();
    expect(storage.getItem(REFRESH_TOKEN_KEY)).not.toBe(answer.refresh);
  });

  it('removes both tokens and reports sign-out when the refresh is refused', async () => {
    const { client, storage, refreshes } = await signedInClient();
    client.onAuthLost(() => {
      lost += 1;
    });
    storage.setItem(ACCESS_TOKEN_KEY, 'expired-access');
    storage.setItem(REFRESH_TOKEN_KEY, 'revoked-refresh');

    const failure = await client.get('/auth/profile/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(refreshes()).toBe(1);
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(lost).toBe(1);
  });

  it('does not try to refresh a request that carried no token', async () => {
    const { client, refreshes } = makeClient();
    client.onAuthLost(() => {
      lost += 1;
    });

    const failure = await client.get('/auth/profile/').catch((error: unknown) => error);

    expect((failure as ApiError).status).toBe(401);
    expect(refreshes()).toBe(0);
    expect(lost).toBe(0);
  });
});

describe('error translation of real answers', () => {
  it('turns a wrong password into the login screen message', async () => {
    const { client, email } = await signedInClient();
    const failure = await client
      .post('/auth/login/', { email, password: 'wrong-password-1' }, { auth: false })
      .catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).detail).toBe(MSG.badCredentials);
    expect(loginErrorMessage(failure)).toBe(MSG.loginIncorrect);
  });

  it('shows the first email error of a failed registration, else the first password error', async () => {
    const { client, email } = await signedInClient();
    const body = {
      email,
      full_name: 'Someone Else',
      password: 'password',
      password_confirm: 'password',
      user_role: 'employer',
      city: 'Delhi',
    };
    const taken = await client
      .post('/auth/register/', body, { auth: false })
      .catch((error: unknown) => error);
    expect((taken as ApiError).status).toBe(400);
    expect(registerErrorMessage(taken)).toBe(MSG.emailTaken);

    const common = await client
      .post('/auth/register/', { ...body, email: 'fresh-address@example.com' }, { auth: false })
      .catch((error: unknown) => error);
    expect((common as ApiError).fieldError('password')).toBe(MSG.passwordCommon);
    expect(registerErrorMessage(common)).toBe(MSG.passwordCommon);
  });

  it('reports a network failure as status 0 with the unexpected-error text', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1/api', storage: new MemoryStorage() });
    const failure = await client.get('/core/health/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect(loginErrorMessage(failure)).toBe(MSG.unexpected);
  });
});
