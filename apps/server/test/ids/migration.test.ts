// Migration 0014 re-keys a database written with sequential rating ids (ADR 0016): a database at
// 0013 with ratings of every kind and everything that refers to them is migrated as a deployment
// migrates it (the app starting on it), then compared with what it held. On the run's engine;
// test/ids/postgres.test.ts runs the same on a real PostgreSQL server.
import type { Rating } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createTestApp, sessionToken, type TestContext } from '../helpers.ts';
import { migrationScenario } from './support.ts';

let ctx: TestContext;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ ctx, drop } = await migrationScenario(process.env.TEST_DATABASE_URL, (database) =>
    createTestApp({}, { database }),
  ));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await drop?.();
});

describe('migration 0014 on a database with sequential rating ids', () => {
  it('keeps every rating and every reference, under new random ids (checked in the scenario)', async () => {
    const [row] = await queryRows<{ n: number }>(ctx.deps.db, sql`select count(*)::int as n from ratings`);
    expect(row?.n).toBe(191);
  });

  it('leaves the API reading the re-keyed data: the hidden rating with its reason and appeal', async () => {
    // Rating 10 was hidden for cause, its author appealed: the author's view finds the decision
    // through the audit log's re-keyed target id, and the appeal through its re-keyed rating id.
    const [hidden] = await queryRows<{ rater_id: number; id: number }>(
      ctx.deps.db,
      sql`select r.rater_id, r.id from ratings r join rating_appeals a on a.rating_id = r.id`,
    );
    if (!hidden) throw new Error('the appealed rating is missing');
    const token = await sessionToken(ctx, hidden.rater_id);
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/api/core/my-ratings/given/?page_size=100',
      headers: { authorization: `Bearer ${token}` },
    });
    const mine = (JSON.parse(given.body) as { results: Rating[] }).results.find((r) => r.id === hidden.id);
    expect(mine).toMatchObject({
      status: 'hidden',
      moderation: { reason: 'Abusive', appeal: { status: 'open' } },
    });
  });

  it('lets new ratings take random ids beside the re-keyed ones', async () => {
    const [row] = await queryRows<{ id: number }>(
      ctx.deps.db,
      sql`insert into ratings (rater_id, ratee_id, role_context, overall_tenths, scores)
          values (1, 43, 'EMPLOYEE_TO_COMPANY', 30, '{"Work Environment": 3}') returning id`,
    );
    expect(Number.isSafeInteger(row?.id)).toBe(true);
    expect(row?.id).toBeGreaterThan(2 ** 31);
    await ctx.deps.db.execute(sql`delete from ratings where id = ${row?.id}`);
  });
});
