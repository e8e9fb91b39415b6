// The unfiltered directories answer total_count from a per-role counter kept by triggers
// (drizzle/0004_directory_counts.sql, issue 4). It must equal a real count after every kind of
// change: single and bulk inserts, suspension and reinstatement, role changes, deletions.
import type { DirectoryItem } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/index.ts';
import { newUserCode } from '../../src/modules/users/user-code.ts';
import { get, makeUser, setUser, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

type List = { results: DirectoryItem[]; total_count: number; has_next: boolean };

let ctx: TestContext;
let employee: TestUser;
let employer: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  // Totals straight from the database: one check tampers with a counter row, a change no real write
  // makes, so a cached page (test/core/view-cache.test.ts) would hide it.
  ctx = await createTestApp({ VIEW_CACHE_MB: '0' });
  employee = await makeUser(ctx, 'employee');
  employer = await makeUser(ctx, 'employer');
  moderator = await makeUser(ctx, 'moderator');
});
afterAll(async () => ctx.close());

/** Active users of a role, counted the slow way. */
async function recount(role: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.deps.db,
    sql`select count(*)::int as n from users where user_role = ${role} and is_active`,
  );
  return row?.n ?? 0;
}

async function totals() {
  const companies = await get<List>(ctx, employee, '/api/core/companies/?page_size=1');
  const employees = await get<List>(ctx, employer, '/api/core/employees/?page_size=1');
  expect(companies.status).toBe(200);
  expect(employees.status).toBe(200);
  return { companies: companies.body.total_count, employees: employees.body.total_count };
}

async function expectExact() {
  const answer = await totals();
  expect(answer).toEqual({ companies: await recount('employer'), employees: await recount('employee') });
  const stored = await queryRows<{ user_role: string; active_count: number }>(
    ctx.deps.db,
    sql`select user_role, active_count from user_role_counts order by user_role`,
  );
  for (const row of stored) expect(row.active_count).toBe(await recount(row.user_role));
  return answer;
}

describe('unfiltered directory totals', () => {
  it('count single inserts, and leave inactive users out', async () => {
    await makeUser(ctx, 'employer');
    await makeUser(ctx, 'employer', { isActive: false });
    await makeUser(ctx, 'employee', { isActive: false });
    expect(await expectExact()).toEqual({ companies: 2, employees: 1 });
  });

  it('count a bulk insert of many rows in one statement', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => {
      const role = i % 5 === 0 ? ('employee' as const) : ('employer' as const);
      return {
        userCode: newUserCode(role),
        email: `bulk.${i}.${Date.now()}@example.in`,
        passwordHash: 'not-a-real-hash',
        fullName: `Bulk ${i}`,
        userRole: role,
        isActive: i % 7 !== 0,
      };
    });
    await ctx.deps.db.insert(users).values(rows);
    expect(await expectExact()).toEqual({ companies: 2 + 17, employees: 1 + 4 });
  });

  it('follow suspension and reinstatement through the moderation API', async () => {
    const before = await expectExact();
    const company = await makeUser(ctx, 'employer');
    const suspend = await call(ctx.app, 'POST', `/api/moderation/users/${company.id}/suspend/`, {
      token: moderator.token,
      body: { reason: 'Fake company profile' },
    });
    expect(suspend.status).toBe(200);
    expect((await expectExact()).companies).toBe(before.companies);
    const reinstate = await call(ctx.app, 'POST', `/api/moderation/users/${company.id}/reinstate/`, {
      token: moderator.token,
      body: { reason: 'Verified' },
    });
    expect(reinstate.status).toBe(200);
    expect((await expectExact()).companies).toBe(before.companies + 1);
  });

  it('follow a change of role and a deletion', async () => {
    const before = await expectExact();
    const switched = await makeUser(ctx, 'employer');
    await setUser(ctx, switched.id, { userRole: 'employee' });
    expect(await expectExact()).toEqual({ companies: before.companies, employees: before.employees + 1 });
    // Its test session goes first: refresh_families references the user.
    await ctx.deps.db.execute(sql`delete from refresh_families where user_id = ${switched.id}`);
    await ctx.deps.db.execute(sql`delete from users where id = ${switched.id}`);
    expect(await expectExact()).toEqual(before);
  });

  it('ignore updates that touch neither role nor status', async () => {
    const before = await expectExact();
    await setUser(ctx, employer.id, { fullName: 'Renamed Company', isActive: true });
    expect(await expectExact()).toEqual(before);
  });

  it('leave filtered totals to a real count', async () => {
    await makeUser(ctx, 'employer', { city: 'Kochi' });
    const answer = await get<List>(ctx, employee, '/api/core/companies/?city=kochi');
    expect(answer.status).toBe(200);
    expect(answer.body.total_count).toBe(1);
    await expectExact();
  });
});

