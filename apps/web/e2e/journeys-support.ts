// Helpers for the signed-in journeys (directory, rating, profile, my ratings, moderation): data is
// made through the API, and a page switches between accounts the way the app stores a session.
import type { APIRequestContext, Page } from '@playwright/test';
import type { CreateRatingRequest, Rating, RoleContext } from '@workspace/contracts';
import { RATING_CATEGORIES } from '@workspace/contracts';
import {
  ACCESS_KEY,
  apiLogin,
  createUser,
  expect,
  REFRESH_KEY,
  type TestUser,
  type UserOptions,
} from './fixtures';

/** Signs the page in as `account`, replacing whoever was signed in, and opens `path`. */
export async function openAs(page: Page, account: { email: string; password: string }, path: string) {
  const tokens = await apiLogin(page.request, account.email, account.password);
  if (!page.url().startsWith('http')) await page.goto('/about');
  await page.evaluate(
    ({ access, refresh, accessKey, refreshKey }) => {
      localStorage.setItem(refreshKey, refresh);
      localStorage.setItem(accessKey, access);
    },
    { access: tokens.access, refresh: tokens.refresh, accessKey: ACCESS_KEY, refreshKey: REFRESH_KEY },
  );
  await page.goto(path);
  return tokens;
}

/** A word no other run on the same database has used, for names that searches must find alone. */
export function marker(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [...R, T]>;

/** `count` users made through the API, typed as a tuple so each can be destructured. */
export async function makeUsers<const N extends number>(
  request: APIRequestContext,
  count: N,
  options: (i: number) => UserOptions,
): Promise<Tuple<TestUser, N>> {
  const users: TestUser[] = [];
  for (let i = 0; i < count; i += 1) users.push(await createUser(request, options(i)));
  return users as Tuple<TestUser, N>;
}

/** Posts a rating through the API as `rater`, every category of the context scored `score` unless given. */
export async function rateViaApi(
  request: APIRequestContext,
  rater: TestUser,
  rateeId: number,
  options: { score?: number; scores?: number[]; anonymous?: boolean; feedback?: string } = {},
): Promise<Rating> {
  const context: RoleContext =
    rater.user.user_role === 'employee' ? 'EMPLOYEE_TO_COMPANY' : 'EMPLOYER_TO_EMPLOYEE';
  const categories = RATING_CATEGORIES[context];
  const body: CreateRatingRequest = {
    ratee: rateeId,
    role_context: context,
    is_anonymous: options.anonymous ?? false,
    feedback_message: options.feedback ?? null,
    category_scores: categories.map((category, i) => ({
      category,
      score: options.scores?.[i] ?? options.score ?? 4,
    })),
  };
  const { access } = await apiLogin(request, rater.email, rater.password);
  const response = await request.post('/api/core/ratings/', {
    data: body,
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Rating;
}
