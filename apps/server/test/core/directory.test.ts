// GET /api/core/companies/ and /api/core/employees/: role gates, every filter and sort, paging,
// can_rate / user_has_rated, privacy of review counts, totals of long filtered lists capped as a
// search's are, and the indexes the queries use.
import { type DirectoryItem, type ListSort, MSG, SEARCH_RESULT_CAP } from '@workspace/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import type { Page } from '../../src/lib/paging.ts';
import { directoryPage, ORDER } from '../../src/modules/directory/repository.ts';
import { listPageQuery } from '../../src/modules/ratings/repository.ts';
import { bulkUsers, removeTagged } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
import { get, makeUser, rate, type TestUser } from './support.ts';

type List = {
  results: DirectoryItem[];
  total_count: number;
  total_capped: boolean;
  page: number;
  page_size: number;
  has_next: boolean;
};

let ctx: TestContext;
let viewer: TestUser;
let employer: TestUser;
let company: Record<'aurora' | 'banyan' | 'chai' | 'deccan' | 'thai', TestUser>;
let worker: Record<'k1' | 'k2' | 'k3', TestUser>;

beforeAll(async () => {
  ctx = await createTestApp();
  const year = (y: number) => new Date(`${y}-06-01T10:00:00.000Z`);
  // created one by one, in this order: ids and join dates follow it
  company = {
    aurora: await makeUser(ctx, 'employer', {
      name: 'Aurora Analytics',
      city: 'Pune',
      dateJoined: year(2020),
    }),
    banyan: await makeUser(ctx, 'employer', { name: 'Banyan Bank', city: 'Mumbai', dateJoined: year(2021) }),
    chai: await makeUser(ctx, 'employer', { name: 'Chai_Point 50%', city: 'pune', dateJoined: year(2022) }),
    deccan: await makeUser(ctx, 'employer', {
      name: 'Deccan Motors',
      city: 'Chennai',
      dateJoined: year(2023),
      showRatingDetails: false,
    }),
    thai: await makeUser(ctx, 'employer', {
      name: 'Thai Palace 500 Foods',
      city: 'Delhi',
      dateJoined: year(2024),
    }),
  };
  await makeUser(ctx, 'employer', { name: 'Suspended Steel', city: 'Pune', isActive: false });

  const raters = [];
  for (let i = 0; i < 3; i++) raters.push(await makeUser(ctx, 'employee', { city: 'Nagpur' }));
  const [r1, r2, r3] = raters as [TestUser, TestUser, TestUser];
  viewer = await makeUser(ctx, 'employee', { city: 'Nagpur' });
  await rate(ctx, r1, company.aurora, { values: [5] }); // 5.0 from 1
  for (const [rater, v] of [
    [r1, 5],
    [r2, 4],
    [r3, 5],
    [viewer, 4],
  ] as const)
    await rate(ctx, rater, company.banyan, { values: [v] }); // 4.5 from 4
  for (const rater of [r1, r2, r3]) await rate(ctx, rater, company.chai, { values: [3] }); // 3.0 from 3
  for (const rater of [r1, r2]) await rate(ctx, rater, company.deccan, { values: [4] }); // 4.0 from 2, hidden

  // the employer who browses employees is itself listed among the companies: joined now, no ratings
  employer = await makeUser(ctx, 'employer', { name: 'Zenith Hiring', city: 'Nagpur' });
  worker = {
    k1: await makeUser(ctx, 'employee', {
      name: 'Kavya Nair',
      city: 'Kochi',
      skills: ['React', 'Node.js', 'SQL'],
    }),
    k2: await makeUser(ctx, 'employee', { name: 'Karthik Menon', city: 'Kochi', skills: ['react', 'Go'] }),
    k3: await makeUser(ctx, 'employee', { name: 'Kiran Pillai', city: 'KOCHI', skills: ['Python'] }),
  };
  await rate(ctx, employer, worker.k2, { values: [4, 4] });
});
afterAll(() => ctx.close());

const companies = (query = '') => get<List>(ctx, viewer, `/api/core/companies/${query}`);
const names = (list: List) => list.results.map((r) => r.full_name);

