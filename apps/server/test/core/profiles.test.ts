// GET /api/core/users/{id}/profile|stats|ratings: answers, privacy (anonymous raters,
// show_rating_details), hidden ratings, ordering, paging and not-found cases.
import {
  dayOnly,
  MSG,
  type ProfileResponse,
  RATING_CATEGORIES,
  type Rating,
  type UserStatsResponse,
} from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
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
let company: TestUser;
let publicRater: TestUser;
let anonRater: TestUser;
let viewer: TestUser;
let publicRating: Rating;
let anonRating: Rating;

const [WE, MQ, CG] = RATING_CATEGORIES.EMPLOYEE_TO_COMPANY;

beforeAll(async () => {
  ctx = await createTestApp();
  company = await makeUser(ctx, 'employer', { name: 'Godavari Textiles', city: 'Surat' });
  publicRater = await makeUser(ctx, 'employee', { name: 'Meera Iyer' });
  anonRater = await makeUser(ctx, 'employee', { name: 'Zubin Hidden-Rater' });
  viewer = await makeUser(ctx, 'employee', { name: 'Farhan Qureshi' });
  publicRating = await rate(ctx, publicRater, company, {
    category_scores: [
      { category: WE as string, score: 5 },
      { category: MQ as string, score: 4 },
    ],
    feedback_message: 'Fair managers.',
  });
  anonRating = await rate(ctx, anonRater, company, {
    is_anonymous: true,
    category_scores: [
      { category: CG as string, score: 3 },
      { category: WE as string, score: 4 },
    ],
    feedback_message: 'Slow promotions.',
  });
});
afterAll(() => ctx.close());

const profileOf = (user: TestUser, as: TestUser) =>
  get<ProfileResponse>(ctx, as, `/api/core/users/${user.id}/profile/`);

