// "N of M ratings from verified employees" and the "Verified only" view of a company (DESIGN §9.4):
// the count, and the ratings and summary of verified employees alone, only past VERIFIED_BADGE_MIN
// verified raters and only where the caller may see rating details; a 400 anywhere else.
import { MSG, type ProfileResponse, type RatingList } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employmentVerifications, users } from '../../src/db/schema/index.ts';
import { get, makeUser, rate, type TestUser } from '../core/support.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

const BADGE_MIN = 3;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ VERIFIED_BADGE_MIN: String(BADGE_MIN) });
});
afterAll(() => ctx.close());

/** An employee with a verification at `company`, as a confirmed work-email code leaves it. */
async function verifiedEmployee(company: TestUser) {
  const employee = await makeUser(ctx, 'employee');
  await ctx.deps.db
    .insert(employmentVerifications)
    .values({ employeeId: employee.id, companyId: company.id, domain: 'kaveri.example' });
  return employee;
}

const profile = (viewer: TestUser, company: TestUser, query = '') =>
  get<ProfileResponse>(ctx, viewer, `/api/core/users/${company.id}/profile/${query}`);

describe('a company’s ratings from verified employees', () => {
  it('counts them past the minimum and shows them alone on request: the list and the summary', async () => {
    const company = await makeUser(ctx, 'employer');
    const reader = await makeUser(ctx, 'employee');
    // Two ordinary ratings of 1, then verified ones of 5, one of them anonymous.
    for (let i = 0; i < 2; i++)
      await rate(ctx, await makeUser(ctx, 'employee'), company, { values: [1, 1, 1] });
    const verified = [];
    for (let i = 0; i < BADGE_MIN - 1; i++) {
      verified.push(await rate(ctx, await verifiedEmployee(company), company, { values: [5, 5, 5] }));
    }

    // One short of the minimum: no count, and no verified-only view, which would tell which ratings
    // carry the badge that the minimum keeps hidden.
    expect((await profile(reader, company)).body.verified_ratings).toBeNull();
    const early = await profile(reader, company, '?verified=true');
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ detail: MSG.verifiedOnlyUnavailable });

    const anonymous = await rate(ctx, await verifiedEmployee(company), company, {
      values: [5, 5, 5],
      is_anonymous: true,
    });
    verified.push(anonymous);
    const whole = await profile(reader, company);
    expect(whole.body.verified_ratings).toEqual({ count: BADGE_MIN, total: BADGE_MIN + 2 });
    expect(whole.body.rating_summary.total_ratings).toBe(BADGE_MIN + 2);
    expect(whole.body.rating_summary.average_rating).toBe(3.4);

    const only = await profile(reader, company, '?verified=true');
    expect(only.status).toBe(200);
    expect(only.body.verified_ratings).toEqual({ count: BADGE_MIN, total: BADGE_MIN + 2 });
    expect(only.body.all_ratings.map((r) => r.id).sort()).toEqual(verified.map((r) => r.id).sort());
    expect(only.body.all_ratings.every((r) => r.verified_employee)).toBe(true);
    expect(only.body.rating_summary).toEqual({
      average_rating: 5,
      total_ratings: BADGE_MIN,
      ratings_by_category: Object.fromEntries(
        Object.keys(whole.body.rating_summary.ratings_by_category ?? {}).map((category) => [
          category,
          { average: 5, count: BADGE_MIN },
        ]),
      ),
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': BADGE_MIN },
    });
    // The anonymous one stays anonymous in the verified list too.
    const shown = only.body.all_ratings.find((r) => r.id === anonymous.id);
    expect(shown?.rater).toBeUndefined();
    expect(shown?.rater_name).toBe('Anonymous');

    // The pages after the first, verified only as well.
    const page = await get<RatingList>(
      ctx,
      reader,
      `/api/core/users/${company.id}/ratings/?verified=true&page_size=2`,
    );
    expect(page.status).toBe(200);
    expect(page.body.total_count).toBe(BADGE_MIN);
    expect(page.body.results).toHaveLength(2);
    expect(page.body.results.every((r) => r.verified_employee)).toBe(true);
  });

  it('is refused for an employee, and for a company whose details are private', async () => {
    const employer = await makeUser(ctx, 'employer');
    const employee = await makeUser(ctx, 'employee');
    await rate(ctx, employer, employee);
    const ofEmployee = await get(ctx, employer, `/api/core/users/${employee.id}/profile/?verified=true`);
    expect(ofEmployee.status).toBe(400);
    expect((await get(ctx, employer, `/api/core/users/${employee.id}/ratings/?verified=true`)).status).toBe(
      400,
    );

    const company = await makeUser(ctx, 'employer');
    for (let i = 0; i < BADGE_MIN; i++) await rate(ctx, await verifiedEmployee(company), company);
    const reader = await makeUser(ctx, 'employee');
    expect((await profile(reader, company)).body.verified_ratings).toEqual({
      count: BADGE_MIN,
      total: BADGE_MIN,
    });
    await ctx.deps.db.update(users).set({ showRatingDetails: false }).where(eq(users.id, company.id));
    await ctx.deps.db.update(users).set({ viewVersion: 9_999 }).where(eq(users.id, company.id));
    expect((await profile(reader, company)).body.verified_ratings).toBeNull();
    expect((await profile(reader, company, '?verified=true')).status).toBe(400);
    // The company itself still sees its own counts.
    expect((await profile(company, company)).body.verified_ratings).toEqual({
      count: BADGE_MIN,
      total: BADGE_MIN,
    });
  });

  it('answers a clear 400 for a value that is not true or false', async () => {
    const company = await makeUser(ctx, 'employer');
    const reader = await makeUser(ctx, 'employee');
    const answer = await profile(reader, company, '?verified=yes');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { verified: ['Must be true or false.'] } });
  });
});
