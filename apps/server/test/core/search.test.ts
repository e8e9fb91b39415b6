// Name search (issue 11, ADR 0012) on a fixed set of names, on whichever engine runs the tests
// (PGlite by default, PostgreSQL with TEST_DATABASE_URL): word-prefix matches first, then other
// substring matches, case and accents ignored, each group in the list's sort; totals capped at
// SEARCH_RESULT_CAP and said so; paging across both groups; and plans that never scan the table.
import { type DirectoryItem, SEARCH_RESULT_CAP } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DirectoryFilter, searchPage } from '../../src/modules/directory/repository.ts';
import { createTestApp, type TestContext } from '../helpers.ts';
import { get, makeUser, type TestUser } from './support.ts';

type List = {
  results: DirectoryItem[];
  total_count: number;
  total_capped: boolean;
  page: number;
  page_size: number;
  has_next: boolean;
};

let ctx: TestContext;
let employer: TestUser;

// Created in this order; with sort=name each group is alphabetical.
const PEOPLE: [name: string, city: string][] = [
  ['Vikram Singh', 'Delhi'],
  ['Ramesh Kumar', 'Pune'],
  ['Sundarám Pillai', 'Chennai'],
  ['Ram Prasad', 'Lucknow'],
  ['Priya Sharma', 'Mumbai'],
  ['Rámón Dsouza', 'Panaji'],
  ['Ramya Iyer', 'Bengaluru'],
  ['Abhiram Rao', 'Hyderabad'],
  ['Karthik Nair', 'Kozhikode'],
];

beforeAll(async () => {
  // The database's answers, not the answer cache's.
  ctx = await createTestApp({ VIEW_CACHE_MB: '0' });
  employer = await makeUser(ctx, 'employer');
  for (const [name, city] of PEOPLE) await makeUser(ctx, 'employee', { name, city });
  await makeUser(ctx, 'employee', { name: 'Ramona Suspended', city: 'Pune', isActive: false });
});
afterAll(async () => ctx.close());

const employees = async (query: string) => {
  const res = await get<List>(ctx, employer, `/api/core/employees/${query}`);
  expect(res.status, query).toBe(200);
  return res.body;
};
const names = (list: List) => list.results.map((r) => r.full_name);
const search = async (term: string, extra = '&sort=name') =>
  names(await employees(`?search=${encodeURIComponent(term)}${extra}`));

