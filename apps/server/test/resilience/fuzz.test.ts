// Property-based fuzzing of every endpoint (issue 5 §5): random and malformed bodies, query strings,
// path ids and headers, sent signed out, with a bad token, and as each role. No answer may be a 5xx,
// every error answer is DESIGN §3's JSON, and afterwards the database still holds every invariant.
// The route list comes from the OpenAPI document, so a new endpoint is fuzzed without a change here.
// Runs are bounded (a few hundred requests) so the suite stays fast; a failure prints fast-check's
// seed and the shrunk request, to replay with `fc.assert(..., { seed, path })`.
import { RATING_CATEGORIES } from '@workspace/contracts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModerator, type SignedInUser, signUp } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
import { companyRating, invariantViolations, NO_VIOLATIONS } from './support.ts';

interface Route {
  method: string;
  path: string;
}

let ctx: TestContext;
let routes: Route[] = [];
const tokens: Record<string, string> = {};
const ids: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const document = await call<{ paths: Record<string, Record<string, unknown>> }>(
    ctx.app,
    'GET',
    '/api/openapi.json',
  );
  routes = Object.entries(document.body.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
  );
  // Routes kept out of the document on purpose.
  routes.push(
    { method: 'GET', path: '/api/openapi.json' },
    { method: 'GET', path: '/api/live' },
    { method: 'GET', path: '/api/metrics' },
  );

  const employee: SignedInUser = await signUp(ctx.app, { user_role: 'employee' });
  const employer: SignedInUser = await signUp(ctx.app, { user_role: 'employer' });
  const other: SignedInUser = await signUp(ctx.app, { user_role: 'employee' });
  const moderator = await createModerator(ctx);
  tokens.employee = employee.access;
  tokens.employer = employer.access;
  tokens.moderator = moderator.access;
  // A token of the wrong type where an access token is expected.
  tokens.refreshAsAccess = employee.refresh;
  // Ratings and a flag, so real ids lead somewhere.
  for (const rater of [employee, other]) {
    const rating = await call<{ id: number }>(ctx.app, 'POST', '/api/core/ratings/', {
      token: rater.access,
      body: companyRating(employer.user.id, rater.user.id),
    });
    expect(rating.status).toBe(201);
    ids.push(rating.body.id);
  }
  await call(ctx.app, 'POST', `/api/core/ratings/${ids[0]}/flag/`, {
    token: employer.access,
    body: { reason: 'SPAM', details: 'fuzz' },
  });
  ids.push(employee.user.id, employer.user.id, other.user.id, moderator.user.id, 1);
}, 120_000);

afterAll(async () => ctx?.close());

// ---------------------------------------------------------------------------------------------
// Arbitraries

const printable = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'null',
  '99999999999999999999999',
  '9007199254740993',
  "' or 1=1 --",
  '"; drop table users; --',
  '\u0000',
  '\\u0000',
  '%00',
  '💥'.repeat(30),
  '\u202e\u0007\u001b[31m',
  'x'.repeat(5000),
);
const anyText = fc.oneof(fc.string({ maxLength: 60 }), nasty, printable);
const anyNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: -3, max: 7 }),
  fc.double(),
  fc.constantFrom(0, -0, 1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1),
);
const realId = fc.constantFrom(...[1, 2, 3, 4, 5, 6, 7]).map((i) => ids[i % ids.length] ?? i);
const category = fc.constantFrom(
  ...RATING_CATEGORIES.EMPLOYEE_TO_COMPANY,
  ...RATING_CATEGORIES.EMPLOYER_TO_EMPLOYEE,
  'Nope',
);
const categoryScores = fc.array(
  fc.record(
    {
      category: fc.oneof(category, anyText),
      score: fc.oneof(fc.integer({ min: 0, max: 6 }), anyNumber, anyText),
    },
    { requiredKeys: [] },
  ),
  { maxLength: 8 },
);
const leaf = fc.oneof(anyText, anyNumber, fc.boolean(), fc.constant(null), realId);
const value = fc.oneof(
  { weight: 4, arbitrary: leaf },
  fc.constantFrom(
    'employee',
    'employer',
    'moderator',
    'EMPLOYEE_TO_COMPANY',
    'EMPLOYER_TO_EMPLOYEE',
    'SPAM',
    'OTHER',
    'Chai-and-Monsoon-42',
  ),
  fc.emailAddress(),
  categoryScores,
  fc.array(leaf, { maxLength: 5 }),
  fc.array(fc.record({ company: anyText, position: anyText, duration: anyText }, { requiredKeys: [] }), {
    maxLength: 4,
  }),
  fc.dictionary(printable, leaf, { maxKeys: 4 }),
);
const FIELDS = [
  'email',
  'password',
  'password_confirm',
  'full_name',
  'user_role',
  'city',
  'linkedin_url',
  'skills',
  'work_history',
  'show_rating_details',
  'refresh',
  'old_password',
  'new_password',
  'new_password_confirm',
  'reset_code',
  'ratee',
  'ratee_id',
  'role_context',
  'is_anonymous',
  'feedback_message',
  'category_scores',
  'reason',
  'details',
  '__proto__',
  'constructor',
];
const field = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, printable);

