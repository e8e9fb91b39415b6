// A rating's category scores live on its row (ratings.scores, drizzle/0025). The API validates them
// with the contracts; the database holds the same range, so no other writer (a seed, SQL by hand) can
// store a score the aggregates and pages would then show.
import { LIMITS } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../core/support.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * Writes a rating of a new company by a new employee with `scores` as stored JSON, then removes it;
 * answers the database's refusal, or null.
 */
async function refusal(scores: string): Promise<string | null> {
  const [rater, ratee] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employer')];
  try {
    await ctx.deps.db.execute(sql`
      insert into ratings (rater_id, ratee_id, role_context, overall_tenths, scores)
      values (${rater.id}, ${ratee.id}, 'EMPLOYEE_TO_COMPANY', 30, ${scores}::jsonb)`);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
  await ctx.deps.db.execute(sql`delete from ratings where rater_id = ${rater.id}`);
  return null;
}

describe('ratings.scores', () => {
  it(`stores whole scores from ${LIMITS.scoreMin} to ${LIMITS.scoreMax} by category`, async () => {
    expect(
      await refusal(JSON.stringify({ 'Work Environment': LIMITS.scoreMin, Compensation: LIMITS.scoreMax })),
    ).toBeNull();
  });

  for (const [what, scores] of [
    ['a score above the range', { Compensation: LIMITS.scoreMax + 1 }],
    ['a score below the range', { Compensation: LIMITS.scoreMin - 1 }],
    ['a fraction', { Compensation: 3.5 }],
    ['a score as text', { Compensation: '4' }],
    ['a list instead of an object', [4, 5]],
  ] as const) {
    it(`refuses ${what}`, async () => {
      expect(await refusal(JSON.stringify(scores))).toMatch(
        /violates check constraint "ratings_scores_check"/,
      );
    });
  }
});