describe('name search', () => {
  it('lists names with a word beginning with the search before names containing it elsewhere', async () => {
    expect(await search('ram')).toEqual([
      // a word begins with "ram" (accents ignored: Rámón)
      'Ram Prasad',
      'Ramesh Kumar',
      'Ramya Iyer',
      'Rámón Dsouza',
      // "ram" inside a word
      'Abhiram Rao',
      'Sundarám Pillai',
      'Vikram Singh',
    ]);
  });

  it('keeps that order in every sort, and ignores case and accents on both sides', async () => {
    const prefix = ['Ram Prasad', 'Ramesh Kumar', 'Ramya Iyer', 'Rámón Dsouza'];
    for (const sort of ['top', 'rating', 'reviews', 'newest', 'name']) {
      const found = await search('RAM', `&sort=${sort}`);
      expect(new Set(found.slice(0, 4)), sort).toEqual(new Set(prefix));
      expect(found).toHaveLength(7);
    }
    expect(await search('ramon')).toEqual(['Rámón Dsouza']);
    expect(await search('RÁMÓN')).toEqual(['Rámón Dsouza']);
    expect(await search('SUNDARAM')).toEqual(['Sundarám Pillai']);
  });

  it('needs every word of a search to begin a word of the name or city', async () => {
    expect(await search('ram ku')).toEqual(['Ramesh Kumar']);
    expect(await search('kumar ram')).toEqual(['Ramesh Kumar']);
    expect(await search('ram pune')).toEqual(['Ramesh Kumar']);
    expect(await search('pune')).toEqual(['Ramesh Kumar']);
    // a fragment of a city
    expect(await search('hikod')).toEqual(['Karthik Nair']);
    expect(await search('zzz')).toEqual([]);
  });

  it('takes query syntax, quotes and wildcards as plain text', async () => {
    for (const term of [
      'ram:*|vik',
      "'ram'",
      'ram & !x',
      '\\',
      '%',
      '_',
      '(',
      "d'souza",
      '<->',
      '   ram   ',
    ]) {
      const list = await employees(`?search=${encodeURIComponent(term)}&sort=name`);
      expect(list.total_count, term).toBe(list.results.length);
    }
    expect(await search('ram:*|vik')).toEqual([]);
    // Words as the names' parser splits them: d + souza begins no word of "Rámón Dsouza".
    expect(await search("d'souza")).toEqual([]);
    expect(await search('dsouza')).toEqual(['Rámón Dsouza']);
  });

  it('pages through both groups without gaps or repeats, with the same total on every page', async () => {
    const all = await employees('?search=ram&sort=name&page_size=50');
    expect(all).toMatchObject({ total_count: 7, total_capped: false, has_next: false });
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const list = await employees(`?search=ram&sort=name&page_size=3&page=${page}`);
      expect(list).toMatchObject({ total_count: 7, total_capped: false, has_next: page < 3 });
      seen.push(...names(list));
    }
    expect(seen).toEqual(names(all));
    // a page that starts among the substring matches
    expect(names(await employees('?search=ram&sort=name&page_size=5&page=2'))).toEqual(names(all).slice(5));
    const past = await employees('?search=ram&sort=name&page_size=3&page=9');
    expect(past).toMatchObject({ results: [], total_count: 7, total_capped: false, has_next: false });
  });

  it('counts no further than the cap, says so, and pages up to it', async () => {
    const extra = SEARCH_RESULT_CAP + 5;
    await ctx.deps.db.execute(sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city)
      select 'CAP-' || g, 'cap' || g || '@example.in', 'x', 'Capella Worker ' || g, 'employee', 'Agra'
      from generate_series(1, ${extra}) g`);
    const first = await employees('?search=capel&page_size=20');
    expect(first).toMatchObject({ total_count: SEARCH_RESULT_CAP, total_capped: true, has_next: true });
    const last = await employees(`?search=capel&page_size=20&page=${SEARCH_RESULT_CAP / 20}`);
    expect(last.results).toHaveLength(20);
    expect(last).toMatchObject({ total_count: SEARCH_RESULT_CAP, total_capped: true, has_next: false });
    const past = await employees(`?search=capel&page_size=20&page=${SEARCH_RESULT_CAP / 20 + 1}`);
    expect(past).toMatchObject({ results: [], total_count: SEARCH_RESULT_CAP, total_capped: true });
    // Lists without a search count everything.
    const unfiltered = await employees('?page_size=1');
    expect(unfiltered).toMatchObject({ total_count: PEOPLE.length + extra, total_capped: false });
    await ctx.deps.db.execute(sql`delete from users where user_code like 'CAP-%'`);
  });
});

/** The plan's sequential scans of users whose parent node is not the cap's Limit. */
function scansNotStoppingAtCap(plan: string): string[] {
  const lines = plan.split('\n');
  const depth = (line: string) => line.search(/\S/);
  return lines.filter((line, i) => {
    if (!line.includes('Seq Scan on users')) return false;
    const parent = lines
      .slice(0, i)
      .reverse()
      .find((above) => above.includes('->') && depth(above) < depth(line));
    return !parent?.includes('Limit  (cost=');
  });
}

describe('search plans', () => {
  it('never scans the users table, whether a search matches a few users or thousands', async () => {
    // 10,000 employees named from a small vocabulary, as people are: "Roh" begins 1 in 4 names,
    // "Zubin" 3 in 10,000; analysed, so the planner knows how many users each search matches (it
    // estimates prefixes from the 100 or more most common words, so there are 150 family names).
    await ctx.deps.db.execute(sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, rank_score)
      select 'PLAN-' || g, 'plan' || g || '@example.in', 'x',
             (array['Rohan', 'Rohit', 'Meera', 'Anil', 'Sunita', 'Deepak', 'Kavita', 'Imran'])[1 + g % 8]
               || ' ' || case when g % 3000 = 0 then 'Zubin'
                 else 'Family' || (g % 150) end,
             'employee', (array['Pune', 'Agra', 'Surat', 'Delhi'])[1 + g % 4], (g % 97) / 20.0
      from generate_series(1, 10000) g`);
    await ctx.deps.db.execute(sql`analyze users`);
    const planOf = async (filter: DirectoryFilter) => {
      const viewer = { id: employer.id, context: 'EMPLOYER_TO_EMPLOYEE' as const };
      const query = searchPage(filter, 'top', viewer, { limit: 20, offset: 0 });
      const result = (await ctx.deps.db.execute(sql`explain ${query}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const cases: [DirectoryFilter, RegExp][] = [
      // thousands of matches: walk the ranking index and stop after a page
      [{ role: 'employee', search: 'roh' }, /Index Scan using users_dir_top/],
      // a handful: read them through the words index, then sort
      [{ role: 'employee', search: 'zubin' }, /Bitmap Index Scan on users_search_words/],
      // inside words only: the trigram index
      [{ role: 'employee', search: 'ubin' }, /Bitmap Index Scan on users_search_text_trgm/],
    ];
    for (const [filter, expected] of cases) {
      const plan = await planOf(filter);
      expect(plan, `${filter.search}\n${plan}`).toMatch(expected);
      // Counting a common word, PostgreSQL may read the table until the cap's 1,001 matches (a few
      // rows a match): a scan only ever under that limit, never one to find a page or a rare word.
      expect(scansNotStoppingAtCap(plan), `${filter.search}\n${plan}`).toEqual([]);
      if (filter.search !== 'roh') expect(plan).not.toContain('Seq Scan');
    }
    await ctx.deps.db.execute(sql`delete from users where user_code like 'PLAN-%'`);
  });
});
