// The per-process answer cache (lib/view-cache.ts, drizzle/0007, ADR 0007): profiles, the dashboard
// and my ratings received are served from it only while nothing they show has changed. Two app
// instances with caches of their own share one database, as instances behind a load balancer do;
// a third without a cache is the oracle: after every kind of change, a warm instance must answer
// byte for byte what the database gives now.
import type { Rating } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { queryRows } from '../../src/db/client.ts';
import { createViewCache } from '../../src/lib/view-cache.ts';
import { createModerator } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
import { makeUser, rate, type TestUser } from './support.ts';

let ctx: TestContext;
/** A second instance on the same database, with a cache of its own. */
let other: App;
/** An instance without a cache: what the database says now. */
let oracle: App;
let moderatorToken: string;
let company: TestUser;
let rater: TestUser;
let anonRater: TestUser;
let viewer: TestUser;
let publicRating: Rating;

const cacheOf = (app: App) => app.deps.viewCache;

async function read(app: App, user: TestUser, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });
  return { status: res.statusCode, body: res.body, type: res.headers['content-type'] };
}

/** Reads `url` as `user` from both caching instances (twice each) and the oracle: all must agree. */
async function expectFresh(user: TestUser, url: string) {
  const truth = await read(oracle, user, url);
  for (const app of [ctx.app, other]) {
    for (let i = 0; i < 2; i += 1) {
      const answer = await read(app, user, url);
      expect(answer.status).toBe(truth.status);
      expect(answer.body).toBe(truth.body);
      expect(answer.type).toBe(truth.type);
    }
  }
  return truth.status === 200 ? JSON.parse(truth.body) : null;
}

const moderate = (path: string) =>
  call(ctx.app, 'POST', `/api/moderation/${path}`, { token: moderatorToken, body: { reason: 'Test' } });

beforeAll(async () => {
  ctx = await createTestApp();
  other = await buildApp({ ...ctx.deps, viewCache: createViewCache(1024 * 1024) });
  oracle = await buildApp({ ...ctx.deps, viewCache: createViewCache(0) });
  moderatorToken = (await createModerator(ctx)).access;
  company = await makeUser(ctx, 'employer', { name: 'Kaveri Looms' });
  rater = await makeUser(ctx, 'employee', { name: 'Anjali Menon' });
  anonRater = await makeUser(ctx, 'employee', { name: 'Quiet Rater' });
  viewer = await makeUser(ctx, 'employee', { name: 'Rohan Das' });
  publicRating = await rate(ctx, rater, company, { feedback_message: 'Honest pay.' });
  await rate(ctx, anonRater, company, { is_anonymous: true, values: [2, 2, 2] });
});

afterAll(async () => {
  await other?.close();
  await oracle?.close();
  await ctx?.close();
});