/** Stored skill pair counts that differ from a recount over the users (empty when all is exact). */
async function skillCountMismatches() {
  return queryRows<{ user_role: string; skill_a: string; skill_b: string }>(
    ctx.deps.db,
    sql`
    with truth as (
      select u.user_role, p.skill_a, p.skill_b, count(*)::int as n
      from users u, skill_pairs(u.skills_lc) p where u.is_active group by 1, 2, 3
    )
    select coalesce(t.user_role, c.user_role) as user_role, coalesce(t.skill_a, c.skill_a) as skill_a,
           coalesce(t.skill_b, c.skill_b) as skill_b
    from truth t full join (select * from skill_counts where active_count <> 0) c
      on c.user_role = t.user_role and c.skill_a = t.skill_a and c.skill_b = t.skill_b
    where t.n is distinct from c.active_count`,
  );
}

/** Active employees with every one of `skills` (lower-cased), counted the slow way. */
async function recountSkills(skills: string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.deps.db,
    sql`select count(*)::int as n from users
        where user_role = 'employee' and is_active and skills_lc @> ${sql.param(skills)}::text[]`,
  );
  return row?.n ?? 0;
}

async function skillTotal(query: string): Promise<number> {
  const answer = await get<List>(ctx, employer, `/api/core/employees/?page_size=1&${query}`);
  expect(answer.status, query).toBe(200);
  return answer.body.total_count;
}

