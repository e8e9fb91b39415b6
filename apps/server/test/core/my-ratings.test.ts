// GET /api/core/dashboard/ and /api/core/my-ratings/given|received/: the caller's own numbers and
// lists, hidden ratings marked for their rater only, anonymous raters hidden from ratees.
import type { DashboardResponse, Rating } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPageQuery } from '../../src/modules/ratings/repository.ts';
import { createTestApp, type TestContext } from '../helpers.ts';
import {
  expectNoTraceOf,
  get,
  hideRatings,
  makeUser,
  rate,
  setRatingCreatedAt,
  type TestUser,
} from './support.ts';

type RatingPage = {
  results: Rating[];
  total_count: number;
  page: number;
  page_size: number;
  has_next: boolean;
};

let ctx: TestContext;
let employer: TestUser;
let employees: TestUser[];
/** The employer's ratings of employees[i], oldest first. */
const given: Rating[] = [];
/** Ratings of the employer by employees[i], oldest first; the first is anonymous. */
const received: Rating[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  employer = await makeUser(ctx, 'employer', { name: 'Narmada Logistics' });
  employees = [];
  for (let i = 0; i < 12; i++) employees.push(await makeUser(ctx, 'employee', { name: `Worker ${i} Rao` }));
  for (const [i, employee] of employees.entries()) {
    const rating = await rate(ctx, employer, employee, { values: [1 + (i % 5)], is_anonymous: i % 2 === 0 });
    await setRatingCreatedAt(ctx, rating.id, new Date(Date.UTC(2031, 0, 1 + i, 9)));
    given.push({ ...rating, created_at: new Date(Date.UTC(2031, 0, 1 + i, 9)).toISOString() });
  }
  for (const [i, employee] of employees.slice(0, 7).entries()) {
    const rating = await rate(ctx, employee, employer, { values: [i < 3 ? 5 : 3], is_anonymous: i === 0 });
    await setRatingCreatedAt(ctx, rating.id, new Date(Date.UTC(2031, 1, 1 + i, 9)));
    received.push(rating);
  }
});
afterAll(() => ctx.close());

describe('GET dashboard/', () => {
  it("answers the caller's numbers and five newest ratings received", async () => {
    const res = await get<DashboardResponse>(ctx, employer, '/api/core/dashboard/');
    expect(res.status).toBe(200);
    // 3 x 5.0 and 4 x 3.0: 27 / 7 = 3.857 -> 3.9
    expect(res.body.stats).toEqual({ ratings_received: 7, ratings_given: 12, average_rating: 3.9 });
    expect(res.body.recent_ratings.map((r) => r.id)).toEqual(
      received
        .slice(2)
        .reverse()
        .map((r) => r.id),
    );
    expect(res.body.recent_ratings[0]).toEqual({
      id: received[6]?.id,
      ratee: employer.id,
      ratee_name: 'Narmada Logistics',
      rater: employees[6]?.id,
      rater_name: 'Worker 6 Rao',
      role_context: 'EMPLOYEE_TO_COMPANY',
      is_anonymous: false,
      feedback_message: 'Good place to learn.',
      category_scores: [{ category: 'Work Environment', score: 3 }],
      overall_score: 3,
      created_at: '2031-02-07T09:00:00.000Z',
      edited_at: null,
      verified_employee: false,
      reply: null,
      dispute: null,
    });
  });

  it('answers zeros for a user with no ratings, and for a moderator', async () => {
    for (const user of [await makeUser(ctx, 'employee'), await makeUser(ctx, 'moderator')]) {
      const res = await get<DashboardResponse>(ctx, user, '/api/core/dashboard/');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        stats: { ratings_received: 0, ratings_given: 0, average_rating: 0 },
        recent_ratings: [],
      });
    }
  });
});

