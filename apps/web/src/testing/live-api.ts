// Component tests that need real data talk to the REAL API: the server app on a fresh database,
// listening on a free port, with this happy-dom window moved to its origin so the app's own client
// (base '/api', tokens in localStorage) works unchanged. Data is set up through the API as well.
import {
  CONTEXT_FOR_ROLE,
  type CreateRatingRequest,
  RATING_CATEGORIES,
  type Rating,
} from '@workspace/contracts';
import { expect } from 'vitest';
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
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: { body?: unknown; token?: string },
  ) => Promise<{ status: number; body: T }>;
  /**
   * `rater` rates `ratee` through the API (201 expected): every category of the rater's context at
   * `score` (4 unless given), public unless `is_anonymous`, with the feedback given or none.
   */
  rate: (
    rater: SignedInUser,
    ratee: SignedInUser,
    options?: Partial<Pick<CreateRatingRequest, 'is_anonymous' | 'feedback_message'>> & { score?: number },
  ) => Promise<Rating>;
  close: () => Promise<void>;
}

/** `env`: settings of the server's own (createTestApp's), as `{ ANONYMOUS_HOLD: 'day' }`. */
export async function startLiveApi(env: Parameters<typeof createTestApp>[0] = {}): Promise<LiveApi> {
  const ctx = await createTestApp(env);
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
    rate: async (rater, ratee, { score = 4, ...options } = {}) => {
      const context = CONTEXT_FOR_ROLE[rater.user.user_role === 'employer' ? 'employer' : 'employee'];
      const answer = await call<Rating>(ctx.app, 'POST', '/api/core/ratings/', {
        token: rater.access,
        body: {
          ratee: ratee.user.id,
          role_context: context,
          is_anonymous: false,
          category_scores: RATING_CATEGORIES[context].map((category) => ({ category, score })),
          ...options,
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },
    close: () => ctx.close(),
  };
}