describe('skill filter totals', () => {
  const withSkills = (skills: string[], options: { isActive?: boolean } = {}) =>
    makeUser(ctx, 'employee', { skills, ...options });

  it('count one and two skills from the counter, exactly, whatever their order or case', async () => {
    await withSkills(['Excel', 'Tally', 'GST Filing']);
    await withSkills(['excel', 'Tally']);
    await withSkills(['Excel', 'C++', 'C#']);
    await withSkills(['Excel', 'Tally'], { isActive: false });
    expect(await skillCountMismatches()).toEqual([]);

    expect(await skillTotal('skills=Excel')).toBe(await recountSkills(['excel']));
    expect(await skillTotal('skills=Excel,Tally')).toBe(2);
    expect(await skillTotal('skills=tally,EXCEL')).toBe(2);
    expect(await skillTotal('skills=Excel,excel')).toBe(await recountSkills(['excel']));
    expect(await skillTotal('skills=C%23,C%2B%2B')).toBe(1);
    expect(await skillTotal('skills=Excel,Nothing')).toBe(0);
    // The total really comes from the counter row (tampered with here, then put back).
    const pair = sql`user_role = 'employee' and skill_a = 'excel' and skill_b = 'tally'`;
    await ctx.deps.db.execute(sql`update skill_counts set active_count = active_count + 1000 where ${pair}`);
    expect(await skillTotal('skills=Excel,Tally')).toBe(1002);
    await ctx.deps.db.execute(sql`update skill_counts set active_count = active_count - 1000 where ${pair}`);
    // Three skills, or a skill with another filter, are counted the slow way, just as exactly.
    expect(await skillTotal('skills=Excel,Tally,GST Filing')).toBe(1);
    expect(await skillTotal('skills=Excel&city=Pune')).toBe(await recountSkills(['excel']));
  });

  it('follow bulk inserts, skill edits, suspension, role changes and deletion', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => {
      const skills = ['Python', i % 2 ? 'SQL' : 'Excel', i % 3 ? 'Tableau' : 'Python'];
      return {
        userCode: newUserCode('employee'),
        email: `skills.${i}.${Date.now()}@example.in`,
        passwordHash: 'not-a-real-hash',
        fullName: `Analyst ${i}`,
        userRole: 'employee' as const,
        skills,
        skillsLc: skills.map((s) => s.toLowerCase()),
        isActive: i % 7 !== 0,
      };
    });
    await ctx.deps.db.insert(users).values(rows);
    expect(await skillCountMismatches()).toEqual([]);
    expect(await skillTotal('skills=Python,SQL')).toBe(await recountSkills(['python', 'sql']));

    const analyst = await withSkills(['Python', 'SQL']);
    await setUser(ctx, analyst.id, { skills: ['SQL', 'Power BI'], skillsLc: ['sql', 'power bi'] });
    expect(await skillCountMismatches()).toEqual([]);
    await setUser(ctx, analyst.id, { isActive: false });
    expect(await skillCountMismatches()).toEqual([]);
    await setUser(ctx, analyst.id, { isActive: true, userRole: 'employer' });
    expect(await skillCountMismatches()).toEqual([]);
    await ctx.deps.db.execute(sql`delete from refresh_families where user_id = ${analyst.id}`);
    await ctx.deps.db.execute(sql`delete from users where id = ${analyst.id}`);
    expect(await skillCountMismatches()).toEqual([]);
    expect(await skillTotal('skills=SQL,Python')).toBe(await recountSkills(['python', 'sql']));
    expect(await skillTotal('skills=power bi')).toBe(0);
  });

  it('follow a profile edit and a suspension through the API', async () => {
    const person = await withSkills(['React']);
    const edit = await call(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: person.token,
      body: { skills: ['React', 'TypeScript'] },
    });
    expect(edit.status).toBe(200);
    expect(await skillTotal('skills=typescript,react')).toBe(await recountSkills(['react', 'typescript']));
    const suspend = await call(ctx.app, 'POST', `/api/moderation/users/${person.id}/suspend/`, {
      token: moderator.token,
      body: { reason: 'Fake profile' },
    });
    expect(suspend.status).toBe(200);
    expect(await skillCountMismatches()).toEqual([]);
    expect(await skillTotal('skills=typescript,react')).toBe(await recountSkills(['react', 'typescript']));
  });
});

/** Stored search piece counts that differ from a recount of search_grams (empty when all is exact). */
async function pieceCountMismatches() {
  return queryRows<{ user_role: string; gram: string }>(
    ctx.deps.db,
    sql`
    with truth as (
      select user_role, gram, word_start, inside, count(*)::int as n from search_grams group by 1, 2, 3, 4
    )
    select coalesce(t.user_role, c.user_role) as user_role, coalesce(t.gram, c.gram) as gram
    from truth t full join (select * from search_gram_counts where listed <> 0) c
      on c.user_role = t.user_role and c.gram = t.gram and c.word_start = t.word_start and c.inside = t.inside
    where t.n is distinct from c.listed`,
  );
}

async function employeeSearchTotal(search: string): Promise<number> {
  const answer = await get<List>(ctx, employer, `/api/core/employees/?page_size=1&search=${search}`);
  expect(answer.status, search).toBe(200);
  return answer.body.total_count;
}

