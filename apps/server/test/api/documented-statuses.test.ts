// Every status the API answers is in the OpenAPI document (DESIGN §9.1, issue 42): every operation of
// the document is walked with the requests a client can send it (signed out and as each role, with a
// bad path parameter, a bad query, a body that is not JSON, malformed or too large) and each answer's
// status must be one the document lists for that operation. Nothing may answer 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, rate, type TestUser } from '../core/support.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

type Operation = { responses: Record<string, unknown>; parameters?: { in: string; name: string }[] };
interface Documented {
  method: string;
  path: string;
  statuses: Set<number>;
  hasQuery: boolean;
}

let ctx: TestContext;
let callers: Record<string, TestUser | null>;
let operations: Documented[];
let realIds: Record<string, string>;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOO_LARGE = JSON.stringify({ details: 'x'.repeat(70 * 1024) });

beforeAll(async () => {
  ctx = await createTestApp();
  const employee = await makeUser(ctx, 'employee');
  const employer = await makeUser(ctx, 'employer');
  const moderator = await makeUser(ctx, 'moderator');
  callers = { signedOut: null, employee, employer, moderator };
  const rating = await rate(ctx, employee, employer);
  realIds = { rating: String(rating.id), user: String(employer.id) };
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      statuses: new Set(Object.keys(operation.responses).map(Number)),
      hasQuery: (operation.parameters ?? []).some((p) => p.in === 'query'),
    })),
  );
}, 60_000);
afterAll(() => ctx.close());

const withId = (path: string, id: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(id));

/** Sends one request; returns a line naming it when its status is not documented, else null. */
async function undocumented(
  operation: Documented,
  probe: string,
  request: { url: string; caller: TestUser | null; payload?: string; contentType?: string },
): Promise<string | null> {
  const answer = await ctx.app.inject({
    method: operation.method as 'GET',
    url: request.url,
    headers: {
      ...(request.caller && { authorization: `Bearer ${request.caller.token}` }),
      ...(request.payload !== undefined && { 'content-type': request.contentType ?? 'application/json' }),
    },
    ...(request.payload !== undefined && { payload: request.payload }),
  });
  if (answer.statusCode >= 500)
    return `${operation.method} ${request.url} (${probe}): ${answer.statusCode} ${answer.body}`;
  if (operation.statuses.has(answer.statusCode)) return null;
  return `${operation.method} ${operation.path} (${probe}) answered ${answer.statusCode}, documented ${[...operation.statuses].join(', ')}`;
}

describe('the OpenAPI document', () => {
  it('lists 429 for every operation (the per-address limit applies to all), and 413 and 415 where a body is read', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) {
      expect(operation.statuses.has(429), `${operation.method} ${operation.path}`).toBe(true);
      if (BODY_METHODS.has(operation.method)) {
        for (const status of [400, 413, 415])
          expect(operation.statuses.has(status), `${operation.method} ${operation.path} ${status}`).toBe(
            true,
          );
      }
    }
  });

  it('documents every status each operation answers', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    const note = (line: string | null) => {
      if (line) problems.push(line);
    };
    for (const operation of operations) {
      const ids = operation.path.includes('ratings/{id}') ? realIds.rating : realIds.user;
      for (const [name, caller] of Object.entries(callers)) {
        const url = withId(operation.path, ids as string);
        note(
          await undocumented(operation, `${name}`, {
            url,
            caller,
            ...(BODY_METHODS.has(operation.method) && { payload: '{}' }),
          }),
        );
        if (operation.hasQuery) {
          const bad = `${url}?page=-1&page_size=abc&ratings=-1&status=nope&role_context=NOPE&min_rating=9&sort=zz`;
          note(await undocumented(operation, `${name}, bad query`, { url: bad, caller }));
        }
        if (operation.path.includes('{')) {
          for (const id of ['\u0000', '-1', 'abc', '99999999999999999999'])
            note(
              await undocumented(operation, `${name}, path ${JSON.stringify(id)}`, {
                url: withId(operation.path, id),
                caller,
              }),
            );
        }
        if (BODY_METHODS.has(operation.method)) {
          note(
            await undocumented(operation, `${name}, text body`, {
              url,
              caller,
              payload: 'x',
              contentType: 'text/plain',
            }),
          );
          note(await undocumented(operation, `${name}, malformed JSON`, { url, caller, payload: '{' }));
          note(await undocumented(operation, `${name}, too large`, { url, caller, payload: TOO_LARGE }));
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