/** Valid bodies of the main write endpoints: a fuzzed field in one of them reaches the deep checks. */
const templates = (): Record<string, unknown>[] => [
  companyRating(ids[3] ?? 0, 2),
  {
    ratee: ids[2],
    role_context: 'EMPLOYER_TO_EMPLOYEE',
    is_anonymous: true,
    category_scores: [{ category: 'Reliability', score: 4 }],
  },
  { ratee_id: ids[3], role_context: 'EMPLOYEE_TO_COMPANY' },
  { reason: 'FAKE', details: 'looks fake' },
  { reason: 'Breaks the guidelines' },
  { email: 'fuzz@example.in', password: 'Chai-and-Monsoon-42' },
  {
    email: 'fuzz.new@example.in',
    full_name: 'Fuzz Kumar',
    password: 'Chai-and-Monsoon-42',
    password_confirm: 'Chai-and-Monsoon-42',
    user_role: 'employee',
    city: 'Chennai',
  },
  { full_name: 'Fuzz Kumar', city: 'Kochi', skills: ['Go'], show_rating_details: false },
  {
    old_password: 'Chai-and-Monsoon-42',
    new_password: 'Tea-and-Rain-77',
    new_password_confirm: 'Tea-and-Rain-77',
  },
  {
    email: 'fuzz@example.in',
    reset_code: '123456',
    new_password: 'Tea-and-Rain-77',
    new_password_confirm: 'Tea-and-Rain-77',
  },
];
const mutatedTemplate = fc
  .record({ template: fc.nat(), key: field, value, drop: fc.boolean() })
  .map(({ template, key, value: v, drop }) => {
    const all = templates();
    const body = { ...(all[template % all.length] as Record<string, unknown>) };
    if (drop) delete body[key];
    else body[key] = v;
    return JSON.stringify(body);
  });

/** The body as bytes on the wire: mostly JSON objects of known fields, sometimes anything at all. */
const payload = fc.oneof(
  { weight: 5, arbitrary: mutatedTemplate },
  { weight: 6, arbitrary: fc.dictionary(field, value, { maxKeys: 8 }).map((o) => JSON.stringify(o)) },
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '{"email": }',
    '[1,2',
    'null',
    '""',
    '{"a":1}{"b":2}',
    '\u0000',
    '{"__proto__": {"x": 1}}',
  ),
  fc.constant(JSON.stringify({ feedback_message: 'x'.repeat(70 * 1024) })),
  fc.constant(undefined),
);
const QUERY_KEYS = [
  'page',
  'page_size',
  'search',
  'city',
  'min_rating',
  'skills',
  'sort',
  'role_context',
  'status',
];
const query = fc.array(
  fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, printable),
    fc.oneof(anyText, anyNumber.map(String)),
  ),
  { maxLength: 5 },
);
const pathId = fc.oneof(realId.map(String), anyNumber.map(String), anyText);
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  undefined,
);
const caller = fc.constantFrom(
  'signedOut',
  'employee',
  'employer',
  'moderator',
  'refreshAsAccess',
  'garbage',
);

const requestArb = fc.record({
  route: fc.integer({ min: 0, max: 10_000 }),
  method: fc.oneof(
    { weight: 9, arbitrary: fc.constant(undefined) },
    fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
  ),
  id: pathId,
  query,
  rawSuffix: fc.oneof(
    { weight: 9, arbitrary: fc.constant('') },
    fc.constantFrom('%', '%zz', '/..', '//', '?&&=', '#x', ';a=b'),
  ),
  payload,
  contentType,
  caller,
  garbageAuth: printable,
  requestId: fc.oneof(fc.constant(undefined), printable),
});

type FuzzRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

function toInject(input: FuzzRequest): InjectOptions {
  const route = routes[input.route % routes.length] as Route;
  const path = route.path.replace(/\{[^}]+\}|:[a-z_]+/gi, encodeURIComponent(input.id));
  const search = new URLSearchParams(input.query).toString();
  const headers: Record<string, string> = {};
  if (input.contentType && input.payload !== undefined) headers['content-type'] = input.contentType;
  if (input.caller === 'garbage') headers.authorization = input.garbageAuth;
  else if (input.caller !== 'signedOut') headers.authorization = `Bearer ${tokens[input.caller]}`;
  if (input.requestId !== undefined) headers['x-request-id'] = input.requestId;
  return {
    method: (input.method ?? route.method) as InjectOptions['method'],
    url: `${path}${search ? `?${search}` : ''}${input.rawSuffix}`,
    headers,
    ...(input.payload !== undefined && { payload: input.payload }),
  };
}

describe('fuzzing every endpoint', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/core/ratings' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/moderation/users/{id}/suspend' });
  });

  it('never answers 5xx, and every error is {"detail", "errors"?}', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (input) => {
        const options = toInject(input);
        const answer = await ctx.app.inject(options);
        if (answer.statusCode >= 500) {
          throw new Error(`${options.method} ${options.url} answered ${answer.statusCode}: ${answer.body}`);
        }
        if (answer.statusCode >= 400 && options.method !== 'HEAD') {
          const body = JSON.parse(answer.body) as Record<string, unknown>;
          expect(typeof body.detail).toBe('string');
          expect(Object.keys(body).filter((k) => k !== 'detail' && k !== 'errors')).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('leaves the database with every invariant holding', async () => {
    expect(await invariantViolations(ctx.deps.db)).toEqual(NO_VIOLATIONS);
  });
});
