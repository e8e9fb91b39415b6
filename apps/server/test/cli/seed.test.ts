// Seeding on a real, fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the same seed
// gives the same data, the data keeps every rule the API keeps, the aggregates are exact, the
// indexes and constraints are all back afterwards, and a database with users is refused.
import { RATING_CATEGORIES } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../src/db/client.ts';
import { verifyPassword } from '../../src/lib/passwords.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { findBurst, freshAccountAt } from '../../src/modules/ratings/unusual-activity.ts';
import { DEMO_LOGINS, seedDemoIfEmpty } from '../../src/seed/demo.ts';
import {
  analyzeAfterSeed,
  DatabaseNotEmptyError,
  SEED_PASSWORD,
  type SeedOptions,
  seedDatabase,
} from '../../src/seed/load.ts';
import { CITIES } from '../../src/seed/vocabulary.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const OPTIONS: SeedOptions = { users: 240, ratings: 3000, seed: 'repeatable', now: NOW, flags: 6 };

/** Everything a seed writes, in a stable order (ids included: they are part of the data). */
async function snapshot(db: Executor) {
  return {
    users: await queryRows(
      db,
      sql`select id, user_code, email, full_name, user_role, city, linkedin_url, skills, skills_lc, work_history,
                 show_rating_details, is_active, date_joined, rating_sum_tenths, total_ratings_received,
                 rating_tenths, score_histogram, rank_score
          from users order by id`,
    ),
    ratings: await queryRows(db, sql`select * from ratings order by id`),
    flags: await queryRows(
      db,
      sql`select rating_id, reporter_id, reason, details, status from flags order by id`,
    ),
  };
}

/** Every index and constraint, by name and definition. */
async function schemaShape(db: Executor) {
  return queryRows(
    db,
    sql`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
        where indrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
        union all
        select conname, pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
        order by 1, 2`,
  );
}

const one = async <T>(db: Executor, query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0] as T;

