// Name search (issue 11, ADRs 0012 and 0020) on a fixed set of names, on whichever engine runs the
// tests (PGlite by default, PostgreSQL with TEST_DATABASE_URL): word-prefix matches first, then other
// substring matches, case and accents ignored, each group in the list's sort; totals capped at
// SEARCH_RESULT_CAP and said so; paging across both groups; the same answers as the rules written
// plainly for random searches; and plans that never scan the table.
import { type DirectoryItem, SEARCH_RESULT_CAP } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { DirectoryFilter } from '../../src/modules/directory/repository.ts';
import { shapeOf, WALK_LIMIT } from '../../src/modules/directory/search/shape.ts';
import { searchPlan } from '../../src/modules/directory/search.ts';
import { bulkUsers, removeTagged } from '../fixtures.ts';
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
  // The database's answers, not the answer cache's. The plan tests make this file run for 10 minutes
  // and more (17 on a busy machine, where the employer's 15-minute token expired under the last ones).
  ctx = await createTestApp({ VIEW_CACHE_MB: '0', ACCESS_TOKEN_TTL: '2h' });
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
    // four words and more: each must begin a word too
    expect(await search('ram ku pune rames')).toEqual(['Ramesh Kumar']);
    expect(await search('ram ku pune kumx')).toEqual([]);
    expect(await search('ram kumx pune')).toEqual([]);
    // a fragment of a city
    expect(await search('hikod')).toEqual(['Karthik Nair']);
    expect(await search('zzz')).toEqual([]);
  });

  it('answers each search with its own words, whatever characters separate them from its skills', async () => {
    // The server keeps each search's row (its words and pieces) by search and skills: a search that
    // holds a line break and another search's skills must not share one.
    const rohan = await makeUser(ctx, 'employee', { name: 'Rohan Kelkar', skills: ['Excel', 'Kotlin'] });
    const first = await employees(`?search=${encodeURIComponent('rohan\nexcel')}&skills=Kotlin`);
    expect(first.total_count).toBe(0);
    const second = await employees('?search=rohan&skills=Excel,Kotlin');
    expect(second.results.map((r) => r.id)).toEqual([rohan.id]);
    await ctx.deps.db.execute(sql`update users set is_active = false where id = ${rohan.id}`);
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
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city)
      select 'CAP-' || g, 'cap' || g || '@example.in', 'x', 'Capella Worker ' || g, 'employee', 'Agra'
      from generate_series(1, ${extra}) g`,
    );
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
    await removeTagged(ctx, 'CAP');
  });
});

/** An EXPLAIN's lines, and the line of each node's parent node (-1 at the top). */
function planTree(plan: string) {
  const lines = plan.split('\n');
  const depth = (line: string) => line.search(/\S/);
  const parentOf = (i: number) => {
    for (let j = i - 1; j >= 0; j--) {
      if (depth(lines[j] as string) < depth(lines[i] as string) && (lines[j] as string).includes('->'))
        return j;
    }
    return -1;
  };
  return { lines, parentOf };
}

/**
 * The plan's sequential scans of users whose parent node (past the one-time filters' Results that gate
 * a way of the statement) is not the cap's Limit.
 */
function scansNotStoppingAtCap(plan: string): string[] {
  const { lines, parentOf } = planTree(plan);
  return lines.filter((line, i) => {
    if (!line.includes('Seq Scan on users')) return false;
    let parent = parentOf(i);
    while (parent >= 0 && (lines[parent] as string).includes('Result')) parent = parentOf(parent);
    return !(lines[parent] ?? '').includes('Limit');
  });
}

/**
 * Reads of users_dir_city by a city, sorted before their LIMIT: the city's every user read for one
 * page (the index also serves a read of the whole role, which the planner takes only for small tables).
 */
function sortedCityReads(plan: string): string[] {
  const { lines, parentOf } = planTree(plan);
  return lines.filter((line, i) => {
    if (!line.includes('users_dir_city') || !(lines[i + 1] ?? '').includes('city')) return false;
    for (let parent = parentOf(i); parent >= 0; parent = parentOf(parent)) {
      const node = lines[parent] as string;
      if (node.includes('Limit')) return false;
      if (node.includes('Sort')) return true;
    }
    return false;
  });
}

describe('search against its rules', () => {
  // The rules written plainly (ADR 0020), over every listed employee: the key is the name and city,
  // accents and case folded, words split at every ASCII character but a-z and 0-9; group 0 when every
  // word of the search begins a word of the key, group 1 when the search appears in it elsewhere.
  const byRules = async (search: string, filter: Omit<DirectoryFilter, 'role' | 'search'>, order: string) => {
    const rows = (await ctx.deps.db.execute(sql`
      with q as (select btrim(search_key(${search}::text)) as qk)
      select id from (
        select u.id, u.rank_score, u.full_name, u.date_joined,
          case when (select qk from q) = '' then null
               when not exists (select 1 from q, unnest(string_to_array(q.qk, ' ')) w
                                where u.search_key not like '% ' || w || '%') then 0
               when u.search_key like '%' || (select qk from q) || '%' then 1 end as grp
        from users u
        where u.user_role = 'employee' and u.is_active
          and (${filter.city ?? null}::text is null or lower(u.city) = lower(${filter.city ?? null}::text))
          and u.rating_tenths >= ${filter.minTenths ?? 0}
          and u.skills_lc @> ${sql.param(filter.skills ?? [])}::text[]) s
      where grp is not null
      order by grp, ${sql.raw(order)}`)) as unknown as { rows: { id: number }[] };
    return rows.rows.map((row) => row.id);
  };

  it('finds what the rules find, in their order, for random searches, filters and pages', async () => {
    const first = ['Ráma', 'Ramesh', 'Vikram', 'Sundar', "D'Souza", 'Anand', 'Ananya', 'Zoë', 'Ramanathan'];
    const last = ['Kumar', 'Sharma', 'Thiruvananthapuram', 'Co-op', 'Raman', 'Iyer', 'Nair'];
    const cities = ['Pune', 'Kochi', 'Rampur', 'Thiruvananthapuram'];
    const skillsOf = ['Excel', 'Kotlin', 'Sales'];
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, skills, skills_lc,
                         rank_score, rating_tenths)
      select 'RULE-' || g, 'rule' || g || '@example.in', 'x',
             (${sql.param(first)}::text[])[1 + g % 9] || ' ' || (${sql.param(last)}::text[])[1 + (g / 9) % 7],
             'employee', (${sql.param(cities)}::text[])[1 + g % 4],
             array[(${sql.param(skillsOf)}::text[])[1 + g % 3]], array[lower((${sql.param(skillsOf)}::text[])[1 + g % 3])],
             (g % 37) / 10.0, (g * 7) % 51
      from generate_series(1, 600) g`,
    );
    const words = [...first, ...last, ...cities].map((w) => w.toLowerCase());
    const fragment = fc
      .tuple(fc.constantFrom(...words), fc.nat(20), fc.integer({ min: 1, max: 8 }))
      .map(([word, start, length]) => word.slice(start % word.length, (start % word.length) + length));
    const search = fc.oneof(
      fragment,
      fragment.map((f) => f.toUpperCase()),
      fc.tuple(fragment, fragment).map(([a, b]) => `${a} ${b}`),
      fc.tuple(fragment, fragment, fragment).map((words) => words.join(' ')),
      fc.array(fragment, { minLength: 4, maxLength: 5 }).map((words) => words.join(' ')),
      fc.constantFrom('rama', 'RÁMA', "d'souza", 'zoe', 'co op', 'ram ku', '%', ''),
    );
    const orders: Record<string, string> = { top: 'rank_score desc, id', name: 'lower(full_name), id' };
    await fc.assert(
      fc.asyncProperty(
        search,
        fc.record(
          {
            city: fc.constantFrom(...cities),
            minTenths: fc.integer({ min: 10, max: 50 }),
            skills: fc.constant(['kotlin'] as string[]),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom('top', 'name'),
        fc.integer({ min: 1, max: 6 }),
        async (term, filter, sort, page) => {
          if (!term.trim()) return;
          const query = new URLSearchParams({ search: term, sort, page: String(page), page_size: '7' });
          if (filter.city) query.set('city', filter.city);
          if (filter.minTenths !== undefined) query.set('min_rating', String(filter.minTenths / 10));
          if (filter.skills) query.set('skills', filter.skills.join(','));
          const list = await employees(`?${query}`);
          const expected = await byRules(term, filter, orders[sort] as string);
          const all = expected;
          expect(
            list.results.map((r) => r.id),
            `${query}`,
          ).toEqual(all.slice((page - 1) * 7, page * 7));
          if (list.total_capped) {
            // A count that stopped early says at least what it saw, never more than there is.
            expect(list.total_count).toBeLessThanOrEqual(all.length);
            expect(list.has_next || page * 7 >= all.length).toBe(true);
          } else {
            expect(list.total_count, `${query}`).toBe(all.length);
          }
        },
      ),
      {
        numRuns: 150,
        // Found by a CI run: a count that stopped early took a full last page (14 matches, the second
        // page of 7 results) to have a 15th match after it.
        examples: [['rá', { city: 'Rampur', minTenths: 35, skills: ['kotlin'] }, 'top', 2]],
      },
    );
    await removeTagged(ctx, 'RULE');
  });
});

