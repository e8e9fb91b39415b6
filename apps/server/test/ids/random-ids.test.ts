// Unlinkable rating ids (DESIGN §8.2, issue 13, ADR 0016): a new rating's id is random below 2^53,
// drawn inside the INSERT, so consecutive ratings' ids do not follow their time; a taken id makes the
// insert draw again instead of failing. On the run's engine (PGlite, or TEST_DATABASE_URL's PostgreSQL).
import { ELIGIBILITY, type Rating } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { makeUser, rate, ratingBody, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
import { LARGEST_ID } from './support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
  await ctx.close();
});

const countOf = async (userId: number) => {
  const [row] = await queryRows<{ n: number }>(
    ctx.deps.db,
    sql`select total_ratings_received as n from users where id = ${userId}`,
  );
  return row?.n;
};

describe('a new rating', () => {
  it('gets a random id below 2^53: fifty in a row neither follow their order nor cluster', async () => {
    const companies = await Promise.all(Array.from({ length: 5 }, () => makeUser(ctx, 'employer')));
    const employees = await Promise.all(Array.from({ length: 10 }, () => makeUser(ctx, 'employee')));
    const written: Rating[] = [];
    // One after another, so each is written after the one before.
    for (const employee of employees) {
      for (const company of companies) written.push(await rate(ctx, employee, company));
    }
    const ids = written.map((r) => r.id);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids)
      expect(Number.isSafeInteger(id) && id >= 1 && id <= LARGEST_ID, String(id)).toBe(true);

    // In the order written, ids go up about as often as down (a sequence only goes up). Fewer than
    // 10 of either among 49 steps would be a 1-in-10^9 event for random ids.
    const steps = ids.slice(1).map((id, i) => Math.sign(id - (ids[i] as number)));
    expect(steps.filter((s) => s > 0).length).toBeGreaterThanOrEqual(10);
    expect(steps.filter((s) => s < 0).length).toBeGreaterThanOrEqual(10);
    // Spread over the range: the span of 50 draws covers more than half of it (all but certain).
    expect(Math.max(...ids) - Math.min(...ids)).toBeGreaterThan(2 ** 52);

    // The database's own times agree with the order written, and its ids do not.
    const stored = await queryRows<{ id: number }>(
      ctx.deps.db,
      sql`select id from ratings where id in ${sql.raw(`(${ids.join(', ')})`)} order by created_at, id`,
    );
    expect(stored.map((r) => r.id)).toEqual(ids);
    expect([...ids].sort((a, b) => a - b)).not.toEqual(ids);
  });

  it('comes from the column default with no sequence behind it', async () => {
    const [row] = await queryRows<{ sequence: string | null; sequences: number; fallback: string }>(
      ctx.deps.db,
      sql`select pg_get_serial_sequence('ratings', 'id') as sequence,
                 (select count(*)::int from pg_class where relkind = 'S' and relname like 'ratings%') as sequences,
                 (select column_default from information_schema.columns
                  where table_name = 'ratings' and column_name = 'id') as fallback`,
    );
    expect(row).toEqual({ sequence: null, sequences: 0, fallback: 'random_rating_id()' });
    // The function itself: always inside [1, 2^53 - 1], a thousand draws all different.
    const [draws] = await queryRows<{ least: number; most: number; distinct: number }>(
      ctx.deps.db,
      sql`select min(id) as least, max(id) as most, count(distinct id)::int as distinct
          from (select random_rating_id() as id from generate_series(1, 1000)) d`,
    );
    expect(draws?.distinct).toBe(1000);
    expect(draws?.least).toBeGreaterThanOrEqual(1);
    expect(draws?.most).toBeLessThanOrEqual(LARGEST_ID);
    expect(draws?.most).toBeGreaterThan(2 ** 52);
  });

  it('is drawn by an expression PostgreSQL inlines into the INSERT, not a function it plans per rating', async () => {
    // A SQL function that cannot be inlined is parsed and planned again by every statement that
    // calls it: for a rating, a tenth of PostgreSQL's time (drizzle/0023).
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      ctx.deps.db,
      sql`explain (verbose, costs off)
          insert into ratings (rater_id, ratee_id, role_context, overall_tenths)
          values (1, 2, 'EMPLOYEE_TO_COMPANY', 30)`,
    );
    const text = plan.map((line) => line['QUERY PLAN']).join('\n');
    expect(text).toContain('gen_random_uuid()');
    expect(text).not.toContain('random_rating_id');
  });

  it('draws again when its id is taken, and the ratee counts it once', async () => {
    const company = await makeUser(ctx, 'employer');
    const first = await rate(ctx, await makeUser(ctx, 'employee'), company);
    // The next two draws return the id just taken, then draws are random again: the database's
    // default, not a stand-in for our code, so the rating goes through the whole real write.
    await ctx.deps.db.execute(sql`create sequence collision_draws`);
    await ctx.deps.db.execute(
      sql.raw(`create function colliding_rating_id() returns bigint language sql volatile as $$
                 select case when nextval('collision_draws') <= 2 then ${first.id}::bigint
                             else random_rating_id() end $$`),
    );
    await ctx.deps.db.execute(sql`alter table ratings alter column id set default colliding_rating_id()`);
    try {
      const author = await makeUser(ctx, 'employee');
      const second = await call<Rating>(ctx.app, 'POST', '/api/core/ratings/', {
        token: author.token,
        body: ratingBody(author, company),
      });
      expect(second.status).toBe(201);
      expect(second.body.id).not.toBe(first.id);
      const [draws] = await queryRows<{ n: number }>(
        ctx.deps.db,
        sql`select last_value::int as n from collision_draws`,
      );
      expect(draws?.n).toBe(3);
      expect(await countOf(company.id)).toBe(2);
      const stored = await queryRows<{ id: number }>(
        ctx.deps.db,
        sql`select id from ratings where ratee_id = ${company.id} order by created_at`,
      );
      expect(stored.map((r) => r.id)).toEqual([first.id, second.body.id]);
      expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
    } finally {
      await ctx.deps.db.execute(sql`alter table ratings alter column id set default random_rating_id()`);
      await ctx.deps.db.execute(sql`drop function colliding_rating_id()`);
      await ctx.deps.db.execute(sql`drop sequence collision_draws`);
    }
  });

  it('still tells a second rating of the same user apart from a taken id', async () => {
    const company = await makeUser(ctx, 'employer');
    const author: TestUser = await makeUser(ctx, 'employee');
    await rate(ctx, author, company);
    const again = await call(ctx.app, 'POST', '/api/core/ratings/', {
      token: author.token,
      body: ratingBody(author, company),
    });
    expect(again).toMatchObject({ status: 400, body: { detail: ELIGIBILITY.alreadyRated } });
    expect(await countOf(company.id)).toBe(1);
  });
});
