// A search of one word of 3 or 4 letters, without a city, in the default order reads its page from
// ranked_grams in rank order (ADR 0027, drizzle/0039), and so does group 0 of a search of several words
// reading a word pair (drizzle/0048). Who matches, the totals and what each row shows
// are exact at once; the order follows the ratings when the ranks are next copied, which this file's
// app does only when a test asks (searchRanks.wake), so the lag can be watched.
import { type DirectoryItem, RATINGS_GIVEN_CHOICES } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { searchPlan } from '../../src/modules/directory/search.ts';
import { eraseAccount } from '../../src/modules/privacy/erase.ts';
import { recomputeAllAggregates } from '../../src/modules/ratings/aggregates.ts';
import { createTestApp, type TestContext } from '../helpers.ts';
import { get, makeUser, rate, setUser, type TestUser } from './support.ts';

let ctx: TestContext;
let viewer: TestUser;

beforeAll(async () => {
  // Never on its own during the file: each test copies the ranks when it means to.
  ctx = await createTestApp({}, { rankRefreshMs: 3_600_000 });
  viewer = await makeUser(ctx, 'employee');
});
afterAll(async () => ctx.close());

type Page = { results: DirectoryItem[]; total_count: number };
const search = async (piece: string, page = 1, pageSize = 20) => {
  const answer = await get<Page>(
    ctx,
    viewer,
    `/api/core/companies/?search=${piece}&page=${page}&page_size=${pageSize}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
};
const names = (page: Page) => page.results.map((row) => row.full_name);

/** The first `count` pages of `url` (a list's address and query, without the page), as `user` reads them. */
async function pagesOf(user: TestUser, url: string, count: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let page = 1; page <= count; page++) {
    const answer = await get<Page>(ctx, user, `${url}&page=${page}`);
    expect(answer.status).toBe(200);
    pages.push(answer.body);
  }
  return pages;
}

/**
 * What the list's order says, from the users themselves: word beginnings first, then the rest; of the
 * companies passing `where` too.
 */
async function expectedOrder(piece: string, where: SQL = sql`true`) {
  const rows = await queryRows<{ full_name: string }>(
    ctx.deps.db,
    sql`select full_name from users
        where user_role = 'employer' and is_active and strpos(search_key, ${piece}) > 0 and ${where}
        order by strpos(search_key, ${` ${piece}`}) = 0, rank_score desc, id`,
  );
  return rows.map((row) => row.full_name);
}

describe('a ranked search', () => {
  it('lists in rank order as last copied: the new order once the ranks are copied, the shown averages at once', async () => {
    const [a, , c] = [
      await makeUser(ctx, 'employer', { name: 'Quorvex Alpha' }),
      await makeUser(ctx, 'employer', { name: 'Quorvex Beta' }),
      await makeUser(ctx, 'employer', { name: 'Quorvex Gamma' }),
    ];
    await makeUser(ctx, 'employer', { name: 'Aquorv Delta' });
    const before = await search('quor');
    expect(names(before)).toEqual(['Quorvex Alpha', 'Quorvex Beta', 'Quorvex Gamma', 'Aquorv Delta']);

    await rate(ctx, await makeUser(ctx, 'employee'), c as TestUser, { values: [5, 5, 5, 5, 5, 5] });
    await rate(ctx, await makeUser(ctx, 'employee'), a as TestUser, { values: [1, 1, 1, 1, 1, 1] });
    const stale = await search('quor');
    expect(names(stale)).toEqual(names(before));
    expect(stale.total_count).toBe(4);
    // Gamma's row shows its new average while it still stands where its old rank put it.
    expect(stale.results.find((row) => row.id === c?.id)?.rating_received).toBe(5);

    const refreshed = ctx.deps.searchRanks.stats().changes;
    await ctx.deps.searchRanks.wake();
    expect(ctx.deps.searchRanks.stats().changes).toBe(refreshed + 2);
    expect(names(await search('quor'))).toEqual([
      'Quorvex Gamma',
      'Quorvex Beta',
      'Quorvex Alpha',
      'Aquorv Delta',
    ]);
    expect(names(await search('quor'))).toEqual(await expectedOrder('quor'));
  });

  it('pages through word beginnings, then the piece inside words, as the list orders them', async () => {
    // 23 companies beginning "Zelt" and 9 with "zelt" inside a word, ranked apart by their ratings.
    const raters = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employee')];
    for (let i = 0; i < 23; i++) {
      const company = await makeUser(ctx, 'employer', { name: `Zeltron ${i}` });
      if (i % 3 === 0)
        await rate(ctx, raters[0] as TestUser, company, { values: [(i % 5) + 1, 3, 4, 2, 5, 1] });
    }
    for (let i = 0; i < 9; i++) {
      const company = await makeUser(ctx, 'employer', { name: `Bazelt ${i}` });
      if (i % 2 === 0)
        await rate(ctx, raters[1] as TestUser, company, { values: [(i % 5) + 1, 2, 2, 2, 2, 2] });
    }
    await ctx.deps.searchRanks.wake();
    const expected = await expectedOrder('zelt');
    expect(expected).toHaveLength(32);
    const pages = [await search('zelt', 1, 10), await search('zelt', 2, 10), await search('zelt', 3, 10)];
    const last = await search('zelt', 4, 10);
    expect(pages.flatMap(names).concat(names(last))).toEqual(expected);
    expect(pages.map((page) => page.total_count)).toEqual([32, 32, 32]);
    expect(names(last)).toHaveLength(2);
    expect(names(await search('zelt', 5, 10))).toEqual([]);
  });

  it('pages a rating- or skills-filtered search in rank order, checking the filter on each entry', async () => {
    // 30 "Pravin"s and 12 "Apravi"s (the piece inside a word), rated apart; a third know Kotlin.
    const employers = [await makeUser(ctx, 'employer'), await makeUser(ctx, 'employer')];
    for (let i = 0; i < 42; i++) {
      const name = i < 30 ? `Pravin Sample${i}` : `Apravi Sample${i}`;
      const person = await makeUser(ctx, 'employee', {
        name,
        skills: i % 3 === 0 ? ['Kotlin', 'Excel'] : ['Excel'],
      });
      if (i % 4 !== 3)
        await rate(ctx, employers[i % 2] as TestUser, person, {
          values: [(i % 5) + 1, (i % 3) + 2, 3, 4, 2, 5],
        });
    }
    await ctx.deps.searchRanks.wake();
    const employer = await makeUser(ctx, 'employer');
    const pages = async (query: string) =>
      (await pagesOf(employer, `/api/core/employees/?search=prav&${query}&page_size=8`, 5)).flatMap(names);
    const expected = async (where: SQL) =>
      (
        await queryRows<{ full_name: string }>(
          ctx.deps.db,
          sql`select full_name from users
              where user_role = 'employee' and is_active and strpos(search_key, 'prav') > 0 and ${where}
              order by strpos(search_key, ' prav') = 0, rank_score desc, id`,
        )
      ).map((row) => row.full_name);
    const rated = await expected(sql`rating_tenths >= 30`);
    expect(rated.length).toBeGreaterThan(8);
    expect(await pages('min_rating=3')).toEqual(rated);
    const kotlin = await expected(sql`skills_lc @> array['kotlin']`);
    expect(kotlin).toHaveLength(14);
    expect(await pages('skills=Kotlin')).toEqual(kotlin);
  });

  it("pages a company search in a city in rank order, from that city's companies only, and follows a move at once", async () => {
    // 14 "Vostrel" companies in Surat and 6 in Agra, and 5 with "vostrel" inside a word in Surat,
    // ranked apart by their ratings (drizzle/0047: their city's range of ranked_grams).
    const companies: TestUser[] = [];
    for (let i = 0; i < 25; i++) {
      const name = i < 20 ? `Vostrel ${i}` : `Avostrel ${i}`;
      const company = await makeUser(ctx, 'employer', { name, city: i >= 14 && i < 20 ? 'Agra' : 'Surat' });
      companies.push(company);
      if (i % 3 !== 2)
        await rate(ctx, await makeUser(ctx, 'employee'), company, { values: [(i % 5) + 1, 3, 4, 2, 5, 1] });
    }
    await ctx.deps.searchRanks.wake();
    const inCity = (city: string) => expectedOrder('vost', sql`city = ${city}`);
    const pages = async (city: string) => {
      const read = await pagesOf(
        viewer,
        `/api/core/companies/?search=vost&city=${city.toLowerCase()}&page_size=6`,
        4,
      );
      const total = (await inCity(city)).length;
      expect(read.map((page) => page.total_count)).toEqual(read.map(() => total));
      return read.flatMap(names);
    };
    const surat = await inCity('Surat');
    expect(surat).toHaveLength(19);
    expect(await pages('Surat')).toEqual(surat);
    expect(await pages('Agra')).toEqual(await inCity('Agra'));
    // A company that moves is found in its new city at once, before any copy of the ranks.
    const [top] = surat;
    const moved = companies.find((company) => company.fullName === top) as TestUser;
    await setUser(ctx, moved.id, { city: 'Agra' });
    expect(await pages('Surat')).toEqual(surat.slice(1));
    expect(await pages('Agra')).toContain(top);
    // Read from the city's range, not by looking each of its candidates up.
    const plan = await searchPlan(
      ctx.deps.db,
      { role: 'employer', search: 'vost', city: 'Surat' },
      'top',
      { id: viewer.id, context: 'EMPLOYEE_TO_COMPANY' },
      { limit: 20, offset: 0 },
    );
    expect(plan).toMatch(/ranked_city_page/);
  });

  it("pages a search of several words from its word pair's range in rank order, checking the whole search on each entry", async () => {
    // "tarvik s" reads the pair "tarv s" (drizzle/0048): 26 "Tarvik S…"s and one Tarvik whose city
    // begins with s match; 5 "Tarvin S…"s have the pair and do not; 9 "Tarvik K…"s begin the longer
    // word, so the pair is the rarer piece. Two with "tarvik s" inside a word are group 1.
    const employers = [await makeUser(ctx, 'employer'), await makeUser(ctx, 'employer')];
    const people: Array<[string, string]> = [
      ...Array.from({ length: 26 }, (_, i): [string, string] => [`Tarvik Sadho${i}`, 'Pune']),
      ['Tarvik Rao', 'Surat'],
      ...Array.from({ length: 5 }, (_, i): [string, string] => [`Tarvin Sadho${i}`, 'Pune']),
      ...Array.from({ length: 9 }, (_, i): [string, string] => [`Tarvik Kolhe${i}`, 'Pune']),
      ['Atarvik Sx', 'Pune'],
      ['Btarvik Sy', 'Pune'],
    ];
    for (const [i, [name, city]] of people.entries()) {
      const person = await makeUser(ctx, 'employee', {
        name,
        city,
        skills: i % 3 === 0 ? ['Kotlin'] : ['Excel'],
      });
      if (i % 4 !== 3)
        await rate(ctx, employers[i % 2] as TestUser, person, {
          values: [(i % 5) + 1, (i % 3) + 2, 3, 4, 2, 5],
        });
    }
    await ctx.deps.searchRanks.wake();
    const employer = await makeUser(ctx, 'employer');
    const read = async (query: string) => {
      const pages = await pagesOf(employer, `/api/core/employees/?search=tarvik%20s&${query}&page_size=7`, 6);
      return { names: pages.flatMap(names), totals: [...new Set(pages.map((page) => page.total_count))] };
    };
    // The list's order from the users themselves: every word begun first, then "tarvik s" elsewhere.
    const expected = async (where: SQL = sql`true`) =>
      (
        await queryRows<{ full_name: string }>(
          ctx.deps.db,
          sql`select full_name from users
              where user_role = 'employee' and is_active and ${where} and (strpos(search_key, 'tarvik s') > 0
                or (strpos(search_key, ' tarvik') > 0 and strpos(search_key, ' s') > 0))
              order by not (strpos(search_key, ' tarvik') > 0 and strpos(search_key, ' s') > 0),
                rank_score desc, id`,
        )
      ).map((row) => row.full_name);
    const all = await expected();
    expect(all).toHaveLength(29);
    expect(all).toContain('Tarvik Rao');
    expect(all.slice(-2).sort()).toEqual(['Atarvik Sx', 'Btarvik Sy']);
    expect(await read('')).toEqual({ names: all, totals: [29] });
    const rated = await expected(sql`rating_tenths >= 30`);
    expect(rated.length).toBeGreaterThan(7);
    expect((await read('min_rating=3')).names).toEqual(rated);
    const kotlin = await expected(sql`skills_lc @> array['kotlin']`);
    expect(kotlin.length).toBeGreaterThan(7);
    expect((await read('skills=Kotlin')).names).toEqual(kotlin);
    // The first page is read from the pair's range (32 users, 27 of them matching: 8 entries for 8
    // rows); a page past most of the matches from the candidates, where the range would cost more
    // lookups than the 32 candidates do. The pages above took both ways.
    const rangeRead = async (offset: number) =>
      (
        await searchPlan(
          ctx.deps.db,
          { role: 'employee', search: 'tarvik s' },
          'top',
          { id: employer.id, context: 'EMPLOYER_TO_EMPLOYEE' },
          { limit: 8, offset },
          { analyze: true },
        )
      )
        .match(/Function Scan on ranked_words_page id \((never executed|actual rows=(\d+))/)
        ?.slice(1);
    // PostgreSQL 17 (the embedded database) prints rows as "8.00", 15 as "8".
    expect(await rangeRead(0)).toEqual(['actual rows=8', '8']);
    expect(await rangeRead(21)).toEqual(['never executed', undefined]);
    // A pair whose second part begins its first ("tarv ta": every Tarvik has it from the one word) is
    // not copied (ranked_gram says which are), and a search reading one answers from its candidates.
    const [pairs] = await queryRows<{ searched: number; ranked: number }>(
      ctx.deps.db,
      sql`select (select count(*)::int from search_grams where gram = 'tarv ta') as searched,
                 (select count(*)::int from ranked_grams where gram = 'tarv ta') as ranked`,
    );
    // Every Tarvik and Tarvin has it (41), from the one word.
    expect(pairs).toEqual({ searched: 41, ranked: 0 });
    const tarviks = await queryRows<{ full_name: string }>(
      ctx.deps.db,
      sql`select full_name from users where user_role = 'employee' and strpos(search_key, ' tarvik') > 0
          order by rank_score desc, id`,
    );
    expect(tarviks).toHaveLength(36);
    const selfPaired = await pagesOf(employer, '/api/core/employees/?search=tarvik%20ta&page_size=20', 2);
    expect(selfPaired.flatMap(names)).toEqual(tarviks.map((row) => row.full_name));
    const [rule] = await queryRows<{ self: boolean; other: boolean }>(
      ctx.deps.db,
      sql`select ranked_gram('tarv ta') as self, ranked_gram('tarv s') as other`,
    );
    expect(rule).toEqual({ self: false, other: true });
  });

  it('drops a suspended, renamed or erased company at once, before any copy of the ranks', async () => {
    await makeUser(ctx, 'employer', { name: 'Vantor Kept' });
    const suspended = await makeUser(ctx, 'employer', { name: 'Vantor Suspended' });
    const renamed = await makeUser(ctx, 'employer', { name: 'Vantor Renamed' });
    const erased = await makeUser(ctx, 'employer', { name: 'Vantor Erased' });
    expect((await search('vant')).total_count).toBe(4);

    await setUser(ctx, suspended.id, { isActive: false });
    await setUser(ctx, renamed.id, { fullName: 'Kelvor Works' });
    await eraseAccount(ctx.deps.db, erased.id, RATINGS_GIVEN_CHOICES[0], ctx.deps.env.ANONYMOUS_HOLD);
    const after = await search('vant');
    expect(names(after)).toEqual(['Vantor Kept']);
    expect(after.total_count).toBe(1);
    expect(names(await search('kelv'))).toEqual(['Kelvor Works']);
    const [left] = await queryRows<{ n: number }>(
      ctx.deps.db,
      sql`select count(*)::int as n from ranked_grams where user_id in (${suspended.id}, ${erased.id})`,
    );
    expect(left?.n).toBe(0);
  });

  it('follows a recompute of every rank at once, without waiting for the copy', async () => {
    await makeUser(ctx, 'employer', { name: 'Xyrtal One' });
    const two = await makeUser(ctx, 'employer', { name: 'Xyrtal Two' });
    // Ranks as a seed's bulk load or a new ranking prior leave them, then rebuilt from the ratings.
    await ctx.deps.db.execute(sql`update users set rank_score = 1 where full_name like 'Xyrtal %'`);
    await ctx.deps.searchRanks.wake();
    await rate(ctx, await makeUser(ctx, 'employee'), two, { values: [5, 5, 5, 5, 5, 5] });
    await ctx.deps.db.transaction((tx) => recomputeAllAggregates(tx));
    expect(names(await search('xyrt'))).toEqual(['Xyrtal Two', 'Xyrtal One']);
    // The copy holds the pieces a ranked search reads: of 3 and 4 letters, and most word pairs.
    const [pieces] = await queryRows<{ ranked: number; searched: number }>(
      ctx.deps.db,
      sql`select (select count(*)::int from ranked_grams) as ranked,
                 (select count(*)::int from search_grams where ranked_gram(gram)) as searched`,
    );
    expect(pieces?.ranked).toBe(pieces?.searched);
  });

  it('keeps a cached answer no longer than the ranks it was read with', async () => {
    // The answer cache is on in this app: a copy of the ranks must move the directory's version, or
    // the order read before it would be served until the next rating.
    await makeUser(ctx, 'employer', { name: 'Wembric First' });
    const second = await makeUser(ctx, 'employer', { name: 'Wembric Second' });
    await rate(ctx, await makeUser(ctx, 'employee'), second, { values: [5, 5, 5, 5, 5, 5] });
    expect(names(await search('wemb'))).toEqual(['Wembric First', 'Wembric Second']);
    expect(names(await search('wemb'))).toEqual(['Wembric First', 'Wembric Second']);
    await ctx.deps.searchRanks.wake();
    expect(names(await search('wemb'))).toEqual(['Wembric Second', 'Wembric First']);
  });
});
