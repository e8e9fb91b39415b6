// Every signed-in route, walked from the OpenAPI document: the caller is judged before the request.
// No token with a bad body, query and id is 401 (a client that refreshes on 401 depends on it); a
// role that may not use the route, with the same bad request, is 403.
import { MSG } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  tags?: string[];
};

let ctx: TestContext;
let users: TestUser[];

beforeAll(async () => {
  ctx = await createTestApp();
  users = [
    await makeUser(ctx, 'employee'),
    await makeUser(ctx, 'employer'),
    await makeUser(ctx, 'moderator'),
  ];
});
afterAll(() => ctx.close());

/** Each signed-in operation as a request that is wrong in every part: id, query and body. */
function signedInRoutes() {
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  const routes = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.security?.some((s) => 'bearerAuth' in s)) continue;
      const url = `${path.replace('{id}', '0')}/?page=0&page_size=-1&role_context=nope&min_rating=9&sort=x&status=x`;
      routes.push({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url,
        body: method === 'get' ? undefined : 42,
        // A 403 by role; the rating's parties (tag 'both sides', ADR 0013) get 403 for a rating that is
        // not theirs, which an unknown id (0) answers 404 for everyone.
        roleLimited: '403' in operation.responses && !operation.tags?.includes('both sides'),
      });
    }
  }
  return routes;
}

it('finds the signed-in routes in the route table', () => {
  const urls = signedInRoutes().map((r) => `${r.method} ${r.url.split('/?')[0]}`);
  expect(urls).toEqual(
    expect.arrayContaining([
      'PUT /api/auth/change-password',
      'PATCH /api/auth/profile',
      'POST /api/core/ratings',
      'POST /api/moderation/users/0/suspend',
    ]),
  );
});

it('answers 401 to a bad request without a token on every signed-in route', async () => {
  for (const route of signedInRoutes()) {
    const answer = await call(ctx.app, route.method, route.url, { body: route.body });
    expect(answer.status, `${route.method} ${route.url}: ${JSON.stringify(answer.body)}`).toBe(401);
    expect(answer.body).toEqual({ detail: MSG.authRequired });
  }
});

it('answers 401 to a bad request with a token that is not valid', async () => {
  for (const route of signedInRoutes()) {
    const answer = await call(ctx.app, route.method, route.url, { body: route.body, token: 'not-a-token' });
    expect(answer.status, `${route.method} ${route.url}`).toBe(401);
  }
});

it('answers 403 to a bad request from a role that may not use the route', async () => {
  const limited = signedInRoutes().filter((r) => r.roleLimited);
  expect(limited.length).toBeGreaterThan(0);
  for (const route of limited) {
    const statuses = [];
    for (const user of users) {
      const answer = await call(ctx.app, route.method, route.url, { body: route.body, token: user.token });
      statuses.push(answer.status);
    }
    // one role may use it (and gets the bad request answered); the others learn only 403
    expect(
      statuses.filter((s) => s === 403),
      `${route.method} ${route.url}: ${statuses}`,
    ).toHaveLength(users.length - 1);
  }
});