describe('GET my-ratings/given/', () => {
  it('pages the caller’s ratings, newest first, in full even when anonymous', async () => {
    const first = await get<RatingPage>(ctx, employer, '/api/core/my-ratings/given/');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_count: 12, page: 1, page_size: 10, has_next: true });
    expect(first.body.results.map((r) => r.id)).toEqual(
      given
        .slice(2)
        .reverse()
        .map((r) => r.id),
    );
    const anonymous = first.body.results.find((r) => r.id === given[10]?.id);
    expect(anonymous).toEqual({
      id: given[10]?.id,
      ratee: employees[10]?.id,
      ratee_name: 'Worker 10 Rao',
      rater: employer.id,
      rater_name: 'Narmada Logistics',
      role_context: 'EMPLOYER_TO_EMPLOYEE',
      is_anonymous: true,
      feedback_message: 'Good place to learn.',
      category_scores: [{ category: 'Technical Skills', score: 1 }],
      overall_score: 1,
      created_at: '2031-01-11T09:00:00.000Z',
      edited_at: null,
      verified_employee: false,
      reply: null,
      dispute: null,
      moderation: null,
      status: 'published',
    });
    const second = await get<RatingPage>(ctx, employer, '/api/core/my-ratings/given/?page=2');
    expect(second.body).toMatchObject({ total_count: 12, page: 2, page_size: 10, has_next: false });
    expect(second.body.results.map((r) => r.id)).toEqual([given[1]?.id, given[0]?.id]);
    const past = await get<RatingPage>(ctx, employer, '/api/core/my-ratings/given/?page=3');
    expect(past.body).toEqual({ results: [], total_count: 12, page: 3, page_size: 10, has_next: false });
    const sized = await get<RatingPage>(ctx, employer, '/api/core/my-ratings/given/?page_size=12');
    expect(sized.body.results).toHaveLength(12);
    expect(sized.body.has_next).toBe(false);
  });

  it('keeps a hidden rating in the rater’s list, marked hidden', async () => {
    const rater = await makeUser(ctx, 'employee');
    const company = await makeUser(ctx, 'employer');
    const rating = await rate(ctx, rater, company);
    await hideRatings(ctx, [rating.id]);
    const res = await get<RatingPage>(ctx, rater, '/api/core/my-ratings/given/');
    expect(res.body.total_count).toBe(1);
    expect(res.body.results).toEqual([{ ...rating, status: 'hidden' }]);
    const dashboard = await get<DashboardResponse>(ctx, rater, '/api/core/dashboard/');
    expect(dashboard.body.stats.ratings_given).toBe(1);
    // and out of the ratee's own lists
    const theirs = await get<RatingPage>(ctx, company, '/api/core/my-ratings/received/');
    expect(theirs.body).toMatchObject({ results: [], total_count: 0 });
  });
});

describe('GET my-ratings/received/', () => {
  it('pages the published ratings received, anonymous raters hidden', async () => {
    const res = await get<RatingPage>(ctx, employer, '/api/core/my-ratings/received/?page_size=5');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_count: 7, page: 1, page_size: 5, has_next: true });
    const rest = await get<RatingPage>(ctx, employer, '/api/core/my-ratings/received/?page_size=5&page=2');
    expect(rest.body.results.map((r) => r.id)).toEqual([received[1]?.id, received[0]?.id]);
    const anonymous = rest.body.results[1];
    expect(anonymous).toMatchObject({
      rater_name: 'Anonymous',
      is_anonymous: true,
      created_at: '2031-02-01T00:00:00.000Z',
    });
    expect(anonymous).not.toHaveProperty('rater');
    expect(anonymous).not.toHaveProperty('status');
    expectNoTraceOf(rest.body, employees[0] as TestUser);
    const defaults = await get<RatingPage>(ctx, employer, '/api/core/my-ratings/received/');
    expect(defaults.body).toMatchObject({ total_count: 7, page_size: 10, has_next: false });
    // Past the end there is no row to carry the total: it is still the real one.
    const past = await get<RatingPage>(ctx, employer, '/api/core/my-ratings/received/?page_size=5&page=3');
    expect(past.body).toEqual({ results: [], total_count: 7, page: 3, page_size: 5, has_next: false });
  });

  it('builds only the ratings of the page asked, not those its offset skips, and no list of scores', async () => {
    // PostgreSQL computes a select list for every row an OFFSET skips: page 2 of three looked up the
    // replies (and names, disputes, scores) of six ratings to send three.
    for (const list of ['received', 'given'] as const) {
      const query = listPageQuery(ctx.deps.db, list, employer.id, { limit: 3, offset: 3 });
      const result = (await ctx.deps.db.execute(
        sql`explain (analyze, costs off, timing off, summary off) ${query}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
      const replyLookups = /on rating_replies p .*loops=(\d+)/.exec(plan);
      expect(replyLookups?.[1], plan).toBe('3');
      // The scores leave as the rating stores them: a list built here cost each rating a function
      // scan and an aggregate.
      expect(plan).not.toContain('jsonb_each');
    }
  });

  it('answers bad paging with 400', async () => {
    for (const query of ['?page=0', '?page_size=1000', '?page=x']) {
      const res = await get(ctx, employer, `/api/core/my-ratings/received/${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});