// The total of a search of one word without another filter is the stored count of its piece's users
// (drizzle/0027, ADR 0020), so the counts must follow every write of search_grams.
describe('search piece counts', () => {
  it('follow bulk inserts, renames, moves, skill edits, suspension, role changes and deletion', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      userCode: newUserCode('employee'),
      email: `pieces.${i}.${Date.now()}@example.in`,
      passwordHash: 'not-a-real-hash',
      fullName: `Zorawar ${i % 2 ? 'Qadri' : 'Bazor'}`,
      userRole: 'employee' as const,
      city: 'Zirakpur',
      isActive: i % 5 !== 0,
    }));
    await ctx.deps.db.insert(users).values(rows);
    expect(await pieceCountMismatches()).toEqual([]);
    // "zora" begins Zorawar (9 listed) and is inside no other word; "azor" only inside Bazor (4 of them listed).
    expect(await employeeSearchTotal('zora')).toBe(9);
    expect(await employeeSearchTotal('azor')).toBe(4);

    const person = await makeUser(ctx, 'employee', {
      name: 'Zorawar Singh',
      city: 'Zirakpur',
      skills: ['SQL'],
    });
    expect(await employeeSearchTotal('zora')).toBe(10);
    await setUser(ctx, person.id, { fullName: 'Harjit Singh' });
    expect(await pieceCountMismatches()).toEqual([]);
    expect(await employeeSearchTotal('zora')).toBe(9);
    await setUser(ctx, person.id, { city: 'Zorapur' });
    expect(await employeeSearchTotal('zora')).toBe(10);
    await setUser(ctx, person.id, { skills: ['Excel'], skillsLc: ['excel'] });
    await setUser(ctx, person.id, { isActive: false });
    expect(await pieceCountMismatches()).toEqual([]);
    expect(await employeeSearchTotal('zora')).toBe(9);
    await setUser(ctx, person.id, { isActive: true, userRole: 'employer' });
    expect(await pieceCountMismatches()).toEqual([]);
    expect(await employeeSearchTotal('zora')).toBe(9);
    await ctx.deps.db.execute(sql`delete from refresh_families where user_id = ${person.id}`);
    await ctx.deps.db.execute(sql`delete from users where id = ${person.id}`);
    expect(await pieceCountMismatches()).toEqual([]);
  });

  it('stay exact when users sharing pieces are renamed at the same time', async () => {
    // On PostgreSQL these run on separate connections: each upsert takes the counter rows in key
    // order, so two renames never wait for each other crosswise (a deadlock would fail one).
    const names = [
      'Ishaan Mehra',
      'Ishita Mehta',
      'Isha Menon',
      'Ishan Mehrotra',
      'Ishwar Mehndi',
      'Isher Meharia',
    ];
    const people = await Promise.all(names.map((name) => makeUser(ctx, 'employee', { name })));
    await Promise.all(
      people.map((person, i) =>
        ctx.deps.db.execute(
          sql`update users set full_name = ${names[(i + 1) % names.length]} where id = ${person.id}`,
        ),
      ),
    );
    await Promise.all(
      people.map((person, i) =>
        ctx.deps.db.execute(
          sql`update users set full_name = ${`Meh Ish ${i}`}, city = 'Ishapur' where id = ${person.id}`,
        ),
      ),
    );
    expect(await pieceCountMismatches()).toEqual([]);
    expect(await employeeSearchTotal('ishapur')).toBe(names.length);
  });

  it('answer the total from the stored count, and follow a profile edit through the API', async () => {
    const person = await makeUser(ctx, 'employee', { name: 'Ojasvi Kelkar' });
    expect(await employeeSearchTotal('ojas')).toBe(1);
    // The total really comes from the counter row (tampered with here, then put back).
    const piece = sql`user_role = 'employee' and gram = 'ojas' and word_start`;
    await ctx.deps.db.execute(sql`update search_gram_counts set listed = listed + 40 where ${piece}`);
    expect(await employeeSearchTotal('ojas')).toBe(41);
    await ctx.deps.db.execute(sql`update search_gram_counts set listed = listed - 40 where ${piece}`);
    // So does a whole word's, whose candidates (the users with a word beginning so) are its matches.
    const word = sql`user_role = 'employee' and gram = 'ojasvi' and word_start`;
    await ctx.deps.db.execute(sql`update search_gram_counts set listed = listed + 40 where ${word}`);
    expect(await employeeSearchTotal('ojasvi')).toBe(41);
    await ctx.deps.db.execute(sql`update search_gram_counts set listed = listed - 40 where ${word}`);
    expect(await employeeSearchTotal('ojasvi')).toBe(1);
    const edit = await call(ctx.app, 'PATCH', '/api/auth/profile/', {
      token: person.token,
      body: { full_name: 'Ojasvi Kelkar-Rao' },
    });
    expect(edit.status).toBe(200);
    expect(await pieceCountMismatches()).toEqual([]);
    expect(await employeeSearchTotal('ojas')).toBe(1);
    // With a city, the candidates are still counted from search_grams.
    const inCity = await get<List>(ctx, employer, '/api/core/employees/?page_size=1&search=ojas&city=Pune');
    expect(inCity.body.total_count).toBe(1);
  });
});
