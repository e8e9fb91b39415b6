// Every list and query of the API, walked from the OpenAPI document: an empty query parameter
// (`?city=`, as HTML forms and many clients send) counts as absent instead of failing with 400.
import { MSG } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

type Parameter = { in: string; name: string; required?: boolean; schema?: { enum?: string[] } };
type Operation = { parameters?: Parameter[] };

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

function queryRoutes() {
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  const routes: { path: string; parameters: Parameter[] }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    // An unsubscribe link is a signed whole, not a list with filters (notifications/routes.ts).
    if (path === '/api/auth/unsubscribe') continue;
    const parameters = operations.get?.parameters?.filter((p) => p.in === 'query') ?? [];
    if (parameters.length > 0) routes.push({ path, parameters });
  }
  return routes;
}

it('finds the lists in the route table', () => {
  const paths = queryRoutes().map((r) => r.path);
  expect(paths).toEqual(
    expect.arrayContaining(['/api/core/companies', '/api/core/employees', '/api/moderation/flags']),
  );
});

it('answers every list with its optional query parameters empty as if they were absent', async () => {
  for (const { path, parameters } of queryRoutes()) {
    const query = parameters
      .map((p) => `${p.name}=${p.required ? (p.schema?.enum?.[0] ?? '') : ''}`)
      .join('&');
    const url = `${path.replace('{id}', String(users[0]?.id))}/?${query}`;
    const statuses = [];
    for (const user of users) {
      const answer = await call(ctx.app, 'GET', url, { token: user.token });
      expect(answer.status, `${url} as ${user.role}: ${JSON.stringify(answer.body)}`).not.toBe(400);
      statuses.push(answer.status);
    }
    // at least one role may read the list
    expect(statuses, url).toContain(200);
  }
});

it('still answers a required parameter sent empty as missing', async () => {
  const answer = await call(ctx.app, 'GET', '/api/core/rating-categories/?role_context=', {
    token: users[0]?.token,
  });
  expect(answer.status).toBe(400);
  expect(answer.body.errors?.role_context).toEqual([MSG.roleContextRequired]);
});

it('takes the default for an empty page, page_size and sort', async () => {
  const answer = await call<{ page: number; page_size: number }>(
    ctx.app,
    'GET',
    '/api/core/companies/?page=&page_size=&sort=&min_rating=&city=&search=&skills=',
    { token: users[0]?.token },
  );
  expect(answer.status).toBe(200);
  expect(answer.body.page).toBe(1);
  expect(answer.body.page_size).toBeGreaterThan(0);
});
