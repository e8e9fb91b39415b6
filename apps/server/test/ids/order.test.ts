// With random ids (ADR 0016) no list may use the id as a stand-in for time: lists go by created_at,
// the id breaking ties only. Public lists keep their rule (newest day first, public ratings before
// anonymous ones within a day), then public ratings by their exact time and anonymous ones by id.
// Times are set so that the id order is the opposite of the time order: ordered by id, every check fails.
import type { DashboardResponse, ProfileResponse, Rating } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, makeUser, rate, setRatingCreatedAt, type TestUser } from '../core/support.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type List<T> = { results: T[] };
// Times of one day in India, whose days the lists go by (db/days.ts).
const DAY = '2026-05-04';
const at = (time: string) => new Date(`${DAY}T${time}+05:30`);

/** Gives the ratings times in `times`' order, the smallest id the latest time. */
async function timeAgainstIds(ratings: Rating[], times: string[]): Promise<Rating[]> {
  const byId = [...ratings].sort((a, b) => a.id - b.id);
  const latestFirst = [...times].sort().reverse();
  for (const [i, rating] of byId.entries())
    await setRatingCreatedAt(ctx, rating.id, at(latestFirst[i] as string));
  // Newest first: ascending ids.
  return byId;
}

describe('lists of ratings', () => {
  let company: TestUser;
  let viewer: TestUser;
  let publicNewestFirst: number[];
  let anonymousByIdDesc: number[];
  let olderDay: number;

  beforeAll(async () => {
    company = await makeUser(ctx, 'employer');
    viewer = await makeUser(ctx, 'employee');
    const authors = await Promise.all(Array.from({ length: 8 }, () => makeUser(ctx, 'employee')));
    const open: Rating[] = [];
    const anonymous: Rating[] = [];
    for (const [i, author] of authors.slice(0, 7).entries()) {
      const rating = await rate(ctx, author, company, { is_anonymous: i >= 4 });
      (i >= 4 ? anonymous : open).push(rating);
    }
    publicNewestFirst = (await timeAgainstIds(open, ['09:00:00', '11:00:00', '13:00:00', '15:00:00'])).map(
      (r) => r.id,
    );
    // Anonymous ratings: by id, highest first, whatever their times (here the reverse of it).
    const anonymousIds = await timeAgainstIds(anonymous, ['08:00:00', '12:00:00', '23:00:00']);
    anonymousByIdDesc = anonymousIds.map((r) => r.id).reverse();
    // A public rating of the day before, written last and so with no particular id, comes last.
    const older = await rate(ctx, authors[7] as TestUser, company);
    await setRatingCreatedAt(ctx, older.id, new Date('2026-05-03T23:59:00+05:30'));
    olderDay = older.id;
  });

  const expected = () => [...publicNewestFirst, ...anonymousByIdDesc, olderDay];

  it('on a profile: newest day first, public ratings newest first, then anonymous ones by id', async () => {
    const profile = await get<ProfileResponse>(ctx, viewer, `/api/core/users/${company.id}/profile/`);
    expect(profile.body.all_ratings.map((r) => r.id)).toEqual(expected());
    // Not the id order, which a sequence would have made the time order.
    expect(expected().slice(0, 4)).toEqual([...expected().slice(0, 4)].sort((a, b) => a - b));
  });

  it("on the pages of a profile, the ratee's received list and dashboard, in the same order", async () => {
    const page = await get<List<Rating>>(ctx, viewer, `/api/core/users/${company.id}/ratings/?page_size=100`);
    expect(page.body.results.map((r) => r.id)).toEqual(expected());
    const paged: number[] = [];
    for (let n = 1; n <= 3; n++) {
      const part = await get<List<Rating>>(
        ctx,
        viewer,
        `/api/core/users/${company.id}/ratings/?page_size=3&page=${n}`,
      );
      paged.push(...part.body.results.map((r) => r.id));
    }
    expect(paged).toEqual(expected());
    const received = await get<List<Rating>>(ctx, company, '/api/core/my-ratings/received/?page_size=100');
    expect(received.body.results.map((r) => r.id)).toEqual(expected());
    const dashboard = await get<DashboardResponse>(ctx, company, '/api/core/dashboard/');
    expect(dashboard.body.recent_ratings.map((r) => r.id)).toEqual(expected().slice(0, 5));
  });

  it("in the author's own list: by exact time, newest first", async () => {
    const author = await makeUser(ctx, 'employee');
    const companies = await Promise.all(Array.from({ length: 4 }, () => makeUser(ctx, 'employer')));
    const written: Rating[] = [];
    for (const target of companies) written.push(await rate(ctx, author, target, { is_anonymous: true }));
    const newestFirst = (await timeAgainstIds(written, ['10:00:00', '10:00:01', '10:00:02', '10:00:03'])).map(
      (r) => r.id,
    );
    const given = await get<List<Rating>>(ctx, author, '/api/core/my-ratings/given/');
    expect(given.body.results.map((r) => r.id)).toEqual(newestFirst);
  });
});