describe('a profile from the cache', () => {
  it('is served from the cache when nothing changed, exactly as the database gives it', async () => {
    const url = `/api/core/users/${company.id}/profile/`;
    const before = cacheOf(ctx.app).stats();
    const profile = await expectFresh(viewer, url);
    const after = cacheOf(ctx.app).stats();
    expect(after.hits - before.hits).toBe(1);
    expect(after.entries).toBeGreaterThan(0);
    expect(profile.all_ratings).toHaveLength(2);
    expect(profile).toMatchObject({ can_rate: true, user_has_rated: false });
  });

  it.each([
    ['a new rating', async () => void (await rate(ctx, viewer, company, { values: [5, 5, 5] }))],
    ['a rating hidden', () => moderate(`ratings/${publicRating.id}/hide/`)],
    ['a rating restored', () => moderate(`ratings/${publicRating.id}/restore/`)],
    [
      'a rater renamed',
      () =>
        call(ctx.app, 'PATCH', '/api/auth/profile/', { token: rater.token, body: { full_name: 'Anjali M' } }),
    ],
    ['a rater suspended', () => moderate(`users/${rater.id}/suspend/`)],
    ['a rater reinstated', () => moderate(`users/${rater.id}/reinstate/`)],
    [
      'the rating details hidden',
      () =>
        call(ctx.app, 'PATCH', '/api/auth/profile/', {
          token: company.token,
          body: { show_rating_details: false },
        }),
    ],
    [
      'the profile edited',
      () =>
        call(ctx.app, 'PATCH', '/api/auth/profile/', { token: company.token, body: { city: 'Coimbatore' } }),
    ],
  ])('shows %s at once on every instance', async (_change, change) => {
    const url = `/api/core/users/${company.id}/profile/`;
    const outsider = await makeUser(ctx, 'employer');
    const before = await expectFresh(outsider, url);
    await change();
    const after = await expectFresh(outsider, url);
    expect(after).not.toEqual(before);
  });

  it('shows raters their own rating in full and the user their own details, whatever is cached', async () => {
    const url = `/api/core/users/${company.id}/profile/`;
    const outsider = await makeUser(ctx, 'employee');
    const showDetails = (show: boolean) =>
      call(ctx.app, 'PATCH', '/api/auth/profile/', {
        token: company.token,
        body: { show_rating_details: show },
      });

    await showDetails(true);
    const seenByOthers = await expectFresh(outsider, url);
    expect(seenByOthers.all_ratings).toHaveLength(3);
    expect(JSON.stringify(seenByOthers)).not.toContain(anonRater.fullName);
    const seenByRater = await expectFresh(anonRater, url);
    expect(seenByRater).toMatchObject({ user_has_rated: true, can_rate: false });
    const own = seenByRater.all_ratings.find((r: Rating) => r.rater === anonRater.id);
    expect(own).toMatchObject({ rater_name: 'Quiet Rater', is_anonymous: true, status: 'published' });
    expect((await expectFresh(outsider, url)).all_ratings).toEqual(seenByOthers.all_ratings);

    await showDetails(false);
    const hidden = await expectFresh(outsider, url);
    expect(hidden.rating_summary.total_ratings).toBeNull();
    expect(hidden.all_ratings).toEqual([]);
    const seenBySelf = await expectFresh(company, url);
    expect(seenBySelf.user_profile.total_ratings_received).toBe(3);
    expect(seenBySelf.all_ratings).toHaveLength(3);
  });

  it("keeps the user's and each rater's own views apart, and follows changes to them", async () => {
    const shop = await makeUser(ctx, 'employer', { name: 'Own View Traders' });
    const fan = await makeUser(ctx, 'employee');
    const critic = await makeUser(ctx, 'employee');
    const url = `/api/core/users/${shop.id}/profile/`;
    const fanRating = await rate(ctx, fan, shop, { is_anonymous: true, values: [5, 5, 5] });
    await rate(ctx, critic, shop, { values: [1, 1, 1] });
    const byFan = await expectFresh(fan, url);
    const byCritic = await expectFresh(critic, url);
    const own = (page: { all_ratings: Rating[] }, user: TestUser) =>
      page.all_ratings.find((r) => r.rater === user.id);
    expect(own(byFan, fan)).toMatchObject({ is_anonymous: true, status: 'published' });
    expect(own(byCritic, fan)).toBeUndefined();
    expect(byCritic.all_ratings.find((r: Rating) => r.id === fanRating.id)?.rater_name).toBe('Anonymous');
    expect(byFan).toMatchObject({ user_has_rated: true, can_rate: false });

    await moderate(`ratings/${fanRating.id}/hide/`);
    expect(own(await expectFresh(fan, url), fan)).toBeUndefined();
    const bySelf = await expectFresh(shop, url);
    expect(bySelf.rating_summary.total_ratings).toBe(1);
    await rate(ctx, await makeUser(ctx, 'employee'), shop);
    expect((await expectFresh(shop, url)).rating_summary.total_ratings).toBe(2);
  });

  it("leaves the rated user's version alone when an anonymous author renames or appeals, and shows the author at once", async () => {
    const mill = await makeUser(ctx, 'employer', { name: 'Quiet Version Mills' });
    const author = await makeUser(ctx, 'employee', { name: 'Meera Iyer' });
    const url = `/api/core/users/${mill.id}/profile/`;
    const versionOf = async (id: number) =>
      Number(
        (
          await queryRows<{ v: string }>(
            ctx.deps.db,
            sql`select view_version::text as v from users where id = ${id}`,
          )
        )[0]?.v,
      );
    const anonymous = await rate(ctx, author, mill, { is_anonymous: true, values: [2, 2, 2] });
    await rate(ctx, await makeUser(ctx, 'employee'), mill, { values: [4, 4, 4] });
    const own = (page: { all_ratings: Rating[] }) => page.all_ratings.find((r) => r.id === anonymous.id);
    expect(own(await expectFresh(author, url))?.rater_name).toBe('Meera Iyer');
    const before = await versionOf(mill.id);
    const renamed = await call(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: author.token,
      body: { full_name: 'Meera Krishnan' },
    });
    expect(renamed.status).toBe(200);
    expect(await versionOf(mill.id)).toBe(before);
    // Every instance shows the author their new name on their own rating, as the database does.
    expect(own(await expectFresh(author, url))?.rater_name).toBe('Meera Krishnan');
    await moderate(`ratings/${anonymous.id}/hide/`);
    const hidden = await versionOf(mill.id);
    const appealed = await call(ctx.app, 'POST', `/api/core/ratings/${anonymous.id}/appeal/`, {
      token: author.token,
      body: { message: 'The review describes my own appraisal, nothing else.' },
    });
    expect(appealed.status).toBe(201);
    expect(await versionOf(mill.id)).toBe(hidden);
    await expectFresh(author, url);
    await expectFresh(mill, url);
  });

  it('is gone at once when the user is suspended', async () => {
    const url = `/api/core/users/${company.id}/profile/`;
    await expectFresh(viewer, url);
    expect((await moderate(`users/${company.id}/suspend/`)).status).toBe(200);
    expect((await read(other, viewer, url)).status).toBe(404);
    expect((await moderate(`users/${company.id}/reinstate/`)).status).toBe(200);
    expect((await read(other, viewer, url)).status).toBe(200);
  });

  it('is refused to a session that has ended, even when warm', async () => {
    const url = `/api/core/users/${company.id}/profile/`;
    const signedIn = await makeUser(ctx, 'employee');
    await expectFresh(signedIn, url);
    await moderate(`users/${signedIn.id}/suspend/`);
    expect((await read(ctx.app, signedIn, url)).status).toBe(401);
    expect((await read(other, signedIn, url)).status).toBe(401);
  });
});

