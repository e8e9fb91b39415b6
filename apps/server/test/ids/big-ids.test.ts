// Rating ids past 2^31 (where ids used to stop) up to 2^53 - 1 work through every route that takes
// one, and come back as exact JSON numbers; a malformed id, or one past 2^53 - 1, is answered as
// every bad id in a path is (404, never a 500). On the run's engine; test/ids/postgres.test.ts runs
// the journey on a real PostgreSQL server too.
import { LIMITS, MSG } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, rate, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
import { bigIdJourney, LARGEST_ID, withNextRatingId } from './support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('a rating id', () => {
  it.each([
    ['2^31, one past the old limit', 2 ** 31],
    ['2^53 - 1, the largest', LARGEST_ID],
  ])('of %s works through every route', async (_, id) => {
    await bigIdJourney(ctx, id);
  });

  describe('that is malformed or out of range', () => {
    let author: TestUser;
    let company: TestUser;
    let moderator: TestUser;
    let existing: number;
    beforeAll(async () => {
      author = await makeUser(ctx, 'employee');
      company = await makeUser(ctx, 'employer');
      moderator = await makeUser(ctx, 'moderator');
      // A rating at the largest id, so that one past it cannot be read as it.
      existing = (await withNextRatingId(ctx, LARGEST_ID, () => rate(ctx, author, company))).id;
    });

    const BAD = [
      'abc',
      '0',
      '-1',
      '1.5',
      '1e400',
      String(2 ** 53),
      '9007199254740993',
      '99999999999999999999',
      "1'or'1",
    ];
    const routes = (id: string) => [
      {
        user: () => author,
        method: 'PATCH',
        url: `/api/core/ratings/${id}/`,
        body: { feedback_message: 'x' },
      },
      { user: () => author, method: 'DELETE', url: `/api/core/ratings/${id}/` },
      { user: () => company, method: 'POST', url: `/api/core/ratings/${id}/reply/`, body: { message: 'x' } },
      { user: () => company, method: 'PUT', url: `/api/core/ratings/${id}/reply/`, body: { message: 'x' } },
      { user: () => company, method: 'DELETE', url: `/api/core/ratings/${id}/reply/` },
      {
        user: () => company,
        method: 'POST',
        url: `/api/core/ratings/${id}/dispute/`,
        body: { reason: 'FALSE_FACTS', details: 'x'.repeat(LIMITS.disputeDetailsMin) },
      },
      { user: () => author, method: 'POST', url: `/api/core/ratings/${id}/appeal/`, body: { message: 'x' } },
      { user: () => company, method: 'POST', url: `/api/core/ratings/${id}/flag/`, body: { reason: 'SPAM' } },
      {
        user: () => moderator,
        method: 'POST',
        url: `/api/moderation/ratings/${id}/hide/`,
        body: { reason: 'x' },
      },
      {
        user: () => moderator,
        method: 'POST',
        url: `/api/moderation/ratings/${id}/restore/`,
        body: { reason: 'x' },
      },
      {
        user: () => moderator,
        method: 'POST',
        url: `/api/moderation/ratings/${id}/hide-reply/`,
        body: { reason: 'x' },
      },
    ];

    it('is answered 404 with a message on every route, never a 500, and changes nothing', async () => {
      for (const bad of BAD) {
        for (const route of routes(encodeURIComponent(bad))) {
          const res = await call(ctx.app, route.method as 'POST', route.url, {
            token: route.user().token,
            body: route.body,
          });
          expect(res.status, `${route.method} ${route.url}`).toBe(404);
          expect(res.body.detail, `${route.method} ${route.url}`).toEqual(expect.any(String));
        }
      }
      const still = await call<{ results: { id: number; feedback_message: string }[] }>(
        ctx.app,
        'GET',
        '/api/core/my-ratings/given/',
        { token: author.token },
      );
      expect(still.body.results.map((r) => r.id)).toEqual([existing]);
      expect(still.body.results[0]?.feedback_message).toBe('Good place to learn.');
    });

    it('in range but unknown is "Rating not found"', async () => {
      for (const route of routes(String(2 ** 52 + 1))) {
        const res = await call(ctx.app, route.method as 'POST', route.url, {
          token: route.user().token,
          body: route.body,
        });
        expect(res, `${route.method} ${route.url}`).toMatchObject({
          status: 404,
          body: { detail: MSG.ratingNotFound },
        });
      }
    });
  });
});