describe('role gates', () => {
  it('keeps companies for employees and employees for employers', async () => {
    const moderator = await makeUser(ctx, 'moderator');
    for (const user of [employer, moderator]) {
      const res = await get(ctx, user, '/api/core/companies/');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: MSG.onlyEmployees });
    }
    for (const user of [viewer, moderator]) {
      const res = await get(ctx, user, '/api/core/employees/');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: MSG.onlyEmployers });
    }
    for (const path of ['companies', 'employees']) {
      const res = await call(ctx.app, 'GET', `/api/core/${path}/`);
      expect(res.status).toBe(401);
    }
  });
});

describe('the company list', () => {
  it('lists active companies only, ranked by default, with the list envelope', async () => {
    const res = await companies();
    expect(res.status).toBe(200);
    // top: Bayesian average (3.5 weighted as 5 ratings): Banyan 3.94, Aurora 3.75, Deccan 3.64,
    // Thai and Zenith 3.5 (a tie: by id), Chai 3.31
    expect(names(res.body)).toEqual([
      'Banyan Bank',
      'Aurora Analytics',
      'Deccan Motors',
      'Thai Palace 500 Foods',
      'Zenith Hiring',
      'Chai_Point 50%',
    ]);
    expect(res.body).toMatchObject({ total_count: 6, page: 1, page_size: 20, has_next: false });
  });

  it('answers each item with the directory fields, counts hidden when the company hides details', async () => {
    const res = await companies();
    const banyan = res.body.results.find((r) => r.id === company.banyan.id);
    expect(banyan).toEqual({
      id: company.banyan.id,
      user_code: company.banyan.userCode,
      full_name: 'Banyan Bank',
      city: 'Mumbai',
      avatar: null,
      user_role: 'employer',
      rating_received: 4.5,
      total_ratings_received: 4,
      can_rate: false,
      user_has_rated: true,
    });
    const deccan = res.body.results.find((r) => r.id === company.deccan.id);
    expect(deccan).toMatchObject({
      rating_received: 4,
      total_ratings_received: null,
      can_rate: true,
      user_has_rated: false,
    });
    const thai = res.body.results.find((r) => r.id === company.thai.id);
    expect(thai).toMatchObject({
      rating_received: 0,
      total_ratings_received: 0,
      can_rate: true,
      user_has_rated: false,
    });
    expect(JSON.stringify(res.body)).not.toContain('@example.in');
  });

  it.each([
    [
      'rating',
      [
        'Aurora Analytics',
        'Banyan Bank',
        'Deccan Motors',
        'Chai_Point 50%',
        'Thai Palace 500 Foods',
        'Zenith Hiring',
      ],
    ],
    // Deccan hides its count, so it sorts after every visible count
    [
      'reviews',
      [
        'Banyan Bank',
        'Chai_Point 50%',
        'Aurora Analytics',
        'Thai Palace 500 Foods',
        'Zenith Hiring',
        'Deccan Motors',
      ],
    ],
    [
      'newest',
      [
        'Zenith Hiring',
        'Thai Palace 500 Foods',
        'Deccan Motors',
        'Chai_Point 50%',
        'Banyan Bank',
        'Aurora Analytics',
      ],
    ],
    [
      'name',
      [
        'Aurora Analytics',
        'Banyan Bank',
        'Chai_Point 50%',
        'Deccan Motors',
        'Thai Palace 500 Foods',
        'Zenith Hiring',
      ],
    ],
    [
      'top',
      [
        'Banyan Bank',
        'Aurora Analytics',
        'Deccan Motors',
        'Thai Palace 500 Foods',
        'Zenith Hiring',
        'Chai_Point 50%',
      ],
    ],
  ])('sorts by %s', async (sort, expected) => {
    const res = await companies(`?sort=${sort}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
  });

  it('pages with total_count and has_next, and answers a page past the end with an empty list', async () => {
    const first = await companies('?sort=name&page_size=2');
    expect(names(first.body)).toEqual(['Aurora Analytics', 'Banyan Bank']);
    expect(first.body).toMatchObject({ total_count: 6, page: 1, page_size: 2, has_next: true });
    const second = await companies('?sort=name&page_size=2&page=2');
    expect(names(second.body)).toEqual(['Chai_Point 50%', 'Deccan Motors']);
    expect(second.body.has_next).toBe(true);
    const last = await companies('?sort=name&page_size=4&page=2');
    expect(names(last.body)).toEqual(['Thai Palace 500 Foods', 'Zenith Hiring']);
    expect(last.body).toMatchObject({ total_count: 6, page: 2, page_size: 4, has_next: false });
    const exact = await companies('?sort=name&page_size=2&page=3');
    expect(names(exact.body)).toEqual(['Thai Palace 500 Foods', 'Zenith Hiring']);
    expect(exact.body.has_next).toBe(false);
    const past = await companies('?sort=name&page_size=2&page=4');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({
      results: [],
      total_count: 6,
      total_capped: false,
      page: 4,
      page_size: 2,
      has_next: false,
    });
  });

  it('searches part of the name or city, case-insensitively, with % and _ taken literally', async () => {
    expect(names((await companies('?search=BANYAN')).body)).toEqual(['Banyan Bank']);
    expect(names((await companies('?search=pUnE&sort=name')).body)).toEqual([
      'Aurora Analytics',
      'Chai_Point 50%',
    ]);
    expect(names((await companies('?search=nna')).body)).toEqual(['Deccan Motors']); // Chennai
    // Words match by their beginning, punctuation apart: '50%' is the word 50, which begins 500.
    expect(names((await companies(`?search=${encodeURIComponent('50%')}`)).body)).toEqual([
      'Thai Palace 500 Foods',
      'Chai_Point 50%',
    ]);
    // Punctuation separates words in a search as in a name (ADR 0020): 'ai_p' is "ai p", inside
    // both "Chai_Point" and "Thai Palace"; '%' and '_' are never wildcards.
    expect(names((await companies('?search=ai_p&sort=name')).body)).toEqual([
      'Chai_Point 50%',
      'Thai Palace 500 Foods',
    ]);
    expect(names((await companies('?search=%25%25')).body)).toEqual([]);
    expect(names((await companies(`?search=${encodeURIComponent('nt 50%')}`)).body)).toEqual([
      'Chai_Point 50%',
    ]);
    const none = await companies('?search=zzzz');
    expect(none.body).toMatchObject({ results: [], total_count: 0, has_next: false });
    // A control character separates words too, NUL among them (PostgreSQL takes none in a query).
    for (const search of ['%00banyan%00', 'banyan%00bank', 'banyan%01%7Fbank']) {
      const res = await companies(`?search=${search}`);
      expect([res.status, names(res.body)], search).toEqual([200, ['Banyan Bank']]);
    }
    expect(names((await companies('?city=pu%00ne')).body)).toEqual([]);
  });

  it("counts a search's matches on every page of it, and past its end", async () => {
    // A search's total comes with its page, or is counted alone past its end (search.ts).
    const all = await companies('?search=a&sort=name&page_size=50');
    const expected = names(all.body);
    expect(expected.length).toBeGreaterThan(3);
    expect(all.body.total_count).toBe(expected.length);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 2); page++) {
      const res = await companies(`?search=a&sort=name&page_size=2&page=${page}`);
      expect(res.body.total_count).toBe(expected.length);
      seen.push(...names(res.body));
    }
    expect(seen).toEqual(expected);
    const past = await companies(`?search=a&sort=name&page_size=2&page=${expected.length}`);
    expect(past.body).toMatchObject({ results: [], total_count: expected.length, has_next: false });
  });

  it('filters by city (case-insensitive equality) and minimum rating', async () => {
    expect(names((await companies('?city=PUNE&sort=name')).body)).toEqual([
      'Aurora Analytics',
      'Chai_Point 50%',
    ]);
    expect((await companies('?city=Pun')).body.total_count).toBe(0);
    expect(names((await companies('?min_rating=4&sort=name')).body)).toEqual([
      'Aurora Analytics',
      'Banyan Bank',
      'Deccan Motors',
    ]);
    expect(names((await companies('?min_rating=4.5&sort=name')).body)).toEqual([
      'Aurora Analytics',
      'Banyan Bank',
    ]);
    expect(names((await companies('?min_rating=5')).body)).toEqual(['Aurora Analytics']);
    const combined = await companies('?min_rating=3&city=pune&search=chai');
    expect(names(combined.body)).toEqual(['Chai_Point 50%']);
    expect(combined.body.total_count).toBe(1);
  });

  it('answers bad query values with 400', async () => {
    for (const query of [
      '?page=0',
      '?page=abc',
      '?page=1e20',
      '?page_size=101',
      '?page_size=0',
      '?sort=best',
      '?min_rating=0',
      '?min_rating=6',
      '?min_rating=four',
      `?search=${'x'.repeat(101)}`,
    ]) {
      const res = await companies(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ detail: MSG.validationFailed });
    }
  });
});

describe('the employee list', () => {
  const employees = (query: string) => get<List>(ctx, employer, `/api/core/employees/${query}`);

  it('filters by skills: all of them, case-insensitively, comma-separated', async () => {
    expect(names((await employees('?skills=REACT&sort=name')).body)).toEqual(['Karthik Menon', 'Kavya Nair']);
    expect(names((await employees(`?skills=${encodeURIComponent('react, node.js')}`)).body)).toEqual([
      'Kavya Nair',
    ]);
    expect((await employees('?skills=react,python')).body.total_count).toBe(0);
    expect(names((await employees('?skills=react,,%20&sort=name')).body)).toEqual([
      'Karthik Menon',
      'Kavya Nair',
    ]);
  });

  it('counts every match of skills with a search, in ranking order, beyond the page', async () => {
    // Ranking order takes a skills page's ids first, so the total must not be counted on the page.
    const all = await employees('?skills=react&search=k&page_size=50');
    expect(names(all.body).sort()).toEqual(['Karthik Menon', 'Kavya Nair']);
    const first = await employees('?skills=react&search=k&page_size=1');
    expect(first.body).toMatchObject({ total_count: 2, has_next: true });
    expect(names(first.body)).toEqual(names(all.body).slice(0, 1));
  });

  it('answers employee items with skills and the rating state of the viewer', async () => {
    const res = await employees('?city=kochi&sort=name');
    expect(res.body.total_count).toBe(3);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        id: worker.k2.id,
        user_role: 'employee',
        skills: ['react', 'Go'],
        rating_received: 4,
        total_ratings_received: 1,
        can_rate: false,
        user_has_rated: true,
      }),
      expect.objectContaining({
        id: worker.k1.id,
        skills: ['React', 'Node.js', 'SQL'],
        can_rate: true,
        user_has_rated: false,
      }),
      expect.objectContaining({
        id: worker.k3.id,
        skills: ['Python'],
        can_rate: true,
        user_has_rated: false,
      }),
    ]);
  });

  it('counts every active employee without filters', async () => {
    // 3 raters, the viewer and the three Kochi workers
    const res = await employees('?page_size=100');
    expect(res.body.total_count).toBe(7);
    expect(res.body.results.every((r) => r.user_role === 'employee')).toBe(true);
  });
});

describe('totals of long filtered lists', () => {
  const CAP = SEARCH_RESULT_CAP;
  const extra = CAP + 5;
  const employees = (query: string) => get<List>(ctx, employer, `/api/core/employees/${query}`);
  const envelope = ({ results: _, ...rest }: List) => rest;

  beforeAll(async () => {
    // More companies in Agra (rated 4.0) and employees in Agra with the skill Rust than the cap.
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, rating_tenths)
      select 'LONG-C' || g, 'long-c' || g || '@example.in', 'x', 'Longa Works ' || g, 'employer', 'Agra', 40
      from generate_series(1, ${extra}) g`,
    );
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, skills, skills_lc)
      select 'LONG-E' || g, 'long-e' || g || '@example.in', 'x', 'Longa Worker ' || g, 'employee', 'Agra',
             array['Rust'], array['rust']
      from generate_series(1, ${extra}) g`,
    );
  });
  afterAll(async () => {
    await removeTagged(ctx, 'LONG');
  });

  it('counts a filtered list no further than the cap and says so, as a search does', async () => {
    for (const query of ['?city=agra', '?min_rating=4', '?city=AGRA&min_rating=3.5']) {
      const res = await companies(query);
      expect(res.body, query).toMatchObject({ total_count: CAP, total_capped: true, has_next: true });
      expect(res.body.results, query).toHaveLength(20);
    }
    for (const query of ['?city=agra', '?city=agra&skills=rust']) {
      const res = await employees(query);
      expect(res.body, query).toMatchObject({ total_count: CAP, total_capped: true, has_next: true });
    }
    // Under the cap, the count is exact.
    expect((await companies('?city=pune&sort=name')).body).toMatchObject({
      total_count: 2,
      total_capped: false,
    });
    expect((await companies('?min_rating=4.5&sort=name')).body).toMatchObject({
      total_count: 2,
      total_capped: false,
    });
  });

  it('keeps the unfiltered list, and a skill counted in its counter row, exact', async () => {
    expect((await companies('?page_size=1')).body).toMatchObject({
      total_count: 6 + extra,
      total_capped: false,
      has_next: true,
    });
    expect((await employees('?page_size=1')).body).toMatchObject({
      total_count: 7 + extra,
      total_capped: false,
    });
    expect((await employees('?skills=RUST&page_size=1')).body).toMatchObject({
      total_count: extra,
      total_capped: false,
    });
    // Exact totals page all the way.
    const lastOfAll = await companies(`?sort=newest&page_size=100&page=${Math.ceil((6 + extra) / 100)}`);
    expect(lastOfAll.body.results).toHaveLength((6 + extra) % 100);
  });

  it('pages a capped list up to the cap and no further, as a search past its cap', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= CAP / 100; page++) {
      const res = await companies(`?city=agra&sort=name&page_size=100&page=${page}`);
      expect(res.body, `page ${page}`).toMatchObject({
        total_count: CAP,
        total_capped: true,
        has_next: page < 10,
      });
      for (const item of res.body.results) seen.add(item.id);
    }
    expect(seen.size).toBe(CAP);
    // Every company of Agra matches the search "agra" (its city) as it matches the city filter: the
    // same answers up to the cap, across it and past it.
    for (const [size, page] of [
      [20, CAP / 20],
      [30, Math.ceil(CAP / 30)],
      [20, CAP / 20 + 1],
      [20, CAP / 20 + 7],
    ]) {
      const listed = await companies(`?city=agra&page_size=${size}&page=${page}`);
      const found = await companies(`?search=agra&page_size=${size}&page=${page}`);
      expect(envelope(listed.body), `${size} ${page}`).toEqual(envelope(found.body));
      expect(listed.body.results, `${size} ${page}`).toHaveLength(found.body.results.length);
    }
    const past = await companies(`?city=agra&page_size=20&page=${CAP / 20 + 1}`);
    expect(past.body).toMatchObject({ results: [], total_count: CAP, total_capped: true, has_next: false });
    const across = await companies(`?min_rating=4&page_size=30&page=${Math.ceil(CAP / 30)}`);
    expect(across.body.results).toHaveLength(CAP % 30);
  });
});

describe('query plans', () => {
  /** The ids a list should show, in its order, read plainly from the table. */
  const listedIds = async (role: 'employee' | 'employer', condition: SQL, sort: ListSort, page: Page) => {
    const rows = await ctx.deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userRole, role), eq(users.isActive, true), condition))
      .orderBy(...ORDER[sort])
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((row) => row.id);
  };

  // 4,000 users written with their search pieces take about 20 s on the embedded database alone, and
  // passed the default 60 s beside other work on the machine.
  it('serves each sort and filter from an index', async () => {
    // Enough rows that the planner prefers indexes to scanning.
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, skills, skills_lc, date_joined)
      select 'PLAN-' || g, 'plan' || g || '@example.in', 'x', 'Plan ' || md5(g::text),
             case when g % 2 = 0 then 'employer' else 'employee' end, 'City' || (g % 97),
             array['s' || (g % 50), 's' || (g % 31)], array['s' || (g % 50), 's' || (g % 31)],
             now() - (g || ' minutes')::interval
      from generate_series(1, 4000) g`,
    );
    // Vacuumed as the seed leaves it, so the visibility map lets the planner read indexes alone.
    await ctx.deps.db.execute(sql`vacuum (analyze) users`);
    const planOf = async (query: ReturnType<typeof directoryPage>) => {
      const result = (await ctx.deps.db.execute(sql`explain ${query}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const viewerCtx = { id: viewer.id, context: 'EMPLOYEE_TO_COMPANY' as const };
    const page = { limit: 20, offset: 0 };
    const expectations: [
      Parameters<typeof directoryPage>[1],
      Parameters<typeof directoryPage>[2],
      string | RegExp,
    ][] = [
      // Every order's page takes its ids from the index alone, so the users passed over on the way to
      // it cost an index entry each, not a row (drizzle/0028: the name and review orders too).
      [{ role: 'employer' }, 'top', /Index Only Scan using users_dir_top /],
      [{ role: 'employer' }, 'rating', /Index Only Scan using users_dir_rating /],
      [{ role: 'employer' }, 'reviews', /Index Only Scan using users_dir_reviews_visible /],
      [{ role: 'employer' }, 'newest', /Index Only Scan using users_dir_newest /],
      [{ role: 'employer' }, 'name', /Index Only Scan using users_dir_name /],
      // A city's total is counted from the index alone (drizzle/0019): at 1M users a big city's count
      // visited 12,873 user rows.
      [{ role: 'employer', city: 'city7' }, 'top', /Index Only Scan using users_dir_city/],
      [{ role: 'employer', minTenths: 45 }, 'top', 'users_dir_rating'],
      [{ role: 'employee', skills: ['s7', 's9'] }, 'top', 'users_skills_gin'],
    ];
    for (const [filter, sort, index] of expectations) {
      const plan = await planOf(directoryPage(ctx.deps.db, filter, sort, viewerCtx, page));
      expect(plan, `${JSON.stringify(filter)} ${sort}`).toMatch(index);
      expect(plan).not.toContain('Seq Scan on users');
      // A filtered total other than a skills counter's is counted up to the cap: a Limit under the count.
      if (filter.city || filter.minTenths !== undefined) {
        expect(plan, `${JSON.stringify(filter)} ${sort}`).toMatch(/Aggregate[^\n]*\n\s*->\s+Limit /);
      }
    }
  }, 180_000);

  it('walks the ranking index for a common skill and reads a rare pair through the skills index, in the same order', async () => {
    // PostgreSQL guesses two skills as if independent, so it read every match of a common pair and
    // sorted them; the counter row of the skills chooses the way (pageQuery).
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, skills, skills_lc, rank_score)
      select 'WALK-' || g, 'walk' || g || '@example.in', 'x', 'Walk ' || g, 'employee',
             case when g % 300 = 0 then array['Walkcommon', 'Walkrare'] when g % 2 = 0 then array['Walkcommon']
                  else array['Other'] end,
             case when g % 300 = 0 then array['walkcommon', 'walkrare'] when g % 2 = 0 then array['walkcommon']
                  else array['other'] end,
             (g * 7919) % 1000
      from generate_series(1, 3000) g`,
    );
    await ctx.deps.db.execute(sql`vacuum (analyze) users`);
    const viewerCtx = { id: viewer.id, context: 'EMPLOYER_TO_EMPLOYEE' as const };
    /** The walk's scan: the plan node whose filter tests the skills with arraycontains. */
    const walkNode = async (skills: string[], offset: number) => {
      const query = directoryPage(ctx.deps.db, { role: 'employee', skills }, 'top', viewerCtx, {
        limit: 20,
        offset,
      });
      const result = (await ctx.deps.db.execute(sql`explain analyze ${query}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      const lines = result.rows.map((r) => r['QUERY PLAN']);
      const filter = lines.findIndex((line) => line.includes('arraycontains'));
      return lines.slice(0, filter).findLast((line) => line.includes('->')) ?? '';
    };
    expect(await walkNode(['walkcommon'], 0)).toMatch(
      /Index Only Scan using users_dir_top.*actual.*rows=20(\.00)? /,
    );
    expect(await walkNode(['walkcommon'], 100)).toMatch(
      /Index Only Scan using users_dir_top.*actual.*rows=120(\.00)? /,
    );
    expect(await walkNode(['walkcommon', 'walkrare'], 0)).toContain('never executed');
    // Either way, the pages are the list's order.
    for (const skills of ['walkcommon', 'walkcommon,walkrare']) {
      for (const page of [1, 2, 6]) {
        const res = await get<List>(ctx, employer, `/api/core/employees/?skills=${skills}&page=${page}`);
        const expected = await listedIds(
          'employee',
          sql`${users.skillsLc} @> ${sql.param(skills.split(','))}::text[]`,
          'top',
          { limit: 20, offset: (page - 1) * 20 },
        );
        expect(
          res.body.results.map((item) => item.id),
          `${skills} ${page}`,
        ).toEqual(expected);
      }
    }
    await removeTagged(ctx, 'WALK');
  });

  it("knows a city's share of the users from statistics on the folded city (drizzle/0020)", async () => {
    // users_dir_city is partial, so PostgreSQL takes no statistics from it: without statistics of
    // their own, lower(city) = … was guessed at 0.5 % of the users whatever the city, and a big
    // city's list was planned as a read of all its rows.
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city)
      select 'SHARE-' || g, 'share' || g || '@example.in', 'x', 'Share ' || g, 'employer',
             case when g % 2 = 0 then 'Bigcity' else 'Town' || (g % 60) end
      from generate_series(1, 3000) g`,
    );
    await ctx.deps.db.execute(sql`vacuum (analyze) users`);
    const estimate = async (city: string) => {
      const result = (await ctx.deps.db.execute(
        sql`explain select 1 from users where user_role = 'employer' and is_active and lower(city) = lower(${city})`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return Number(/rows=(\d+)/.exec(result.rows[0]?.['QUERY PLAN'] ?? '')?.[1]);
    };
    const actual = async (city: string) => {
      const result = (await ctx.deps.db.execute(
        sql`select count(*)::int as n from users where user_role = 'employer' and is_active and lower(city) = lower(${city})`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    };
    for (const city of ['BIGCITY', 'town7']) {
      const [guessed, counted] = [await estimate(city), await actual(city)];
      expect(guessed, city).toBeGreaterThan(counted / 2);
      expect(guessed, city).toBeLessThan(counted * 2);
    }
    // Every sort of a big city's list pages in its order, whichever way it is read (pageQuery).
    for (const sort of ['top', 'rating', 'newest', 'name', 'reviews'] as const) {
      const pages = [await companies(`?city=bigcity&sort=${sort}&page_size=100&page=3`)];
      pages.push(await companies(`?city=bigcity&sort=${sort}&page_size=100&page=4`));
      const listed = pages.flatMap((page) => page.body.results.map((item: { id: number }) => item.id));
      const expected = await listedIds('employer', sql`lower(${users.city}) = 'bigcity'`, sort, {
        limit: 200,
        offset: 200,
      });
      expect(listed, sort).toEqual(expected);
      expect(pages[0]?.body.total_count, sort).toBe(1000);
    }
    await removeTagged(ctx, 'SHARE');
  });

  it('keeps the partial indexes in the generic plan of a prepared statement', async () => {
    // The app names its statements, so PostgreSQL may reuse one generic plan for all values; that
    // plan can use a partial index only when the index's condition is written as a literal.
    const genericPlan = (query: { toSQL(): { sql: string; params: unknown[] } }) =>
      ctx.deps.db.transaction(async (tx) => {
        const { sql: text, params } = query.toSQL();
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare generic_check as ${text}`));
        // EXPLAIN takes no bound parameters: the values go in as literals (numbers and plain text here).
        const literal = (p: unknown) =>
          typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`;
        const args = params.map(literal).join(', ');
        const result = (await tx.execute(sql.raw(`explain execute generic_check(${args})`))) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        await tx.execute(sql`deallocate generic_check`);
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const viewerCtx = { id: viewer.id, context: 'EMPLOYEE_TO_COMPANY' as const };
    const page = { limit: 20, offset: 0 };
    expect(
      await genericPlan(directoryPage(ctx.deps.db, { role: 'employer' }, 'top', viewerCtx, page)),
    ).toContain('users_dir_top');
    // A page's ids are taken first and then looked up by key (pageQuery). A generic plan knows neither
    // the role nor the page's size: joined to them, users was read whole and hashed (1.5 s at 1M users).
    for (const sort of ['top', 'name'] as const) {
      const plan = await genericPlan(
        directoryPage(ctx.deps.db, { role: 'employer' }, sort, viewerCtx, { limit: 20, offset: 200 }),
      );
      expect(plan, sort).toMatch(/Index Scan using users_pkey on users /);
      expect(plan, sort).not.toContain('Seq Scan on users ');
    }
    for (const at of [{ limit: 10 }, { limit: 10, offset: 10 }]) {
      expect(await genericPlan(listPageQuery(ctx.deps.db, 'received', viewer.id, at))).toContain(
        'ratings_public_received',
      );
    }
  });
});