describe('seed', () => {
  let first: TestContext;
  let second: TestContext;
  let shapeBefore: unknown;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp();
    shapeBefore = await schemaShape(first.deps.db);
    await seedDatabase(first.deps.db, OPTIONS);
    await seedDatabase(second.deps.db, OPTIONS);
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('gives identical data for the same seed in two fresh databases', async () => {
    const a = await snapshot(first.deps.db);
    const b = await snapshot(second.deps.db);
    expect(a.users).toHaveLength(240);
    expect(a.ratings).toHaveLength(3000);
    expect(a).toEqual(b);
  });

  it('shares one argon2 hash of the seed password among all seeded accounts', async () => {
    const hashes = await queryRows<{ password_hash: string }>(
      first.deps.db,
      sql`select distinct password_hash from users`,
    );
    expect(hashes).toHaveLength(1);
    expect(hashes[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hashes[0]?.password_hash ?? '', SEED_PASSWORD)).toBe(true);
  });

  it('restores every index and constraint it set aside for the load', async () => {
    expect(await schemaShape(first.deps.db)).toEqual(shapeBefore);
  });

  it('leaves the stored aggregates equal to a recomputation', async () => {
    expect(await aggregateMismatches(first.deps.db)).toEqual([]);
    const { rated } = await one<{ rated: number }>(
      first.deps.db,
      sql`select count(*)::int as rated from users where total_ratings_received > 0`,
    );
    expect(rated).toBeGreaterThan(100);
  });

  it('is settled afterwards: every table vacuumed and analysed, the counter tables its triggers rewrote too', async () => {
    await analyzeAfterSeed(second.deps.db);
    const unsettled = await queryRows<{ table: string }>(
      second.deps.db,
      sql`select relname as table from pg_stat_user_tables where schemaname = 'public'
          and (last_vacuum is null or last_analyze is null) order by 1`,
    );
    expect(unsettled).toEqual([]);
    const tables = await queryRows<{ table: string }>(
      second.deps.db,
      sql`select relname as table from pg_stat_user_tables where schemaname = 'public'`,
    );
    expect(tables.map((t) => t.table)).toEqual(
      expect.arrayContaining(['skill_counts', 'search_gram_counts', 'user_role_counts']),
    );
  });

  it('makes 1 employer in 8 and rates in both contexts with the right roles and categories', async () => {
    const db = first.deps.db;
    const roles = await queryRows<{ user_role: string; n: number }>(
      db,
      sql`select user_role, count(*)::int as n from users group by 1 order by 1`,
    );
    expect(roles).toEqual([
      { user_role: 'employee', n: 210 },
      { user_role: 'employer', n: 30 },
    ]);
    const wrongRoles = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from ratings r
          join users rater on rater.id = r.rater_id join users ratee on ratee.id = r.ratee_id
          where not ((r.role_context = 'EMPLOYEE_TO_COMPANY' and rater.user_role = 'employee' and ratee.user_role = 'employer')
                  or (r.role_context = 'EMPLOYER_TO_EMPLOYEE' and rater.user_role = 'employer' and ratee.user_role = 'employee'))`,
    );
    expect(wrongRoles.n).toBe(0);
    const contexts = await queryRows<{ role_context: string; n: number }>(
      db,
      sql`select role_context, count(*)::int as n from ratings group by 1 order by 1`,
    );
    expect(contexts.map((c) => c.role_context)).toEqual(['EMPLOYEE_TO_COMPANY', 'EMPLOYER_TO_EMPLOYEE']);
    expect(contexts.every((c) => c.n > 500)).toBe(true);
    const categories = await queryRows<{ role_context: string; category: string }>(
      db,
      sql`select distinct r.role_context, s.category from ratings r, jsonb_object_keys(r.scores) s(category)`,
    );
    for (const { role_context, category } of categories) {
      expect(RATING_CATEGORIES[role_context as keyof typeof RATING_CATEGORIES]).toContain(category);
    }
    expect(categories).toHaveLength(12);
  });

  it('keeps one rating per rater, ratee and context, each with a true overall score', async () => {
    const db = first.deps.db;
    const dupes = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ratings group by rater_id, ratee_id, role_context having count(*) > 1) d`,
    );
    expect(dupes.n).toBe(0);
    const wrongOverall = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from ratings r
          where r.overall_tenths <> (select round(avg(s.value::int) * 10)::int from jsonb_each(r.scores) s)`,
    );
    expect(wrongOverall.n).toBe(0);
    const unscored = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from ratings r where r.scores = '{}'::jsonb`,
    );
    expect(unscored.n).toBe(0);
  });

  it('dates ratings after both parties joined and within the last two years', async () => {
    const db = first.deps.db;
    const early = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from ratings r join users a on a.id = r.rater_id join users b on b.id = r.ratee_id
          where r.created_at <= a.date_joined or r.created_at <= b.date_joined`,
    );
    expect(early.n).toBe(0);
    const span = await one<{ first: Date; last: Date }>(
      db,
      sql`select min(created_at) as first, max(created_at) as last from ratings`,
    );
    expect(new Date(span.last).getTime()).toBeLessThan(NOW.getTime());
    expect(new Date(span.first).getTime()).toBeGreaterThan(NOW.getTime() - 731 * 86_400_000);
    // Spread out, not bunched: ratings in at least 15 different months.
    const months = await one<{ n: number }>(
      db,
      sql`select count(distinct date_trunc('month', created_at))::int as n from ratings`,
    );
    expect(months.n).toBeGreaterThanOrEqual(15);
  });

  it('holds no burst of unusual activity at its own time: each profile is rated at its own steady pace', async () => {
    const db = first.deps.db;
    // Each rating stores whether its rater's account was fresh then, as the API's statement does.
    const misstated = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from ratings r join users u on u.id = r.rater_id
          where r.from_fresh_account <> ${freshAccountAt(sql`r.created_at`, sql`u.date_joined`)}`,
    );
    expect(misstated.n).toBe(0);
    const ratees = await queryRows<{ id: number }>(db, sql`select distinct ratee_id as id from ratings`);
    const found: number[] = [];
    for (const { id } of ratees) found.push(...(await findBurst(db, id, sql`${NOW}::timestamptz`)));
    expect(found).toEqual([]);
  });

  it('spreads ratings like a real site: popular companies, a long tail, great and poor ones', async () => {
    const db = first.deps.db;
    const companies = await queryRows<{ n: number; avg: number }>(
      db,
      sql`select total_ratings_received as n, rating_tenths / 10.0 as avg from users
          where user_role = 'employer' order by total_ratings_received desc`,
    );
    const counts = companies.map((c) => c.n);
    const median = counts[Math.floor(counts.length / 2)] ?? 0;
    expect(counts[0]).toBeGreaterThan(2.5 * median);
    expect(counts.at(-1)).toBeLessThan(median / 2);
    const averages = companies.filter((c) => c.n > 0).map((c) => Number(c.avg));
    expect(Math.max(...averages)).toBeGreaterThanOrEqual(4);
    expect(Math.min(...averages)).toBeLessThanOrEqual(3);
  });

  it('fills profiles with Indian cities, names, skills, work history and some LinkedIn links', async () => {
    const db = first.deps.db;
    const cityNames = CITIES.map(([name]) => name);
    const cities = await queryRows<{ city: string }>(db, sql`select distinct city from users`);
    expect(cities.length).toBeGreaterThan(10);
    for (const { city } of cities) expect(cityNames).toContain(city);
    const profile = await one<{
      employees_with_skills: number;
      employees_with_history: number;
      employer_extras: number;
      skills_lc_wrong: number;
      linkedin: number;
      hidden_details: number;
    }>(
      db,
      sql`select
            count(*) filter (where user_role = 'employee' and cardinality(skills) between 3 and 20)::int as employees_with_skills,
            count(*) filter (where user_role = 'employee' and jsonb_array_length(work_history) > 0)::int as employees_with_history,
            count(*) filter (where user_role = 'employer' and (cardinality(skills) > 0 or work_history <> '[]'))::int as employer_extras,
            count(*) filter (where skills_lc <> (select coalesce(array_agg(lower(s) order by o), '{}') from unnest(skills) with ordinality as t(s, o)))::int as skills_lc_wrong,
            count(*) filter (where linkedin_url like 'https://www.linkedin.com/%')::int as linkedin,
            count(*) filter (where not show_rating_details)::int as hidden_details
          from users`,
    );
    expect(profile.employees_with_skills).toBe(210);
    expect(profile.employees_with_history).toBeGreaterThan(150);
    expect(profile.employer_extras).toBe(0);
    expect(profile.skills_lc_wrong).toBe(0);
    expect(profile.linkedin).toBeGreaterThan(60);
    expect(profile.linkedin).toBeLessThan(200);
    expect(profile.hidden_details).toBeGreaterThan(0);
  });

  it('writes some anonymous ratings and some with feedback, and raises a few open flags', async () => {
    const db = first.deps.db;
    const mix = await one<{ anonymous: number; feedback: number; flags: number; own: number }>(
      db,
      sql`select (select count(*) from ratings where is_anonymous)::int as anonymous,
                 (select count(*) from ratings where feedback_message is not null)::int as feedback,
                 (select count(*) from flags where status = 'open')::int as flags,
                 (select count(*) from flags f join ratings r on r.id = f.rating_id where f.reporter_id = r.rater_id)::int as own`,
    );
    expect(mix.anonymous).toBeGreaterThan(300);
    expect(mix.anonymous).toBeLessThan(1500);
    expect(mix.feedback).toBeGreaterThan(800);
    expect(mix.feedback).toBeLessThan(2200);
    expect(mix.flags).toBeGreaterThan(0);
    expect(mix.own).toBe(0);
  });

  it('gives different data for a different seed', async () => {
    const other = await createTestApp();
    try {
      await seedDatabase(other.deps.db, { ...OPTIONS, seed: 'another' });
      const a = await snapshot(first.deps.db);
      const c = await snapshot(other.deps.db);
      expect(c.users).toHaveLength(240);
      expect(c.users).not.toEqual(a.users);
    } finally {
      await other.close();
    }
  });

  it('refuses a database that has users, leaving it untouched, unless told to append', async () => {
    const db = second.deps.db;
    const before = await snapshot(db);
    await expect(seedDatabase(db, { ...OPTIONS, seed: 'again' })).rejects.toThrow(DatabaseNotEmptyError);
    await expect(seedDatabase(db, { ...OPTIONS, seed: 'again' })).rejects.toThrow(
      'The database already has 240 users; seed only fills an empty database (add --append to add to it)',
    );
    expect(await snapshot(db)).toEqual(before);

    const appended = await seedDatabase(db, {
      ...OPTIONS,
      users: 80,
      ratings: 500,
      seed: 'again',
      append: true,
    });
    expect(appended.firstUserId).toBe(241);
    const totals = await one<{ users: number; ratings: number; codes: number }>(
      db,
      sql`select (select count(*) from users)::int as users, (select count(*) from ratings)::int as ratings,
                 (select count(distinct user_code) from users)::int as codes`,
    );
    expect(totals).toEqual({ users: 320, ratings: 3500, codes: 320 });
    expect(await aggregateMismatches(db)).toEqual([]);
    // The identity sequences moved past the explicit ids: the next insert gets a fresh id.
    const next = await one<{ id: number }>(
      db,
      sql`insert into users (user_code, email, password_hash, full_name, user_role)
          values ('EMP-ZZZZZZ', 'next@example.com', 'x', 'Next One', 'employee') returning id`,
    );
    expect(next.id).toBe(321);
  });
});

