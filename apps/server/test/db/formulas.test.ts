// The aggregates' formulas exist twice, by necessity: in SQL, which the database computes as it
// writes (ratings/aggregates.ts), and in TypeScript, which the web app shows and explains (contracts
// rules.ts). This holds the two to the same answers on a table of inputs, edge cases first, so a
// change to one that forgets the other fails here.
import { LIMITS, RANKING_PRIOR_MEAN, rankingScore, ratingLabel, roundHalfUp1 } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { averageTenths, rankScore, starOf } from '../../src/modules/ratings/aggregates.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// [sum of the ratings' overall scores in tenths, number of ratings]
const PROFILES: [number, number][] = [
  [0, 0],
  [50, 1],
  [10, 1],
  [85, 2], // 4.25 → 4.3 (half up)
  [89, 2], // 4.45 → 4.5: "Excellent" only after rounding
  [69, 2], // 3.45 → 3.5
  [49, 2], // 2.45 → 2.5
  [133, 3], // 4.433…
  [920, 200],
  [4600, 1000],
  [1, 1],
  [999_999, 200_001],
];

/** A SQL expression of (sum of tenths, count) evaluated on every row of PROFILES, in their order. */
const overProfiles = <T>(column: (sum: SQL, count: SQL) => SQL) =>
  queryRows<T>(
    ctx.deps.db,
    sql`select ${column(sql`s`, sql`c`)} from (values ${sql.join(
      PROFILES.map(([s, c], i) => sql`(${s}::int, ${c}::int, ${i}::int)`),
      sql`, `,
    )}) as t(s, c, i) order by i`,
  );

describe('the SQL and TypeScript formulas agree', () => {
  it('on the ranking score', async () => {
    const rows = await overProfiles<{ score: number }>(
      (sum, count) => sql`${rankScore(sum, count)} as score`,
    );
    const expected = PROFILES.map(([sum, count]) => rankingScore(count === 0 ? 0 : sum / 10 / count, count));
    for (const [i, row] of rows.entries()) expect(Number(row.score)).toBeCloseTo(expected[i] as number, 12);
    // The prior itself, for an unrated profile.
    expect(Number(rows[0]?.score)).toBe(RANKING_PRIOR_MEAN);
  });

  it('on the rounded average, and so on its label', async () => {
    const rows = await overProfiles<{ tenths: number }>(
      (sum, count) => sql`${averageTenths(sum, count)} as tenths`,
    );
    PROFILES.forEach(([sum, count], i) => {
      const average = count === 0 ? 0 : roundHalfUp1(sum / 10 / count);
      const stored = Number(rows[i]?.tenths) / 10;
      expect(stored).toBe(average);
      expect(ratingLabel(stored)).toBe(ratingLabel(average));
    });
  });

  it("on a rating's star in the histogram", async () => {
    const overalls = Array.from({ length: (LIMITS.scoreMax - LIMITS.scoreMin) * 10 + 1 }, (_, i) => 10 + i);
    const rows = await queryRows<{ star: number }>(
      ctx.deps.db,
      sql`select ${starOf(sql`o`)} as star from unnest(${sql.raw(`array[${overalls.join(',')}]`)}::int[])
          with ordinality as t(o, i) order by i`,
    );
    expect(rows.map((row) => Number(row.star))).toEqual(overalls.map((tenths) => Math.round(tenths / 10)));
  });
});
