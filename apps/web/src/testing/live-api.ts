// Component tests that need real data talk to the REAL API: the server app on a fresh database,
// listening on a free port, with this happy-dom window moved to its origin so the app's own client
// (base '/api', tokens in localStorage) works unchanged. Data is set up through the API as well.
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/api-client';
import { type SignedInUser, signUp } from '../../../server/test/fixtures.ts';
import { call, createTestApp, type TestContext } from '../../../server/test/helpers.ts';

export interface LiveApi {
  ctx: TestContext;
  /** Registers and signs in a user through the API (not through the page). */
  signUp: (overrides?: Parameters<typeof signUp>[1]) => Promise<SignedInUser>;
  /** Makes `user` the signed-in user of the page, as the app stores a session. */
  signInPage: (user: SignedInUser) => void;
  call: <T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    options?: { body?: unknown; token?: string },
  ) => Promise<{ status: number; body: T }>;
  close: () => Promise<void>;
}

export async function startLiveApi(): Promise<LiveApi> {
  const ctx = await createTestApp();
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${address}/`);
  return {
    ctx,
    signUp: (overrides) => signUp(ctx.app, overrides),
    signInPage: (user) => {
      localStorage.setItem(REFRESH_TOKEN_KEY, user.refresh);
      localStorage.setItem(ACCESS_TOKEN_KEY, user.access);
    },
    call: (method, url, options) => call(ctx.app, method, url, options),
    close: () => ctx.close(),
  };
}
