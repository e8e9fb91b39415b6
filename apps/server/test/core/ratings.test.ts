// POST /api/core/ratings/, rating categories and eligibility: answers, every validation message,
// all nine eligibility reasons, concurrency and bad input.
import {
  ELIGIBILITY,
  type EligibilityResponse,
  MSG,
  overallScore,
  RATING_CATEGORIES,
  type Rating,
  roundHalfUp1,
} from '@workspace/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings, users } from '../../src/db/schema/index.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { get, makeUser, rate, ratingBody, scoresFor, type TestUser, writeCompanyRating } from './support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = <T = ErrorAnswer>(user: TestUser, url: string, body: unknown) =>
  call<T>(ctx.app, 'POST', url, { token: user.token, body });

describe('POST /api/core/ratings/', () => {
  it('creates the rating and answers it in full to its rater', async () => {
    const rater = await makeUser(ctx, 'employee', { name: 'Arjun Mehta' });
    const company = await makeUser(ctx, 'employer', { name: 'Tata Consultancy' });
    const body = ratingBody(rater, company, {
      is_anonymous: true,
      feedback_message: '  Great mentors, long hours.  ',
      // sent out of order: answered in the fixed category order
      category_scores: [
        { category: 'Compensation', score: 3 },
        { category: 'Work Environment', score: 5 },
        { category: 'Career Growth', score: 4 },
      ],
    });
    const res = await post<Rating>(rater, '/api/core/ratings/', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      ratee: company.id,
      ratee_name: 'Tata Consultancy',
      rater: rater.id,
      rater_name: 'Arjun Mehta',
      role_context: 'EMPLOYEE_TO_COMPANY',
      is_anonymous: true,
      feedback_message: 'Great mentors, long hours.',
      category_scores: [
        { category: 'Work Environment', score: 5 },
        { category: 'Career Growth', score: 4 },
        { category: 'Compensation', score: 3 },
      ],
      overall_score: 4,
      created_at: expect.any(String),
      edited_at: null,
      verified_employee: false,
      reply: null,
      dispute: null,
      moderation: null,
      status: 'published',
    });
    // the rater sees the exact time, even of an anonymous rating
    expect(Date.now() - Date.parse(res.body.created_at)).toBeLessThan(60 * 60 * 1000);
    expect(res.body.created_at).not.toMatch(/T00:00:00\.000Z$/);
  });

  it('rounds the overall score half up and stores empty feedback as null', async () => {
    const employer = await makeUser(ctx, 'employer');
    const employee = await makeUser(ctx, 'employee');
    const res = await post<Rating>(
      employer,
      '/api/core/ratings/',
      ratingBody(employer, employee, { values: [4, 4, 4, 5], feedback_message: '   ' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.overall_score).toBe(4.3); // 4.25 -> 4.3
    expect(res.body.feedback_message).toBeNull();
    expect(res.body.role_context).toBe('EMPLOYER_TO_EMPLOYEE');
    expect(res.body.category_scores.map((s) => s.category)).toEqual(
      RATING_CATEGORIES.EMPLOYER_TO_EMPLOYEE.slice(0, 4),
    );
  });

  it('drops unknown fields instead of storing them', async () => {
    const rater = await makeUser(ctx, 'employee');
    const company = await makeUser(ctx, 'employer');
    const res = await post<Rating>(rater, '/api/core/ratings/', {
      ...ratingBody(rater, company, { values: [2] }),
      status: 'hidden',
      overall_score: 5,
      rater: company.id,
      created_at: '2001-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'published', overall_score: 2, rater: rater.id });
    expect(res.body.created_at.startsWith('2001')).toBe(false);
  });

  it('keeps quotes, tabs and every script in feedback as text', async () => {
    const rater = await makeUser(ctx, 'employee');
    const company = await makeUser(ctx, 'employer');
    const feedback = `Robert'); DROP TABLE ratings;-- "quoted" \\ tab\there ünïcødé ✓ हिंदी`;
    const res = await post<Rating>(
      rater,
      '/api/core/ratings/',
      ratingBody(rater, company, { feedback_message: feedback }),
    );
    expect(res.status).toBe(201);
    expect(res.body.feedback_message).toBe(feedback);
    const again = await get<{ all_ratings: Rating[] }>(ctx, rater, `/api/core/users/${company.id}/profile/`);
    expect(again.body.all_ratings[0]?.feedback_message).toBe(feedback);
  });

  it('refuses text PostgreSQL cannot store with a 4xx', async () => {
    const rater = await makeUser(ctx, 'employee');
    const company = await makeUser(ctx, 'employer');
    const res = await post(
      rater,
      '/api/core/ratings/',
      ratingBody(rater, company, { feedback_message: 'a\u0000b' }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('needs a signed-in user', async () => {
    const res = await call(ctx.app, 'POST', '/api/core/ratings/', { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: MSG.authRequired });
  });
});

describe('validation of the rating body', () => {
  let rater: TestUser;
  let company: TestUser;
  beforeAll(async () => {
    rater = await makeUser(ctx, 'employee');
    company = await makeUser(ctx, 'employer');
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'feedback over 1000 characters',
      { feedback_message: 'x'.repeat(1001) },
      'feedback_message',
      MSG.feedbackMax,
    ],
    ['feedback that is not text', { feedback_message: 42 }, 'feedback_message', MSG.notText],
    ['no category rated', { category_scores: [] }, 'category_scores', MSG.rateOneCategory],
    ['category scores missing', { category_scores: undefined }, 'category_scores', MSG.rateOneCategory],
    ['category scores not a list', { category_scores: 'five' }, 'category_scores', MSG.rateOneCategory],
    [
      'a score of 0',
      { category_scores: [{ category: 'Work Environment', score: 0 }] },
      'category_scores.0.score',
      MSG.scoreRange,
    ],
    [
      'a score of 6',
      { category_scores: [{ category: 'Work Environment', score: 6 }] },
      'category_scores.0.score',
      MSG.scoreRange,
    ],
    [
      'a fractional score',
      { category_scores: [{ category: 'Work Environment', score: 3.5 }] },
      'category_scores.0.score',
      MSG.scoreRange,
    ],
    [
      'a score given as text',
      { category_scores: [{ category: 'Work Environment', score: '5' }] },
      'category_scores.0.score',
      MSG.scoreRange,
    ],
    [
      'a huge score',
      { category_scores: [{ category: 'Work Environment', score: 1e300 }] },
      'category_scores.0.score',
      MSG.scoreRange,
    ],
    [
      'a category of the other context',
      { category_scores: [{ category: 'Technical Skills', score: 4 }] },
      'category_scores.0.category',
      MSG.categoryInvalid,
    ],
    [
      'a category rated twice',
      {
        category_scores: [
          { category: 'Work Environment', score: 4 },
          { category: 'Work Environment', score: 2 },
        ],
      },
      'category_scores.1.category',
      MSG.categoryDuplicate,
    ],
    ['an unknown context', { role_context: 'FRIEND_TO_FRIEND' }, 'role_context', MSG.roleContextRequired],
    ['no context', { role_context: undefined }, 'role_context', MSG.roleContextRequired],
    ['no ratee', { ratee: undefined }, 'ratee', MSG.required],
    ['a non-numeric ratee', { ratee: 'abc' }, 'ratee', MSG.notNumber],
    ['a huge ratee id', { ratee: 1e20 }, 'ratee', MSG.notNumber],
    ['a negative ratee id', { ratee: -3 }, 'ratee', MSG.notNumber],
    ['anonymity that is not a boolean', { is_anonymous: 'yes' }, 'is_anonymous', MSG.notBoolean],
  ];

  it.each(cases)('answers %s with 400 and the exact message', async (_name, change, field, message) => {
    const body = { ...ratingBody(rater, company), ...change };
    const res = await post(rater, '/api/core/ratings/', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(MSG.validationFailed);
    expect(res.body.errors?.[field]).toEqual([message]);
  });

  it('answers malformed JSON, a JSON array and a non-JSON body with 4xx', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/ratings/',
      headers: { authorization: `Bearer ${rater.token}`, 'content-type': 'application/json' },
      payload: '{"ratee": 1, "category_scores": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: MSG.invalidJson });

    const array = await post(rater, '/api/core/ratings/', [1, 2, 3]);
    expect(array.status).toBe(400);

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/ratings/',
      headers: { authorization: `Bearer ${rater.token}`, 'content-type': 'application/json' },
      payload: `{"ratee": 1e400, "role_context": "EMPLOYEE_TO_COMPANY", "category_scores": [{"category": "Work Environment", "score": 99999999999999999999999}]}`,
    });
    expect(huge.statusCode).toBe(400);

    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/ratings/',
      headers: { authorization: `Bearer ${rater.token}`, 'content-type': 'text/plain' },
      payload: 'ratee=1',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('GET /api/core/rating-categories/', () => {
  it('lists each context in the fixed order', async () => {
    const user = await makeUser(ctx, 'employee');
    for (const context of ['EMPLOYEE_TO_COMPANY', 'EMPLOYER_TO_EMPLOYEE'] as const) {
      const res = await get<{ categories: string[] }>(
        ctx,
        user,
        `/api/core/rating-categories/?role_context=${context}`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ categories: [...RATING_CATEGORIES[context]] });
    }
  });

  it('answers a missing or unknown context with 400', async () => {
    const user = await makeUser(ctx, 'employer');
    for (const url of ['/api/core/rating-categories/', '/api/core/rating-categories/?role_context=BOSS']) {
      const res = await get<{ detail: string; errors: Record<string, string[]> }>(ctx, user, url);
      expect(res.status).toBe(400);
      expect(res.body.errors.role_context).toEqual([MSG.roleContextRequired]);
    }
  });
});

describe('eligibility: all nine reasons, from the check and from POST ratings', () => {
  let employee: TestUser;
  let employee2: TestUser;
  let employer: TestUser;
  let employer2: TestUser;
  let suspended: TestUser;
  let moderator: TestUser;
  beforeAll(async () => {
    employee = await makeUser(ctx, 'employee');
    employee2 = await makeUser(ctx, 'employee');
    employer = await makeUser(ctx, 'employer');
    employer2 = await makeUser(ctx, 'employer');
    suspended = await makeUser(ctx, 'employer', { isActive: false });
    moderator = await makeUser(ctx, 'moderator');
  });

  const check = (user: TestUser, ratee_id: number, role_context: string) =>
    post<EligibilityResponse>(user, '/api/core/check-rating-eligibility/', { ratee_id, role_context });

  /** POST a rating with categories of `context`; expects 400 with `reason`. */
  const expectRefused = async (
    user: TestUser,
    ratee: number,
    context: 'EMPLOYEE_TO_COMPANY' | 'EMPLOYER_TO_EMPLOYEE',
    reason: string,
  ) => {
    const res = await post(user, '/api/core/ratings/', {
      ratee,
      role_context: context,
      category_scores: scoresFor(context, [3]),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: reason });
  };

  it('says yes, then "already rated" once rated', async () => {
    expect((await check(employee, employer.id, 'EMPLOYEE_TO_COMPANY')).body).toEqual({
      eligible: true,
      reason: ELIGIBILITY.ok,
    });
    await rate(ctx, employee, employer);
    const res = await check(employee, employer.id, 'EMPLOYEE_TO_COMPANY');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eligible: false, reason: ELIGIBILITY.alreadyRated });
    await expectRefused(employee, employer.id, 'EMPLOYEE_TO_COMPANY', ELIGIBILITY.alreadyRated);
  });

  const refusals: [
    string,
    () => [TestUser, number, 'EMPLOYEE_TO_COMPANY' | 'EMPLOYER_TO_EMPLOYEE'],
    string,
  ][] = [
    ['oneself', () => [employee, employee.id, 'EMPLOYEE_TO_COMPANY'], ELIGIBILITY.self],
    ['an unknown user', () => [employee, 2_000_000_000, 'EMPLOYEE_TO_COMPANY'], ELIGIBILITY.notFound],
    [
      'an employee rating an employee',
      () => [employee, employee2.id, 'EMPLOYEE_TO_COMPANY'],
      ELIGIBILITY.employeesRateCompanies,
    ],
    [
      'an employer rating an employer',
      () => [employer, employer2.id, 'EMPLOYER_TO_EMPLOYEE'],
      ELIGIBILITY.employersRateEmployees,
    ],
    [
      'the wrong context for the role',
      () => [employee, employer2.id, 'EMPLOYER_TO_EMPLOYEE'],
      ELIGIBILITY.wrongContext,
    ],
    ['a suspended user', () => [employee, suspended.id, 'EMPLOYEE_TO_COMPANY'], ELIGIBILITY.inactive],
    [
      'a moderator rating anyone',
      () => [moderator, employer2.id, 'EMPLOYEE_TO_COMPANY'],
      ELIGIBILITY.moderator,
    ],
  ];

  it.each(refusals)('refuses %s with the exact reason', async (_name, args, reason) => {
    const [user, ratee, context] = args();
    const res = await check(user, ratee, context);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eligible: false, reason });
    await expectRefused(user, ratee, context, reason);
  });

  // POST decides the caller's side from the session and leaves the ratee to the write: where
  // several reasons apply, it must still give the one the check gives, in the rules' order.
  const overlapping: typeof refusals = [
    [
      'an unknown user in the wrong context',
      () => [employee, 2_000_000_000, 'EMPLOYER_TO_EMPLOYEE'],
      ELIGIBILITY.notFound,
    ],
    [
      'a suspended user of the wrong role',
      () => [employer, suspended.id, 'EMPLOYER_TO_EMPLOYEE'],
      ELIGIBILITY.employersRateEmployees,
    ],
    [
      'a moderator rating an unknown user',
      () => [moderator, 2_000_000_000, 'EMPLOYEE_TO_COMPANY'],
      ELIGIBILITY.moderator,
    ],
  ];

  it.each(overlapping)('refuses %s with the first reason, as the check does', async (_name, args, reason) => {
    const [user, ratee, context] = args();
    expect((await check(user, ratee, context)).body).toEqual({ eligible: false, reason });
    await expectRefused(user, ratee, context, reason);
  });

  it('validates the check body', async () => {
    const res = await post(employee, '/api/core/check-rating-eligibility/', {
      ratee_id: 'x',
      role_context: 'NOPE',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ ratee_id: [MSG.notNumber], role_context: [MSG.roleContextRequired] });
  });
});

describe('concurrency', () => {
  it('20 identical rating posts at once give exactly one rating', async () => {
    const rater = await makeUser(ctx, 'employee');
    const company = await makeUser(ctx, 'employer');
    const body = ratingBody(rater, company, { values: [5, 4] });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(rater, '/api/core/ratings/', body)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect(a.body).toEqual({ detail: ELIGIBILITY.alreadyRated });
    }
    const profile = await get<{ rating_summary: { total_ratings: number; average_rating: number } }>(
      ctx,
      rater,
      `/api/core/users/${company.id}/profile/`,
    );
    expect(profile.body.rating_summary).toMatchObject({ total_ratings: 1, average_rating: 4.5 });
    expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
  });

  it('30 raters at once give the exact average', async () => {
    const company = await makeUser(ctx, 'employer');
    const raters = await Promise.all(Array.from({ length: 30 }, () => makeUser(ctx, 'employee')));
    const values = raters.map((_, i) => [1 + (i % 5), 1 + ((i * 3) % 5), 1 + ((i * 7) % 5)]);
    const answers = await Promise.all(
      raters.map((rater, i) =>
        post(rater, '/api/core/ratings/', ratingBody(rater, company, { values: values[i] })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const overalls = values.map((v) => overallScore(v));
    const expected = roundHalfUp1(overalls.reduce((a, b) => a + b, 0) / overalls.length);
    const profile = await get<{ rating_summary: { total_ratings: number; average_rating: number } }>(
      ctx,
      raters[0] as TestUser,
      `/api/core/users/${company.id}/profile/`,
    );
    expect(profile.body.rating_summary).toMatchObject({ total_ratings: 30, average_rating: expected });
    expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
  });
});

describe('the write re-checks the ratee under its row lock', () => {
  it('writes nothing when the ratee was suspended after the eligibility check', async () => {
    const rater = await makeUser(ctx, 'employee');
    const company = await makeUser(ctx, 'employer');
    // What a suspension committed between checkEligibility and insertRating leaves behind.
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, company.id));
    const written = await writeCompanyRating(ctx, rater, company);
    expect(written).toBeNull();
    const [row] = await ctx.deps.db
      .select({ n: count() })
      .from(ratings)
      .where(eq(ratings.rateeId, company.id));
    expect(row?.n).toBe(0);
    const [stored] = await ctx.deps.db
      .select({ total: users.totalRatingsReceived, sum: users.ratingSumTenths })
      .from(users)
      .where(eq(users.id, company.id));
    expect(stored).toEqual({ total: 0, sum: 0 });
    expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
  });

  it('writes nothing when the ratee no longer has the role the rater rates', async () => {
    const rater = await makeUser(ctx, 'employee');
    const other = await makeUser(ctx, 'employee');
    // An employee where the write requires a company.
    const written = await writeCompanyRating(ctx, rater, other);
    expect(written).toBeNull();
    expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every core endpoint with its bearer token', async () => {
    const res = await call<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      ctx.app,
      'GET',
      '/api/openapi.json',
    );
    const routes: [string, string][] = [
      ['/api/core/companies', 'get'],
      ['/api/core/employees', 'get'],
      ['/api/core/ratings', 'post'],
      ['/api/core/rating-categories', 'get'],
      ['/api/core/check-rating-eligibility', 'post'],
      ['/api/core/users/{id}/stats', 'get'],
      ['/api/core/users/{id}/profile', 'get'],
      ['/api/core/users/{id}/ratings', 'get'],
      ['/api/core/dashboard', 'get'],
      ['/api/core/my-ratings/given', 'get'],
      ['/api/core/my-ratings/received', 'get'],
    ];
    for (const [path, method] of routes) {
      expect(res.body.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
  });
});