describe('GET users/{id}/profile/', () => {
  it('answers the profile, summary, ratings and rating state', async () => {
    const res = await profileOf(company, viewer);
    expect(res.status).toBe(200);
    expect(res.body.user_profile).toEqual({
      id: company.id,
      user_code: company.userCode,
      full_name: 'Godavari Textiles',
      user_role: 'employer',
      city: 'Surat',
      linkedin_url: null,
      avatar: null,
      skills: [],
      work_history: [],
      show_rating_details: true,
      date_joined: expect.any(String),
      rating_received: 4,
      total_ratings_received: 2,
    });
    // The day joined, never the moment: India's date of the stored time, at a midnight that tells nothing.
    const [joined] = await ctx.deps.db
      .select({ at: users.dateJoined })
      .from(users)
      .where(eq(users.id, company.id));
    expect(res.body.user_profile.date_joined).toBe(dayOnly(joined?.at as Date));
    expect(res.body.user_profile.date_joined).toMatch(/T00:00:00\.000Z$/);
    // overall 4.5 and 3.5: average 4.0; stars 5 and 4 (half up)
    expect(res.body.rating_summary).toEqual({
      average_rating: 4,
      total_ratings: 2,
      ratings_by_category: {
        [WE as string]: { average: 4.5, count: 2 },
        [MQ as string]: { average: 4, count: 1 },
        [CG as string]: { average: 3, count: 1 },
      },
      distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 },
    });
    // categories in the fixed order
    expect(Object.keys(res.body.rating_summary.ratings_by_category ?? {})).toEqual([WE, MQ, CG]);
    expect(res.body.all_ratings.map((r) => r.id).sort()).toEqual([publicRating.id, anonRating.id].sort());
    expect(res.body).toMatchObject({ can_rate: true, user_has_rated: false });
    expect(JSON.stringify(res.body)).not.toContain(company.email);
  });

  it('shows a public rating with its rater, and the rater nothing more', async () => {
    const res = await profileOf(company, viewer);
    const shown = res.body.all_ratings.find((r) => r.id === publicRating.id);
    expect(shown).toEqual({
      id: publicRating.id,
      ratee: company.id,
      ratee_name: 'Godavari Textiles',
      rater: publicRater.id,
      rater_name: 'Meera Iyer',
      role_context: 'EMPLOYEE_TO_COMPANY',
      is_anonymous: false,
      feedback_message: 'Fair managers.',
      category_scores: [
        { category: WE, score: 5 },
        { category: MQ, score: 4 },
      ],
      overall_score: 4.5,
      created_at: publicRating.created_at,
      edited_at: null,
      verified_employee: false,
      reply: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(publicRater.email);
  });

  it('tells a rater they have rated, and lets nobody rate twice', async () => {
    const res = await profileOf(company, publicRater);
    expect(res.body).toMatchObject({ can_rate: false, user_has_rated: true });
    const employer = await makeUser(ctx, 'employer');
    const other = await profileOf(company, employer);
    expect(other.body).toMatchObject({ can_rate: false, user_has_rated: false });
    const self = await profileOf(company, company);
    expect(self.body).toMatchObject({ can_rate: false, user_has_rated: false });
  });
});

describe('anonymity', () => {
  it('shows an anonymous rating without any trace of its rater, dated to the day', async () => {
    const seenBy = [viewer, company, publicRater];
    for (const user of seenBy) {
      const profile = await profileOf(company, user);
      const shown = profile.body.all_ratings.find((r) => r.id === anonRating.id);
      expect(shown).toEqual({
        id: anonRating.id,
        ratee: company.id,
        ratee_name: 'Godavari Textiles',
        rater_name: 'Anonymous',
        role_context: 'EMPLOYEE_TO_COMPANY',
        is_anonymous: true,
        feedback_message: 'Slow promotions.',
        category_scores: [
          { category: WE, score: 4 },
          { category: CG, score: 3 },
        ],
        overall_score: 3.5,
        created_at: dayOnly(anonRating.created_at),
        edited_at: null,
        verified_employee: false,
        reply: null,
        // Only the rated party sees their dispute (none here).
        ...(user === company ? { dispute: null } : {}),
      });
      expectNoTraceOf(profile.body, anonRater);
      const stats = await get<UserStatsResponse>(ctx, user, `/api/core/users/${company.id}/stats/`);
      expect(stats.body.recent_ratings).toHaveLength(2);
      expectNoTraceOf(stats.body, anonRater);
      const list = await get<RatingPage>(ctx, user, `/api/core/users/${company.id}/ratings/`);
      expect(list.body.total_count).toBe(2);
      expectNoTraceOf(list.body, anonRater);
    }
    const dashboard = await get(ctx, company, '/api/core/dashboard/');
    expectNoTraceOf(dashboard.body, anonRater);
    const received = await get(ctx, company, '/api/core/my-ratings/received/');
    expectNoTraceOf(received.body, anonRater);
  });

  it('shows the anonymous rater their own rating in full', async () => {
    const res = await profileOf(company, anonRater);
    const own = res.body.all_ratings.find((r) => r.id === anonRating.id);
    expect(own).toMatchObject({
      rater: anonRater.id,
      rater_name: 'Zubin Hidden-Rater',
      created_at: anonRating.created_at,
      status: 'published',
    });
  });

  it('orders by day, then public ratings before anonymous ones, so position reveals no time', async () => {
    const ratee = await makeUser(ctx, 'employer');
    const raters = await Promise.all([1, 2, 3, 4, 5].map(() => makeUser(ctx, 'employee')));
    const [r1, r2, r3, r4, r5] = raters as [TestUser, TestUser, TestUser, TestUser, TestUser];
    // Days are India's (UTC+05:30): 10:00–12:00 UTC is the afternoon of 10 March there, 17:00 UTC on
    // the 9th is late on the 9th, and 19:00 UTC on the 10th is already the 11th.
    const early = await rate(ctx, r1, ratee); // public, 10:00
    const anon = await rate(ctx, r2, ratee, { is_anonymous: true }); // anonymous, 11:00
    const late = await rate(ctx, r3, ratee); // public, 12:00
    const yesterday = await rate(ctx, r4, ratee); // public, the day before
    const afterMidnight = await rate(ctx, r5, ratee, { is_anonymous: true }); // anonymous, the day after
    await setRatingCreatedAt(ctx, early.id, new Date('2030-03-10T10:00:00Z'));
    await setRatingCreatedAt(ctx, anon.id, new Date('2030-03-10T11:00:00Z'));
    await setRatingCreatedAt(ctx, late.id, new Date('2030-03-10T12:00:00Z'));
    await setRatingCreatedAt(ctx, yesterday.id, new Date('2030-03-09T17:00:00Z'));
    await setRatingCreatedAt(ctx, afterMidnight.id, new Date('2030-03-10T19:00:00Z'));
    const res = await get<RatingPage>(ctx, viewer, `/api/core/users/${ratee.id}/ratings/`);
    expect(res.body.results.map((r) => r.id)).toEqual([
      afterMidnight.id,
      late.id,
      early.id,
      anon.id,
      yesterday.id,
    ]);
    expect(res.body.results.map((r) => r.created_at)).toEqual([
      '2030-03-11T00:00:00.000Z',
      '2030-03-10T12:00:00.000Z',
      '2030-03-10T10:00:00.000Z',
      '2030-03-10T00:00:00.000Z',
      '2030-03-09T17:00:00.000Z',
    ]);
  });
});

describe('show_rating_details off', () => {
  let hidden: TestUser;
  beforeAll(async () => {
    hidden = await makeUser(ctx, 'employer', { name: 'Quiet Corp', showRatingDetails: false });
    await rate(ctx, publicRater, hidden, { values: [2, 3] });
    await rate(ctx, anonRater, hidden, { values: [5, 5], is_anonymous: true });
  });

  it('hides details, counts and ratings from others but keeps the average public', async () => {
    const profile = await profileOf(hidden, viewer);
    expect(profile.status).toBe(200);
    expect(profile.body.rating_summary).toEqual({
      average_rating: 3.8, // (2.5 + 5.0) / 2 = 3.75 -> 3.8
      total_ratings: null,
      ratings_by_category: null,
      distribution: null,
    });
    expect(profile.body.all_ratings).toEqual([]);
    expect(profile.body.user_profile).toMatchObject({
      show_rating_details: false,
      total_ratings_received: null,
    });

    const stats = await get<UserStatsResponse>(ctx, viewer, `/api/core/users/${hidden.id}/stats/`);
    expect(stats.body).toEqual({
      user_id: hidden.id,
      full_name: 'Quiet Corp',
      user_role: 'employer',
      average_rating: 3.8,
      total_ratings: null,
      ratings_by_category: null,
      recent_ratings: [],
    });

    const list = await get<RatingPage>(ctx, viewer, `/api/core/users/${hidden.id}/ratings/`);
    expect(list.body).toEqual({ results: [], total_count: 0, page: 1, page_size: 20, has_next: false });
  });

  it('shows the owner everything', async () => {
    const profile = await profileOf(hidden, hidden);
    expect(profile.body.rating_summary).toMatchObject({
      average_rating: 3.8,
      total_ratings: 2,
      distribution: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 1 },
    });
    expect(profile.body.rating_summary.ratings_by_category).toEqual({
      [WE as string]: { average: 3.5, count: 2 },
      [MQ as string]: { average: 4, count: 2 },
    });
    expect(profile.body.all_ratings).toHaveLength(2);
    expect(profile.body.user_profile.total_ratings_received).toBe(2);
    expectNoTraceOf(profile.body, anonRater);
    const stats = await get<UserStatsResponse>(ctx, hidden, `/api/core/users/${hidden.id}/stats/`);
    expect(stats.body).toMatchObject({ total_ratings: 2, recent_ratings: expect.any(Array) });
    expect(stats.body.recent_ratings).toHaveLength(2);
    const list = await get<RatingPage>(ctx, hidden, `/api/core/users/${hidden.id}/ratings/`);
    expect(list.body.total_count).toBe(2);
  });
});