describe('the pieces a search is looked up by', () => {
  /** Rows of search_grams that differ from the listed users' pieces recomputed (drizzle/0018). */
  const strayPieces = async () => {
    const result = (await ctx.deps.db.execute(sql`
      select count(*)::int as n from (
        (select r.* from users u, search_grams_rows(u) r except all select * from search_grams)
        union all
        (select * from search_grams except all select r.* from users u, search_grams_rows(u) r)) d`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n;
  };

  it('follow every change of name, city, suspension and role, and none of a rating', async () => {
    const person = await makeUser(ctx, 'employee', { name: 'Gauri Deshmukh', city: 'Nashik' });
    const search1 = async (term: string) => names(await employees(`?search=${encodeURIComponent(term)}`));
    expect(await search1('deshm')).toEqual(['Gauri Deshmukh']);
    await ctx.deps.db.execute(
      sql`update users set full_name = 'Gauri Kelkar', city = 'Satara' where id = ${person.id}`,
    );
    expect(await search1('deshm')).toEqual([]);
    expect(await search1('kelk')).toEqual(['Gauri Kelkar']);
    expect(await search1('satar')).toEqual(['Gauri Kelkar']);
    await ctx.deps.db.execute(sql`update users set is_active = false where id = ${person.id}`);
    expect(await search1('kelk')).toEqual([]);
    await ctx.deps.db.execute(sql`update users set is_active = true where id = ${person.id}`);
    expect(await search1('kelk')).toEqual(['Gauri Kelkar']);
    // The skills filter reads the pieces' skill signature (drizzle/0021): a change of skills changes it.
    const withSkill = async (skill: string) => names(await employees(`?search=kelk&skills=${skill}`));
    await ctx.deps.db.execute(
      sql`update users set skills = array['Kotlin'], skills_lc = array['kotlin'] where id = ${person.id}`,
    );
    expect(await withSkill('kotlin')).toEqual(['Gauri Kelkar']);
    await ctx.deps.db.execute(
      sql`update users set skills = array['Tally', 'GST'], skills_lc = array['tally', 'gst'] where id = ${person.id}`,
    );
    expect(await withSkill('kotlin')).toEqual([]);
    expect(await withSkill('gst')).toEqual(['Gauri Kelkar']);
    expect(await strayPieces()).toBe(0);
    // A rating updates the ratee's aggregates only: their pieces stay as they are.
    const before = (await ctx.deps.db.execute(
      sql`select count(*)::int as n from search_grams where user_id = ${person.id}`,
    )) as unknown as { rows: { n: number }[] };
    await ctx.deps.db.execute(
      sql`update users set rank_score = 4.2, rating_tenths = 42 where id = ${person.id}`,
    );
    const after = (await ctx.deps.db.execute(
      sql`select count(*)::int as n from search_grams where user_id = ${person.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    await ctx.deps.db.execute(sql`update users set user_role = 'employer' where id = ${person.id}`);
    expect(await search1('kelk')).toEqual([]);
    expect(await strayPieces()).toBe(0);
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city)
      values ('GONE-1', 'gone1@example.in', 'x', 'Ishita Gone', 'employee', 'Agra')`,
    );
    expect(await search1('ishi')).toEqual(['Ishita Gone']);
    await ctx.deps.db.execute(sql`delete from users where user_code = 'GONE-1'`);
    expect(await search1('ishi')).toEqual([]);
    expect(await strayPieces()).toBe(0);
  });
});

/** Rows an index's scans in an analysed plan read and dropped (each node's lines up to the next). */
function droppedBy(plan: string, index: string | RegExp): number {
  let dropped = 0;
  let inScan = false;
  for (const line of plan.split('\n')) {
    if (line.includes('->'))
      inScan =
        (typeof index === 'string' ? line.includes(`using ${index} `) : index.test(line)) &&
        !line.includes('never executed');
    const removed = /Rows Removed by Filter: (\d+)/.exec(line);
    if (inScan && removed) dropped += Number(removed[1]);
  }
  return dropped;
}

/** Users a plan's scans passed and dropped, along any of the list's indexes or the table itself. */
const passedUsers = (plan: string) => droppedBy(plan, /Scan (on|using users_dir_\w+ on) users\b/);

/** Fresh statistics after a test's bulk insert, as autovacuum keeps them. */
async function analyzeSearchTables() {
  await ctx.deps.db.execute(sql`analyze users`);
  await ctx.deps.db.execute(sql`analyze search_grams`);
}

/**
 * `count` employees whose user_code begins with `tag`, named and placed by expressions of their number
 * `g`, ranked by it, with fresh statistics; removeTagged deletes them again.
 */
async function addRankedEmployees(tag: string, count: number, name: SQL, city: SQL = sql`'Pune'`) {
  await bulkUsers(
    ctx,
    sql`
    insert into users (user_code, email, password_hash, full_name, user_role, city, rank_score)
    select ${tag} || '-' || g, lower(${tag}) || g || '@example.in', 'x', ${name}, 'employee', ${city},
           (g % 97) / 20.0
    from generate_series(1, ${count}::int) g`,
  );
  await analyzeSearchTables();
}

/** A search's generic plan, as the server runs searches (ADR 0020); `analyze`: as it ran. */
const genericPlan = (filter: DirectoryFilter, page: { limit: number; offset: number }, options = {}) =>
  ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    return searchPlan(tx, filter, 'top', { id: employer.id, context: 'EMPLOYER_TO_EMPLOYEE' }, page, options);
  });

/** The analysed generic plan of a first page of 21 of an employee search. */
const firstPagePlan = (search: string) =>
  genericPlan({ role: 'employee', search }, { limit: 21, offset: 0 }, { analyze: true });

/** A group's candidate list (the WITH query c0 or c1) in a plan, up to the next WITH query. */
function candidateList(plan: string, group: 0 | 1): string {
  const start = plan.indexOf(`CTE c${group}`);
  const end = plan.indexOf('\n  CTE ', start);
  return plan.slice(start, end < 0 ? undefined : end);
}

/** The nodes of an analysed plan that match `pattern` and ran. */
const ranNodes = (plan: string, pattern: RegExp) =>
  plan.split('\n').filter((line) => pattern.test(line) && !line.includes('never executed'));

const PIECES_SCAN = /Scan (using \w+ )?on search_grams\b/;

/**
 * Rows of search_grams a part of an analysed plan read: those its scans returned and, unless
 * `removed` is false, those their filters dropped.
 */
const piecesRead = (part: string, { removed = true } = {}) =>
  ranNodes(part, PIECES_SCAN).reduce(
    (sum, line) =>
      sum + Number(/rows=([\d.]+)/.exec(line)?.[1] ?? 0) * Number(/loops=(\d+)/.exec(line)?.[1] ?? 1),
    removed ? droppedBy(part, PIECES_SCAN) : 0,
  );

/** Users looked up by key in an analysed plan, as it ran. */
const keyLookups = (plan: string) =>
  ranNodes(plan, /using users_pkey on users/).reduce(
    (sum, line) => sum + Number(/loops=(\d+)/.exec(line)?.[1] ?? 0),
    0,
  );

// Each test writes and removes thousands of users with their pieces: on the embedded database of a
// slow, busy machine most of a minute each (10,000 at 2 x Xeon 2.1 GHz timed out at 60 s in CI; 5,005
// took 64 s beside the rest of CI on 2026-11-30). A hang still fails.
describe('search plans', { timeout: 180_000 }, () => {
  it('never scans the users table or the pieces, whether a search matches a few users or thousands', async () => {
    // 10,000 employees named from a small vocabulary, as people are: "Roh" begins 1 in 4 names,
    // "Zubin" 3 in 10,000.
    await addRankedEmployees(
      'PLAN',
      10000,
      sql`(array['Rohan', 'Rohit', 'Meera', 'Anil', 'Sunita', 'Deepak', 'Kavita', 'Imran'])[1 + g % 8]
        || ' ' || case when g % 3000 = 0 then 'Zubin' else 'Family' || (g % 150) end`,
      sql`(array['Pune', 'Agra', 'Surat', 'Delhi'])[1 + g % 4]`,
    );
    const viewer = { id: employer.id, context: 'EMPLOYER_TO_EMPLOYEE' as const };
    const filters: DirectoryFilter[] = [
      // thousands of matches, a handful, inside words only, several words, a long word
      { role: 'employee', search: 'roh' },
      { role: 'employee', search: 'zubin' },
      { role: 'employee', search: 'ubin' },
      { role: 'employee', search: 'rohan family1' },
      { role: 'employee', search: 'family12' },
      // with every filter
      { role: 'employee', search: 'roh', city: 'Pune', minTenths: 30, skills: ['excel'] },
    ];
    for (const filter of filters) {
      const plan = await searchPlan(ctx.deps.db, filter, 'top', viewer, { limit: 20, offset: 0 });
      // Every way the statement may take is in its plan, and each reads through an index; only a
      // search without a word of two letters counts by reading users until the cap's 1,001 matches.
      // An exact search in the default order reads its page in rank order (ADR 0027).
      const ranked = shapeOf(filter, 'top').ranked;
      expect(plan, filter.search).toMatch(ranked ? /ranked_page/ : /search_grams_matches|search_grams_city/);
      expect(plan, filter.search).not.toMatch(/Seq Scan on search_grams/);
      expect(scansNotStoppingAtCap(plan), `${filter.search}\n${plan}`).toEqual([]);
    }
    await removeTagged(ctx, 'PLAN');
  });

  it("counts group 0's matches before a page once, not in every branch that places group 1's part", async () => {
    // 400 "Rohan"s (group 0 of "roh"), 10 of them with Excel, and 300 "Abhirohit"s with Excel (group
    // 1). Page 2 of "roh" + Excel has no group 0 match left, so group 1's part starts after the 10 of
    // group 0, which the statement counts by reading users. It counted them once for each place that
    // names group 1's window: six reads of every Excel user where one does (a slow search's most time
    // at 100,000 users).
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, skills, skills_lc)
      select 'WINDOW-' || g, 'window' || g || '@example.in', 'x',
        case when g <= 400 then 'Rohan Window' || g else 'Abhirohit Window' || g end, 'employee', 'Pune',
        case when g % 40 = 0 or g > 400 then array['Excel'] else array['Tally'] end,
        case when g % 40 = 0 or g > 400 then array['excel'] else array['tally'] end
      from generate_series(1, 700) g`,
    );
    await analyzeSearchTables();
    const viewer = { id: employer.id, context: 'EMPLOYER_TO_EMPLOYEE' as const };
    const filter: DirectoryFilter = { role: 'employee', search: 'roh', skills: ['excel'] };
    // In an order ranked pieces do not serve (ADR 0027): the statement's own window.
    const plan = await searchPlan(
      ctx.deps.db,
      filter,
      'rating',
      viewer,
      { limit: 21, offset: 20 },
      { analyze: true },
    );
    // Reads of users other than by key (a candidate's lookup), as they ran.
    const walks = ranNodes(plan, /Scan (on|using \w+ on) users\b/).filter(
      (line) => !/Subquery Scan|users_pkey/.test(line),
    );
    expect(walks, plan).toHaveLength(1);
    const page2 = await employees('?search=roh&skills=excel&sort=rating&page=2&page_size=20');
    expect(page2.results).toHaveLength(20);
    expect(page2.results.every((item) => item.full_name.startsWith('Abhirohit'))).toBe(true);
    await removeTagged(ctx, 'WINDOW');
  });

  it('reads the users with a skill, not the whole list, when a common piece and a common skill are rarely together', async () => {
    // 2,000 "Rohan"s, 5 of them with Excel; 700 other employees with Excel. "roh" has more candidates
    // than are counted, and Excel is no rare skill (17 %), so the page was walked along the ranking
    // index past every employee to find 5. Reading Excel's 705 users is the cheaper way.
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, skills, skills_lc, rank_score)
      select 'SKILL-' || g, 'skill' || g || '@example.in', 'x',
        case when g <= 2000 then 'Rohan Skill' || g else 'Meera Skill' || g end, 'employee', 'Pune',
        case when g % 400 = 0 or g > 3300 then array['Excel'] else array['Tally'] end,
        case when g % 400 = 0 or g > 3300 then array['excel'] else array['tally'] end,
        (g % 97) / 20.0
      from generate_series(1, 4000) g`,
    );
    await analyzeSearchTables();
    const filter: DirectoryFilter = { role: 'employee', search: 'roh', skills: ['excel'] };
    const plan = await genericPlan(filter, { limit: 21, offset: 0 }, { analyze: true });
    // Every entry of the sort's index the walks passed and dropped.
    expect(droppedBy(plan, 'users_dir_top'), plan).toBeLessThan(1000);
    const found = await employees('?search=roh&skills=excel&sort=top');
    expect(found.results.filter((item) => item.full_name.startsWith('Rohan Skill'))).toHaveLength(5);
    await removeTagged(ctx, 'SKILL');
  });

  it("drops a piece's users without the skills in the index, not by looking each one up", async () => {
    // 600 "Rohan"s, 12 of them with Kotlin. A hundred candidates of "roh" were looked up to count
    // (and, had the skill been common, all 600 to fetch the page): 111 lookups. The pieces' skill
    // signature leaves the 12 and the few that share its bits by chance: 35 (skills-filtered
    // searches at 100,000 users, one at a time: mean 10.7 -> 4.1-5.4 ms).
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, skills, skills_lc, rank_score)
      select 'SIGNATURE-' || g, 'signature' || g || '@example.in', 'x', 'Rohan Signature' || g, 'employee', 'Pune',
        case when g % 50 = 0 then array['Kotlin', 'Excel'] else array['Tally', 'Excel', 'Hindi', 'Sales'] end,
        case when g % 50 = 0 then array['kotlin', 'excel'] else array['tally', 'excel', 'hindi', 'sales'] end,
        (g % 97) / 20.0
      from generate_series(1, 600) g`,
    );
    await analyzeSearchTables();
    const filter: DirectoryFilter = { role: 'employee', search: 'roh', skills: ['kotlin'] };
    const plan = await genericPlan(filter, { limit: 11, offset: 0 }, { analyze: true });
    expect(keyLookups(plan), plan).toBeLessThan(60);
    const found = await employees('?search=roh&skills=kotlin&sort=top&page_size=20');
    expect(found.total_count).toBe(12);
    expect(found.results.every((item) => item.full_name.startsWith('Rohan Signature'))).toBe(true);
    await removeTagged(ctx, 'SIGNATURE');
  });

  it('judges a filtered group by the matches among all its candidates, not among the hundred it checked', async () => {
    // 4,000 employees, 600 of them "Rohan"s, 30 of those rated 3 stars or more. Of the 100 candidates
    // checked, 5 match: read as the group's matches, that made fetching all 600 candidates (a lookup
    // each) look cheaper than walking the ranking index, where 30 matches (6 times that) make the
    // walk to a page of 11 the cheaper way (min_rating searches at 100,000 users: 9 -> 5 ms at p50).
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, rating_tenths, rank_score)
      select 'DENSITY-' || g, 'density' || g || '@example.in', 'x',
        case when g <= 600 then 'Rohan Density' || g else 'Meera Density' || g end, 'employee', 'Pune',
        case when g <= 600 and g % 20 = 0 then 40 else 20 end, (g % 97) / 20.0
      from generate_series(1, 4000) g`,
    );
    await analyzeSearchTables();
    const filter: DirectoryFilter = { role: 'employee', search: 'roh', minTenths: 30 };
    const plan = await genericPlan(filter, { limit: 11, offset: 0 }, { analyze: true });
    // The hundred checked and the page's own, not the 600.
    expect(keyLookups(plan), plan).toBeLessThan(300);
    const found = await employees('?search=roh&min_rating=3&sort=top&page_size=10');
    expect(found.results).toHaveLength(10);
    expect(found.results.every((item) => item.full_name.startsWith('Rohan Density'))).toBe(true);
    await removeTagged(ctx, 'DENSITY');
  });

  it('walks to a page past a few thousand index entries rather than looking up a hundred candidates', async () => {
    // 3,000 employees, 100 of them "Swati"s spread through the ranking. A page of 21 is found either by
    // looking all 100 up and sorting them, or by walking the ranking index past about 630 entries.
    // A lookup costs about as much as 17 entries walked (WALK_COST), so the walk is the cheaper way;
    // with a lookup weighed as 5 entries (WALK_COST 0.2), the page looked every Swati up (employee
    // searches at 100,000 users, one at a time: over a quarter of their time, on later pages,
    // 3.8 -> 2.4 ms).
    await addRankedEmployees(
      'WALKCOST',
      3000,
      sql`case when g % 30 = 0 then 'Swati Walkcost' || g else 'Meera Walkcost' || g end`,
    );
    const plan = await firstPagePlan('swat');
    // The page's own 21 and none of the hundred.
    expect(keyLookups(plan), plan).toBeLessThan(50);
    expect(droppedBy(plan, 'users_dir_top'), plan).toBeLessThan(1000);
    const found = await employees('?search=swat&sort=top&page_size=20');
    const expected = await queryRows<{ id: number }>(
      ctx.deps.db,
      sql`select id from users where user_role = 'employee' and is_active and full_name like 'Swati%'
          order by rank_score desc, id limit 20`,
    );
    expect(found.results.map((item) => item.id)).toEqual(expected.map((row) => row.id));
    await removeTagged(ctx, 'WALKCOST');
  });

  it("reads each group's candidates once for a search of several words", async () => {
    // "rohan family1" is group 0's users having a word beginning "rohan" and one beginning "family1",
    // then found by grouping every row of both pieces. The count, the checks and the page each named
    // the group's candidates, and each grouped the rows again ("ram kumar" at 100,000 users: 28-32 ms
    // of PostgreSQL, now 9-10). Group 1's are read at most once too (here not at all: group 0's many
    // fill the page).
    await addRankedEmployees(
      'WORDS',
      3000,
      sql`(array['Rohan', 'Meera', 'Anil', 'Kavita'])[1 + g % 4] || ' Family' || (g % 150)`,
    );
    const plan = await genericPlan(
      { role: 'employee', search: 'rohan family1' },
      { limit: 20, offset: 0 },
      { analyze: true },
    );
    const pieceReads = ranNodes(plan, /(Bitmap Heap Scan on|Index (Only )?Scan using \w+ on) search_grams\b/);
    // One read of group 0's pieces, and at most one of group 1's.
    const group0 = candidateList(plan, 0);
    expect(ranNodes(group0, /Scan (using \w+ )?on search_grams\b/), plan).toHaveLength(1);
    expect(pieceReads.length, plan).toBeLessThanOrEqual(2);
    const found = await employees('?search=rohan%20family1&sort=top&page_size=50');
    // The Rohans of Family1, Family10-19 and Family100-149.
    expect(found.results).toHaveLength(50);
    expect(found.results.every((item) => /^Rohan Family1\d*$/.test(item.full_name))).toBe(true);
    await removeTagged(ctx, 'WORDS');
  });

  it("looks up none of group 0's users again for group 1 when a name's first word begins theirs", async () => {
    // "rohan z": group 1 holds the names where "rohan z" is found with "rohan" inside a word. Its
    // candidates were the users with "roha" anywhere, so every Rohan, already looked up for group 0,
    // was looked up again when group 0 left the page short ("yash f" at 100,000 users: 853 lookups
    // twice, 13-14 ms of PostgreSQL, now 8-9).
    await addRankedEmployees(
      'INITIAL',
      400,
      sql`'Rohan ' || case when g % 50 = 0 then 'Zed' else 'Family' end || g`,
    );
    const plan = await firstPagePlan('rohan z');
    // The hundred of group 0 checked for the count and the page's 8 (508 when group 1 had the Rohans).
    expect(keyLookups(plan), plan).toBeLessThan(300);
    const found = await employees('?search=rohan%20z&sort=top');
    expect(found.results.map((item) => item.full_name).sort()).toEqual(
      [50, 100, 150, 200, 250, 300, 350, 400].map((g) => `Rohan Zed${g}`).sort(),
    );
    await removeTagged(ctx, 'INITIAL');
  });

  it("counts group 0's few matches before a later page among its candidates, not along every user", async () => {
    // "rohan z": 400 Rohans are group 0's candidates (more than the hundred counted), 8 of them match,
    // and 30 "Abrohan Zed"s are group 1. Page 2 starts group 1 after group 0's 8, which the statement
    // counted by walking the ranking index until it had found 20 of them: past every employee, since
    // there are only 8 ("sunil f" page 3 at 100,000 users: 87,500 entries, 80-95 ms).
    await addRankedEmployees(
      'BEFORE',
      3000,
      sql`case when g <= 400 then 'Rohan ' || case when g % 50 = 0 then 'Zed' else 'Family' end || g
        when g <= 430 then 'Abrohan Zed' || g else 'Meera Family' || g end`,
    );
    const plan = await genericPlan(
      { role: 'employee', search: 'rohan z' },
      { limit: 21, offset: 20 },
      { analyze: true },
    );
    expect(passedUsers(plan), plan).toBeLessThan(1000);
    const page2 = await employees('?search=rohan%20z&sort=top&page=2&page_size=20');
    expect(page2.total_count).toBe(38);
    expect(page2.results).toHaveLength(18);
    expect(page2.results.every((item) => item.full_name.startsWith('Abrohan Zed'))).toBe(true);
    await removeTagged(ctx, 'BEFORE');
  });

  // A rare match among more candidates than are counted (1,001) could only be walked for along the
  // ranking index, past every employee ("vijay d's" at 100,000 users: 87,500 entries, 100-170 ms; "sai
  // tripa" page 3, with 1,033 names having "sai" inside a word: 50-180 ms). Fetching the candidates
  // costs a lookup each.
  const rareMatches = [
    {
      group: 0,
      // 1,500 Rohans, 3 of them "Rohan Zed", among 4,000 employees.
      count: 4000,
      name: sql`case when g <= 1500 then 'Rohan ' || case when g % 500 = 0 then 'Zed' else 'Family' end || g
        else 'Meera Family' || g end`,
      found: ['Rohan Zed1000', 'Rohan Zed1500', 'Rohan Zed500'],
    },
    {
      group: 1,
      // No Rohan: group 0's candidates are all checked, and group 1's are the 1,200 names with "roha"
      // inside a word, 3 of them "Abrohan Zed".
      count: 2500,
      name: sql`case when g <= 1200 then 'Abrohan ' || case when g % 400 = 0 then 'Zed' else 'Family' end || g
        else 'Meera Family' || g end`,
      found: ['Abrohan Zed1200', 'Abrohan Zed400', 'Abrohan Zed800'],
    },
  ];
  for (const { group, count, name, found } of rareMatches) {
    it(`fetches group ${group}'s rare match among more candidates than are counted, not walking the list for it`, async () => {
      await addRankedEmployees('RARE', count, name);
      const plan = await firstPagePlan('rohan z');
      expect(passedUsers(plan), plan).toBeLessThan(1000);
      expect(names(await employees('?search=rohan%20z&sort=name'))).toEqual(found);
      await removeTagged(ctx, 'RARE');
    });
  }

  it("finds group 1 of several words by the first word's letters inside a word, not a later word's common beginning", async () => {
    // "rohan fa": group 1 is names where "rohan fa" follows other letters ("Abrohan Faxe"). Its candidates
    // were the users with "roha" inside a word and a word beginning "fa": every row of "fa" too, which
    // 3,000 "Family" names share ("aditya mu" at 1,000,000 users: 108,052 rows grouped, on every search,
    // since group 1 is counted). "roha" inside a word is rare, and the check against each user finds
    // the rest.
    await addRankedEmployees(
      'INSIDE',
      3000,
      sql`case when g <= 5 then 'Abrohan Faxe' || g else 'Meera Family' || g end`,
    );
    const plan = await firstPagePlan('rohan fa');
    const group1 = candidateList(plan, 1);
    expect(piecesRead(group1), group1).toBeLessThan(100);
    expect(names(await employees('?search=rohan%20fa&sort=name'))).toEqual(
      [1, 2, 3, 4, 5].map((g) => `Abrohan Faxe${g}`),
    );
    await removeTagged(ctx, 'INSIDE');
  });

  it("reads one word's piece for group 0 of several words, and drops on its entries the users lacking another word", async () => {
    // "rohan fa": group 0's candidates were the users having both "rohan" and "fa" as word beginnings,
    // found by grouping every row of both pieces: every "Family" too ("rahul sh" at 1,000,000 users:
    // every user with a word beginning "sh"). Now the longest word's piece is read, and each entry's
    // word signature drops most Rohans without a word beginning "fa" before any user is looked up.
    await addRankedEmployees(
      'WORDS',
      5005,
      sql`case when g <= 5 then 'Rohan Faxe' || g when g <= 2005 then 'Rohan Mehta' || g else 'Meera Family' || g end`,
    );
    const plan = await firstPagePlan('rohan fa');
    const group0 = candidateList(plan, 0);
    // The Rohans' entries, not the 3,000 Families'; of those, the few whose signature has "fa" by chance.
    expect(piecesRead(group0), group0).toBeLessThan(2100);
    expect(piecesRead(group0, { removed: false }), group0).toBeLessThan(150);
    expect(keyLookups(plan), plan).toBeLessThan(300);
    expect(names(await employees('?search=rohan%20fa&sort=name'))).toEqual(
      [1, 2, 3, 4, 5].map((g) => `Rohan Faxe${g}`),
    );
    await removeTagged(ctx, 'WORDS');
  });

  it('reads the rarest pair of its words for group 0 of several words, not every user having the longest', async () => {
    // "tanvi tripathi" read every user with a word beginning "tripathi": a name begins about one word
    // in a hundred (10,000 entries at 1,000,000 users; names at 4.7 times their p50 at 100,000). Each
    // user has pairs of their words (drizzle/0041): "tanv tr" only the Tanvis with a word in "tr".
    // Every Tripathi has "trip t" from the name itself, so the pair takes two letters of the other word.
    await addRankedEmployees(
      'PAIRS',
      2010,
      sql`case when g <= 5 then 'Tanvi Tripathi' || g when g <= 10 then 'Tripti Tandon' || g
        else 'Amit Tripathi' || g end`,
    );
    const tanvis = [1, 2, 3, 4, 5].map((g) => `Tanvi Tripathi${g}`);
    for (const search of ['tanvi tripathi', 'tripathi tanvi', 'tanvi tr']) {
      const group0 = candidateList(await firstPagePlan(search), 0);
      expect(piecesRead(group0), `${search}\n${group0}`).toBeLessThan(20);
      expect(names(await employees(`?search=${encodeURIComponent(search)}&sort=name`)), search).toEqual(
        tanvis,
      );
    }
    // A word may begin two of the search's words; a word of one letter is a pair's too.
    expect(names(await employees('?search=tanvi%20t&sort=name'))).toEqual(tanvis);
    expect(names(await employees('?search=tripti%20t&sort=name'))).toEqual(
      [10, 6, 7, 8, 9].map((g) => `Tripti Tandon${g}`),
    );
    expect(names(await employees('?search=tand%20tripti&sort=name'))).toEqual(
      [10, 6, 7, 8, 9].map((g) => `Tripti Tandon${g}`),
    );
    await removeTagged(ctx, 'PAIRS');
  });

  it("reads a rare long word's beginning rather than its pairs with a common word", async () => {
    // "mohammed shahabuddin": every pair of its words ("moha sh", "shah mo") is held by every Mohammed
    // Shahrukh too; its longest word begins a word of only three users.
    await addRankedEmployees(
      'LONG',
      1503,
      sql`case when g <= 3 then 'Mohammed Shahabuddin' || g else 'Mohammed Shahrukh' || g end`,
    );
    const group0 = candidateList(await firstPagePlan('mohammed shahabuddin'), 0);
    expect(piecesRead(group0), group0).toBeLessThan(20);
    expect(names(await employees('?search=mohammed%20shahabuddin&sort=name'))).toEqual(
      [1, 2, 3].map((g) => `Mohammed Shahabuddin${g}`),
    );
    await removeTagged(ctx, 'LONG');
  });

  it("reads no candidate of group 1 when group 0's many fill the page", async () => {
    // "ram kumar": past a hundred of group 0's candidates the total is a lower bound and group 1 is
    // not counted, yet its count read every entry of "ram" inside a word (82,797 at 1,000,000 users)
    // for a page of Kumars.
    await addRankedEmployees(
      'FILLED',
      2200,
      sql`case when g <= 200 then 'Ram Kumar' || g else 'Vikram Mehta' || g end`,
    );
    const plan = await firstPagePlan('ram kumar');
    const group1 = candidateList(plan, 1);
    expect(piecesRead(group1), plan).toBe(0);
    const list = await employees('?search=ram%20kumar');
    expect(list.results).toHaveLength(20);
    expect(
      list.results.every((r) => r.full_name.startsWith('Ram Kumar')),
      JSON.stringify(list.results),
    ).toBe(true);
    expect(list.total_capped).toBe(true);
    await removeTagged(ctx, 'FILLED');
  });

  it('answers a first page without a match as no match at all, not as a lower bound of none', async () => {
    // A filtered search counts its matches among its first COUNT_READS candidates, a lower bound past
    // them; yet a first page that found none had looked at every candidate (only a walk of the first
    // WALK_LIMIT users stops short, below), and "Showing 0 of 0+" said some might still match.
    await addRankedEmployees('NONE', 150, sql`'Tarvo Unrated' || g`);
    for (const sort of ['top', 'name']) {
      const list = await employees(`?search=tarvo&min_rating=4&sort=${sort}`);
      expect(list, sort).toMatchObject({ results: [], total_count: 0, total_capped: false, has_next: false });
    }
    await removeTagged(ctx, 'NONE');
  });

  it('looks words of one letter up by their first letter, and letters inside a word no further than WALK_LIMIT users', async () => {
    // Ranked in the order of their number: the first WALK_LIMIT are SHORT-1 to SHORT-5000.
    const count = WALK_LIMIT + 1000;
    await bulkUsers(
      ctx,
      sql`
      insert into users (user_code, email, password_hash, full_name, user_role, city, rank_score,
                         skills, skills_lc)
      select 'SHORT-' || g, 'short' || g || '@example.in', 'x',
             case when g % 1500 = 0 then 'Qadir Xavier' || g when g = 10 then 'Mazqo Family'
               when g = ${WALK_LIMIT + 500}::int then 'Abzqa Family' else 'Meera Family' || g end,
             'employee', 'Pune', (${2 * count}::int - g) / 100.0,
             case when g in (10, ${WALK_LIMIT + 500}::int) then array['COBOL'] else array['Excel'] end,
             case when g in (10, ${WALK_LIMIT + 500}::int) then array['cobol'] else array['excel'] end
      from generate_series(1, ${count}::int) g`,
    );
    await analyzeSearchTables();
    // Words of one letter had no piece ("q x", or "D'S", which is "d s"), so both groups walked every
    // user ("q x" at 100,000 users: 80 ms). Now each word's first letter is a piece (drizzle/0046).
    const initials = await firstPagePlan('q x');
    expect(passedUsers(initials), initials).toBeLessThan(1000);
    expect(names(await employees('?search=q%20x&sort=name'))).toEqual(
      [1500, 3000, 4500, 6000].map((g) => `Qadir Xavier${g}`),
    );
    // One word of two letters has no piece inside a word: group 1 walked every user for "zq" (56 ms
    // at 100,000 users); it is now looked for among the list's first WALK_LIMIT users, and the total
    // says it is a lower bound.
    const found = await employees('?search=zq&sort=top');
    expect(names(found)).toEqual(['Mazqo Family']);
    expect(found).toMatchObject({ total_count: 1, total_capped: true });
    // The bound is on the users read, before the other filters: counted among those passing a skill
    // few have, the walk passed every user of the list until 5,000 had it (or the list ended).
    const filtered = await employees('?search=zq&sort=top&skills=cobol');
    expect(names(filtered)).toEqual(['Mazqo Family']);
    expect(filtered).toMatchObject({ total_count: 1, total_capped: true });
    await removeTagged(ctx, 'SHORT');
  });

  it('starts no part of the statement a search does not need', async () => {
    // Every execution starts every node of the generic plan, run or not: an unfiltered search that
    // found nothing took 0.40 ms of PostgreSQL, 0.28 without these parts (docs/benchmarks.md).
    const page = { limit: 20, offset: 0 };
    // An exact search is one word, its own piece: no list of words or pieces to build or test.
    const exact = await genericPlan({ role: 'employee', search: 'roh' }, page);
    expect(exact, exact).not.toMatch(/unnest/);
    // Any other search binds its search row (key, pieces, signatures) as parameters: read from a
    // WITH query of the statement, each of its ~55 uses was an InitPlan started on every execution,
    // and its functions (search_key, word_bits, skill_bits, which PostgreSQL cannot inline) ran each
    // time.
    for (const filter of [{}, { skills: ['excel'] }, { minTenths: 30 }]) {
      const plan = await genericPlan({ role: 'employee', search: 'rohan fam', ...filter }, page, {
        verbose: true,
      });
      expect(plan, plan).not.toMatch(/CTE q$|CTE Scan on q\b/m);
      expect(plan, plan).not.toMatch(/search_key\(|word_bits\(|skill_bits\(/);
    }
  });

  it("does not read a city's every user for a page of a search in it, in the generic plan the server runs", async () => {
    // The server runs a search's generic plan (ADR 0020), which cannot tell a big city from a small
    // one. With many cities it took each to be small, and the search's walk read all of a city's users
    // through users_dir_city and sorted them (Mumbai at 1M users: 12,800 rows for a page) instead of
    // walking the ranking index, which carries the city.
    await addRankedEmployees(
      'CITY',
      6000,
      sql`(array['Rohan', 'Meera', 'Anil', 'Kavita'])[1 + g % 4] || ' Family' || (g % 150)`,
      sql`'Town' || (g % 300)`,
    );
    const plan = await genericPlan(
      { role: 'employee', search: 'roh', city: 'Town7' },
      { limit: 20, offset: 0 },
    );
    expect(plan).toMatch(/search_grams_city/);
    expect(sortedCityReads(plan), plan).toEqual([]);
    await removeTagged(ctx, 'CITY');
  });
});