describe('own pages from the cache', () => {
  it('the dashboard follows ratings received and given', async () => {
    const employee = await makeUser(ctx, 'employee');
    const employer = await makeUser(ctx, 'employer');
    const url = '/api/core/dashboard/';
    const first = await expectFresh(employee, url);
    expect(first.stats).toEqual({ ratings_received: 0, ratings_given: 0, average_rating: 0 });

    await rate(ctx, employer, employee, { values: [4, 4, 4] });
    const received = await expectFresh(employee, url);
    expect(received.stats).toEqual({ ratings_received: 1, ratings_given: 0, average_rating: 4 });
    expect(received.recent_ratings).toHaveLength(1);

    await rate(ctx, employee, await makeUser(ctx, 'employer'));
    expect((await expectFresh(employee, url)).stats.ratings_given).toBe(1);

    await call(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: employer.token,
      body: { full_name: 'Renamed Co' },
    });
    expect((await expectFresh(employee, url)).recent_ratings[0].rater_name).toBe('Renamed Co');
  });

  it('my ratings received follow a new rating, a hidden one and a renamed rater, page by page', async () => {
    const employee = await makeUser(ctx, 'employee');
    const employers = [await makeUser(ctx, 'employer'), await makeUser(ctx, 'employer')];
    const url = (page: number) => `/api/core/my-ratings/received/?page=${page}&page_size=1`;
    const first = await rate(ctx, employers[0] as TestUser, employee);
    expect((await expectFresh(employee, url(1))).total_count).toBe(1);
    await expectFresh(employee, url(2));

    await rate(ctx, employers[1] as TestUser, employee);
    expect((await expectFresh(employee, url(2))).results).toHaveLength(1);

    await moderate(`ratings/${first.id}/hide/`);
    expect((await expectFresh(employee, url(1))).total_count).toBe(1);

    await call(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: (employers[1] as TestUser).token,
      body: { full_name: 'Second Name Pvt Ltd' },
    });
    expect((await expectFresh(employee, url(1))).results[0].rater_name).toBe('Second Name Pvt Ltd');
  });
});

describe('directory pages from the cache', () => {
  it('follow ratings, sign-ups, renames, privacy and suspensions at once on every instance', async () => {
    const employer = await makeUser(ctx, 'employer');
    const url = '/api/core/employees/?sort=top&page_size=50';
    const listed = await makeUser(ctx, 'employee', { name: 'Listed Person', skills: ['Tally'] });
    const first = await expectFresh(employer, url);
    expect(cacheOf(other).stats().hits).toBeGreaterThan(0);
    const entry = (page: { results: ({ id: number } & Record<string, unknown>)[] }) =>
      page.results.find((u) => u.id === listed.id);
    expect(entry(first)).toMatchObject({ rating_received: 0, can_rate: true, user_has_rated: false });

    await rate(ctx, employer, listed, { values: [5, 5, 5] });
    expect(entry(await expectFresh(employer, url))).toMatchObject({
      rating_received: 5,
      user_has_rated: true,
    });

    const newcomer = await makeUser(ctx, 'employee', { name: 'New Joiner' });
    const withNewcomer = await expectFresh(employer, url);
    expect(withNewcomer.total_count).toBe(first.total_count + 1);
    expect(withNewcomer.results.map((u: { id: number }) => u.id)).toContain(newcomer.id);

    await call(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: listed.token,
      body: { full_name: 'Renamed Person' },
    });
    expect(entry(await expectFresh(employer, url))?.full_name).toBe('Renamed Person');

    await call(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: listed.token,
      body: { show_rating_details: false },
    });
    expect(entry(await expectFresh(employer, url))?.total_ratings_received).toBeNull();

    await moderate(`users/${listed.id}/suspend/`);
    const afterSuspension = await expectFresh(employer, url);
    expect(entry(afterSuspension)).toBeUndefined();
    expect(afterSuspension.total_count).toBe(withNewcomer.total_count - 1);
  });

  it('give each caller their own user_has_rated and can_rate on a shared cached page', async () => {
    const url = '/api/core/companies/?search=Kaveri';
    const fresh = await makeUser(ctx, 'employee');
    const asFresh = await expectFresh(fresh, url);
    expect(asFresh.results[0]).toMatchObject({ id: company.id, user_has_rated: false, can_rate: true });
    const asRater = await expectFresh(anonRater, url);
    expect(asRater.results[0]).toMatchObject({ id: company.id, user_has_rated: true, can_rate: false });
    expect((await expectFresh(fresh, url)).results[0].user_has_rated).toBe(false);
  });
});