describe('GET users/{id}/stats/', () => {
  it('answers the statistics of a user', async () => {
    const res = await get<UserStatsResponse>(ctx, viewer, `/api/core/users/${company.id}/stats/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: company.id,
      full_name: 'Godavari Textiles',
      user_role: 'employer',
      average_rating: 4,
      total_ratings: 2,
      ratings_by_category: {
        [WE as string]: { average: 4.5, count: 2 },
        [MQ as string]: { average: 4, count: 1 },
        [CG as string]: { average: 3, count: 1 },
      },
    });
    expect(res.body.recent_ratings.map((r) => r.id).sort()).toEqual([publicRating.id, anonRating.id].sort());
  });

  it('answers an employee rated by employers in the employer categories', async () => {
    const employee = await makeUser(ctx, 'employee');
    const employer = await makeUser(ctx, 'employer');
    await rate(ctx, employer, employee, { values: [3, 4, 5, 2, 1, 5] });
    const res = await get<UserStatsResponse>(ctx, viewer, `/api/core/users/${employee.id}/stats/`);
    expect(Object.keys(res.body.ratings_by_category ?? {})).toEqual([
      ...RATING_CATEGORIES.EMPLOYER_TO_EMPLOYEE,
    ]);
    expect(res.body).toMatchObject({ user_role: 'employee', average_rating: 3.3, total_ratings: 1 });
  });
});

describe('GET users/{id}/profile/?ratings=N', () => {
  it('carries the N newest ratings, the first page of GET …/ratings/ at that size', async () => {
    const ratee = await makeUser(ctx, 'employer');
    for (let i = 0; i < 4; i++) await rate(ctx, await makeUser(ctx, 'employee'), ratee, { values: [i + 1] });
    const all = await get<ProfileResponse>(ctx, viewer, `/api/core/users/${ratee.id}/profile/`);
    expect(all.body.all_ratings).toHaveLength(4);
    const two = await get<ProfileResponse>(ctx, viewer, `/api/core/users/${ratee.id}/profile/?ratings=2`);
    expect(two.status).toBe(200);
    expect(two.body.all_ratings).toEqual(all.body.all_ratings.slice(0, 2));
    expect(two.body.rating_summary).toEqual(all.body.rating_summary);
    const page = await get<RatingPage>(ctx, viewer, `/api/core/users/${ratee.id}/ratings/?page_size=2`);
    expect(page.body.results).toEqual(two.body.all_ratings);
    // The default again, after the smaller answer was cached: each size is its own answer.
    expect((await get<ProfileResponse>(ctx, viewer, `/api/core/users/${ratee.id}/profile/`)).body).toEqual(
      all.body,
    );
    for (const bad of ['51', '-1', 'x', '1.5']) {
      const res = await get(ctx, viewer, `/api/core/users/${ratee.id}/profile/?ratings=${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('GET users/{id}/ratings/', () => {
  it('pages the published ratings', async () => {
    const ratee = await makeUser(ctx, 'employer');
    for (let i = 0; i < 3; i++) await rate(ctx, await makeUser(ctx, 'employee'), ratee, { values: [i + 1] });
    const url = `/api/core/users/${ratee.id}/ratings/`;
    const first = await get<RatingPage>(ctx, viewer, `${url}?page_size=2`);
    expect(first.body).toMatchObject({ total_count: 3, page: 1, page_size: 2, has_next: true });
    expect(first.body.results.map((r) => r.overall_score)).toEqual([3, 2]);
    const second = await get<RatingPage>(ctx, viewer, `${url}?page_size=2&page=2`);
    expect(second.body).toMatchObject({ total_count: 3, page: 2, has_next: false });
    expect(second.body.results.map((r) => r.overall_score)).toEqual([1]);
    const past = await get<RatingPage>(ctx, viewer, `${url}?page_size=2&page=3`);
    expect(past.body).toEqual({ results: [], total_count: 3, page: 3, page_size: 2, has_next: false });
    const bad = await get(ctx, viewer, `${url}?page=-1`);
    expect(bad.status).toBe(400);
  });
});

describe('hidden ratings', () => {
  it('leave every public list, count and average, and show as hidden to their rater', async () => {
    const ratee = await makeUser(ctx, 'employer', { name: 'Hooghly Jute Mills' });
    const kept = await rate(ctx, await makeUser(ctx, 'employee'), ratee, { values: [2] });
    const rater = await makeUser(ctx, 'employee');
    const removed = await rate(ctx, rater, ratee, { values: [5] });
    expect((await profileOf(ratee, viewer)).body.rating_summary.average_rating).toBe(3.5);

    await hideRatings(ctx, [removed.id]);
    expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);

    const profile = await profileOf(ratee, viewer);
    expect(profile.body.rating_summary).toMatchObject({
      average_rating: 2,
      total_ratings: 1,
      ratings_by_category: { [WE as string]: { average: 2, count: 1 } },
      distribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 0 },
    });
    expect(profile.body.all_ratings.map((r) => r.id)).toEqual([kept.id]);
    expect(profile.body.user_profile).toMatchObject({ rating_received: 2, total_ratings_received: 1 });
    const list = await get<RatingPage>(ctx, viewer, `/api/core/users/${ratee.id}/ratings/`);
    expect(list.body.results.map((r) => r.id)).toEqual([kept.id]);
    expect(list.body.total_count).toBe(1);
    const stats = await get<UserStatsResponse>(ctx, viewer, `/api/core/users/${ratee.id}/stats/`);
    expect(stats.body).toMatchObject({ average_rating: 2, total_ratings: 1 });
    expect(stats.body.recent_ratings.map((r) => r.id)).toEqual([kept.id]);
    const ownDashboard = await get<{ stats: unknown; recent_ratings: Rating[] }>(
      ctx,
      ratee,
      '/api/core/dashboard/',
    );
    expect(ownDashboard.body.stats).toEqual({ ratings_received: 1, ratings_given: 0, average_rating: 2 });
    expect(ownDashboard.body.recent_ratings.map((r) => r.id)).toEqual([kept.id]);
    const received = await get<RatingPage>(ctx, ratee, '/api/core/my-ratings/received/');
    expect(received.body.results.map((r) => r.id)).toEqual([kept.id]);
    expect(received.body.total_count).toBe(1);
    const directory = await get<{
      results: { id: number; rating_received: number; total_ratings_received: number }[];
    }>(ctx, viewer, '/api/core/companies/?search=Hooghly');
    expect(directory.body.results).toEqual([
      expect.objectContaining({ id: ratee.id, rating_received: 2, total_ratings_received: 1 }),
    ]);

    const given = await get<RatingPage>(ctx, rater, '/api/core/my-ratings/given/');
    expect(given.body.results).toEqual([expect.objectContaining({ id: removed.id, status: 'hidden' })]);
    // the rater still counts as having rated: no second rating
    expect((await profileOf(ratee, rater)).body).toMatchObject({ can_rate: false, user_has_rated: true });
  });
});

describe('not found', () => {
  it('answers unknown, suspended and moderator users with 404 "User not found"', async () => {
    const suspended = await makeUser(ctx, 'employer', { isActive: false });
    const moderator = await makeUser(ctx, 'moderator');
    for (const id of [2_000_000_000, suspended.id, moderator.id]) {
      for (const tail of ['profile', 'stats', 'ratings']) {
        const res = await get(ctx, viewer, `/api/core/users/${id}/${tail}/`);
        expect(res.status, `${id} ${tail}`).toBe(404);
        expect(res.body).toEqual({ detail: MSG.userNotFound });
      }
    }
  });

  it('answers malformed ids with 404', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '1e3', "1'%20or%201=1"]) {
      const res = await get(ctx, viewer, `/api/core/users/${id}/profile/`);
      expect(res.status, id).toBe(404);
    }
  });

  it("names a user only by its id's own digits, not by another spelling of the number", async () => {
    expect((await get(ctx, viewer, `/api/core/users/${company.id}/profile/`)).status).toBe(200);
    const id = company.id;
    for (const spelling of [
      `0x${id.toString(16)}`,
      `00${id}`,
      `%2B${id}`,
      `${id}.0`,
      `${id}%20`,
      `${id}e0`,
    ]) {
      const res = await get(ctx, viewer, `/api/core/users/${spelling}/profile/`);
      expect(res.status, spelling).toBe(404);
      expect(res.body).toEqual({ detail: MSG.notFound });
    }
  });

  it('needs a signed-in user for every core endpoint', async () => {
    for (const url of [
      '/api/core/companies/',
      '/api/core/employees/',
      '/api/core/rating-categories/?role_context=EMPLOYEE_TO_COMPANY',
      `/api/core/users/${company.id}/profile/`,
      `/api/core/users/${company.id}/stats/`,
      `/api/core/users/${company.id}/ratings/`,
      '/api/core/dashboard/',
      '/api/core/my-ratings/given/',
      '/api/core/my-ratings/received/',
    ]) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.status, url).toBe(401);
      const bad = await call(ctx.app, 'GET', url, { token: 'not.a.token' });
      expect(bad.status, url).toBe(401);
    }
    const post = await call(ctx.app, 'POST', '/api/core/check-rating-eligibility/', { body: {} });
    expect(post.status).toBe(401);
  });
});
