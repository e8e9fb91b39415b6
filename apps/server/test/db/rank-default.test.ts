// A new user's ranking score is the prior mean of the contracts, written by the application: the
// column's SQL default (drizzle/0001) is a number that cannot follow a change of the constant. Here the
// database default is made wrong on purpose; a registration must not be affected by it.
import { RANKING_PRIOR_MEAN } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { registerUser } from '../fixtures.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.deps.db.execute(sql`alter table users alter column rank_score set default 0`);
});
afterAll(() => ctx.close());

describe('a new user', () => {
  it('ranks at the prior mean of the contracts, whatever the column default says', async () => {
    const { user } = await registerUser(ctx.app, { user_role: 'employer' });
    const [row] = await queryRows<{ rank_score: number }>(
      ctx.deps.db,
      sql`select rank_score from users where id = ${user.id}`,
    );
    expect(row?.rank_score).toBe(RANKING_PRIOR_MEAN);
    expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
  });
});