describe('the versions in the database', () => {
  const directoryVersion = async () => {
    const [row] = await queryRows<{ v: string }>(
      ctx.deps.db,
      sql`select sum(version) as v from directory_versions`,
    );
    return Number(row?.v);
  };
  const viewVersion = async (id: number) => {
    const [row] = await queryRows<{ v: string }>(
      ctx.deps.db,
      sql`select view_version as v from users where id = ${id}`,
    );
    return Number(row?.v);
  };

  it('move with committed writes only', async () => {
    const user = await makeUser(ctx, 'employee');
    const [directoryBefore, viewBefore] = [await directoryVersion(), await viewVersion(user.id)];
    await ctx.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set city = 'Agra' where id = ${user.id}`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await directoryVersion()).toBe(directoryBefore);
    expect(await viewVersion(user.id)).toBe(viewBefore);
    await ctx.deps.db.execute(sql`update users set city = 'Agra' where id = ${user.id}`);
    expect(await directoryVersion()).toBe(directoryBefore + 1);
    expect(await viewVersion(user.id)).toBe(viewBefore + 1);
  });

  it('let concurrent ratings through without waiting on each other, each moving the directory', async () => {
    const companies = await Promise.all(Array.from({ length: 12 }, () => makeUser(ctx, 'employer')));
    const raters = await Promise.all(Array.from({ length: 12 }, () => makeUser(ctx, 'employee')));
    const before = await directoryVersion();
    await Promise.all(raters.map((r, i) => rate(ctx, r, companies[i] as TestUser)));
    // Each rating is one statement that updates its company's row.
    expect(await directoryVersion()).toBeGreaterThanOrEqual(before + 12);
  });
});

describe('the cache itself', () => {
  it('keeps nothing with VIEW_CACHE_MB=0', async () => {
    const off = createViewCache(0);
    off.set('k', 1, 'value', 5);
    expect(off.get('k', 1)).toBeUndefined();
    expect(off.stats()).toMatchObject({ hits: 0, misses: 1, entries: 0 });
  });

  it('answers only at the version an entry was stored at, and keeps the newer of two', () => {
    const cache = createViewCache(1000);
    cache.set('k', 2, 'two', 3);
    cache.set('k', 1, 'one', 3);
    expect(cache.get('k', 1)).toBeUndefined();
    expect(cache.get('k', 2)).toBe('two');
    cache.set('k', 3, 'three', 5);
    expect(cache.get('k', 3)).toBe('three');
  });

  it('stays within its size, dropping the least recently used', () => {
    const cache = createViewCache(100);
    for (let i = 0; i < 10; i += 1) cache.set(`k${i}`, 1, i, 30);
    expect(cache.stats().size).toBeLessThanOrEqual(100);
    expect(cache.get('k9', 1)).toBe(9);
    expect(cache.get('k0', 1)).toBeUndefined();
    cache.set('huge', 1, 'x', 101);
    expect(cache.get('huge', 1)).toBeUndefined();
  });
});

describe('answers read from a replica (ADR 0026)', () => {
  it('are kept only until their allowance runs out, and never given to a caller who wrote lately', async () => {
    const cache = createViewCache(1_000_000);
    cache.set('profile:1', 7, 'from the replica', 100, Date.now() + 150);
    cache.set('profile:2', 7, 'from the primary', 100);
    expect(cache.get('profile:1', 7)).toBe('from the replica');
    // The caller's own write may not be in it: only the primary's answer will do.
    expect(cache.get('profile:1', 7, true)).toBeUndefined();
    expect(cache.get('profile:2', 7, true)).toBe('from the primary');
    // An allowance already spent keeps nothing.
    cache.set('profile:3', 7, 'too old', 100, Date.now() - 1);
    expect(cache.get('profile:3', 7)).toBeUndefined();
    await new Promise((done) => setTimeout(done, 200));
    expect(cache.get('profile:1', 7)).toBeUndefined();
    expect(cache.get('profile:2', 7)).toBe('from the primary');
  });
});