describe('demo data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('fills an empty database and returns logins that work', async () => {
    const logins = await seedDemoIfEmpty(ctx.deps);
    expect(logins).toEqual(DEMO_LOGINS);
    expect(logins.map((l) => l.role)).toEqual(['employee', 'employer', 'moderator']);
    const counts = await one<{ employers: number; employees: number; ratings: number }>(
      ctx.deps.db,
      sql`select count(*) filter (where user_role = 'employer')::int as employers,
                 count(*) filter (where user_role = 'employee')::int as employees,
                 (select count(*) from ratings)::int as ratings
          from users`,
    );
    expect(counts).toEqual({ employers: 40, employees: 160, ratings: 1500 });
    expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);

    for (const login of logins) {
      const res = await call<{ user: { user_role: string; email: string } }>(
        ctx.app,
        'POST',
        '/api/auth/login/',
        {
          body: { email: login.email, password: login.password },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ user_role: login.role, email: login.email });
    }
  });

  it('gives the demo employee a lively dashboard', async () => {
    const login = await call<{ access: string }>(ctx.app, 'POST', '/api/auth/login/', {
      body: { email: 'employee@demo.in', password: SEED_PASSWORD },
    });
    const dashboard = await call<{
      stats: { ratings_received: number; ratings_given: number; average_rating: number };
      recent_ratings: unknown[];
    }>(ctx.app, 'GET', '/api/core/dashboard/', { token: login.body.access });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.stats.ratings_received).toBeGreaterThan(0);
    expect(dashboard.body.stats.ratings_given).toBeGreaterThan(0);
    expect(dashboard.body.recent_ratings.length).toBeGreaterThan(0);
  });

  it('does nothing once the database has users', async () => {
    expect(await seedDemoIfEmpty(ctx.deps)).toEqual([]);
    const { n } = await one<{ n: number }>(ctx.deps.db, sql`select count(*)::int as n from users`);
    expect(n).toBe(201);
  });
});
