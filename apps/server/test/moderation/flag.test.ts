// POST /api/core/ratings/{id}/flag/: who may flag what, once, and every refusal's answer; GET: whether
// the caller already did.
import { type FlagRequest, flagRequest, MSG, type OwnFlag } from '@workspace/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flags, ratings, users } from '../../src/db/schema/index.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { insertRating, insertUser, type TestUser } from './data.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type FlagAnswer = {
  id: number;
  rating_id: number;
  reason: string;
  details: string | null;
  status: string;
  created_at: string;
};

const flagUrl = (ratingId: number | string) => `/api/core/ratings/${ratingId}/flag/`;
const flag = (ratingId: number | string, who: TestUser | null, body: FlagRequest | Record<string, unknown>) =>
  call<FlagAnswer & ErrorAnswer>(ctx.app, 'POST', flagUrl(ratingId), { body, token: who?.token });

/** An employee's published rating of a company, and a third user who can see it. */
async function scene(options: { rateeShowsDetails?: boolean; anonymous?: boolean } = {}) {
  const rater = await insertUser(ctx, 'employee');
  const ratee = await insertUser(ctx, 'employer', { showRatingDetails: options.rateeShowsDetails });
  const reader = await insertUser(ctx, 'employee');
  const ratingId = await insertRating(ctx, rater, ratee, [4, 4, 3], { anonymous: options.anonymous });
  return { rater, ratee, reader, ratingId };
}

describe('flagging a rating', () => {
  it('records the flag and answers 201 with it', async () => {
    const { reader, ratingId } = await scene({ anonymous: true });
    const res = await flag(ratingId, reader, {
      reason: 'OFFENSIVE',
      details: '  Insults the manager by name  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      rating_id: ratingId,
      reason: 'OFFENSIVE',
      details: 'Insults the manager by name',
      status: 'open',
      created_at: expect.any(String),
    });
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    const [row] = await ctx.deps.db.select().from(flags).where(eq(flags.id, res.body.id));
    expect(row).toMatchObject({ ratingId, reporterId: reader.id, reason: 'OFFENSIVE', status: 'open' });
  });

  it('takes every reason, with details optional and empty details stored as null', async () => {
    const { ratingId } = await scene();
    for (const reason of flagRequest.shape.reason.options) {
      const reporter = await insertUser(ctx, 'employer');
      const res = await flag(ratingId, reporter, reason === 'OTHER' ? { reason, details: '' } : { reason });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ reason, details: null });
    }
  });

  it('lets the ratee flag a rating they received even with their details hidden', async () => {
    const { ratee, ratingId } = await scene({ rateeShowsDetails: false });
    const res = await flag(ratingId, ratee, { reason: 'FAKE', details: 'I never employed this person' });
    expect(res.status).toBe(201);
  });

  it('refuses the rater flagging their own rating', async () => {
    const { rater, ratingId } = await scene();
    const res = await flag(ratingId, rater, { reason: 'SPAM' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.cannotFlagOwn });
  });

  it('accepts one flag per rating and reporter', async () => {
    const { reader, ratingId } = await scene();
    expect((await flag(ratingId, reader, { reason: 'SPAM' })).status).toBe(201);
    const again = await flag(ratingId, reader, { reason: 'FAKE' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MSG.alreadyFlagged });
  });

  it('keeps one flag when the same reporter sends several at once', async () => {
    const { reader, ratingId } = await scene();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => flag(ratingId, reader, { reason: 'FAKE' })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 201)) {
      expect(a.status).toBe(400);
      expect(a.body).toEqual({ detail: MSG.alreadyFlagged });
    }
    const rows = await ctx.deps.db
      .select()
      .from(flags)
      .where(and(eq(flags.ratingId, ratingId), eq(flags.reporterId, reader.id)));
    expect(rows).toHaveLength(1);
  });

  it('answers "Rating not found" for ratings the caller cannot see', async () => {
    const notFound = { detail: MSG.ratingNotFound };

    const hidden = await scene();
    await ctx.deps.db.update(ratings).set({ status: 'hidden' }).where(eq(ratings.id, hidden.ratingId));
    expect(await flag(hidden.ratingId, hidden.reader, { reason: 'SPAM' })).toMatchObject({
      status: 404,
      body: notFound,
    });

    const private_ = await scene({ rateeShowsDetails: false });
    expect(await flag(private_.ratingId, private_.reader, { reason: 'SPAM' })).toMatchObject({
      status: 404,
      body: notFound,
    });

    const inactive = await scene();
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.ratee.id));
    expect(await flag(inactive.ratingId, inactive.reader, { reason: 'SPAM' })).toMatchObject({
      status: 404,
      body: notFound,
    });

    expect(await flag(2_000_000_000, hidden.reader, { reason: 'SPAM' })).toMatchObject({
      status: 404,
      body: notFound,
    });
    const stored = await ctx.deps.db.select().from(flags).where(eq(flags.reporterId, hidden.reader.id));
    expect(stored).toHaveLength(0);
  });

  it('answers malformed ids with 404', async () => {
    const { reader } = await scene();
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999', "1'or'1"]) {
      const res = await flag(encodeURIComponent(id), reader, { reason: 'SPAM' });
      expect(res.status, id).toBe(404);
      expect(res.body.detail, id).toEqual(expect.any(String));
    }
  });

  it('requires a signed-in user', async () => {
    const { ratingId } = await scene();
    const res = await flag(ratingId, null, { reason: 'SPAM' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: MSG.authRequired });
    const bad = await call(ctx.app, 'POST', flagUrl(ratingId), {
      body: { reason: 'SPAM' },
      token: 'not.a.token',
    });
    expect(bad.status).toBe(401);
  });

  it('explains a missing or unknown reason and over-long details', async () => {
    const { reader, ratingId } = await scene();
    const reasonMessage = flagRequest.safeParse({ reason: 'RUDE' }).error?.issues[0]?.message;
    expect(reasonMessage).toContain('FAKE');

    for (const body of [{}, { reason: 'RUDE' }, { reason: 42 }, { reason: 'fake' }]) {
      const res = await flag(ratingId, reader, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.validationFailed, errors: { reason: [reasonMessage] } });
    }

    const tooLong = { reason: 'OTHER', details: 'x'.repeat(501) };
    const detailsMessage = flagRequest.safeParse(tooLong).error?.issues[0]?.message;
    expect(detailsMessage).toContain('500');
    const long = await flag(ratingId, reader, tooLong);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ details: [detailsMessage] });

    const notText = await flag(ratingId, reader, { reason: 'OTHER', details: { a: 1 } });
    expect(notText.status).toBe(400);
    expect(notText.body.errors).toEqual({ details: [MSG.notText] });

    const stored = await ctx.deps.db.select().from(flags).where(eq(flags.reporterId, reader.id));
    expect(stored).toHaveLength(0);
  });
});

describe('whether the caller already reported a rating', () => {
  const reported = (ratingId: number | string, who: TestUser | null) =>
    call<OwnFlag & ErrorAnswer>(ctx.app, 'GET', flagUrl(ratingId), { token: who?.token });

  it('is null until they flag it, then when they did, and whether it was decided; someone else’s flag is not theirs', async () => {
    const { ratee, reader, ratingId } = await scene({ anonymous: true });
    expect(await reported(ratingId, reader)).toMatchObject({ status: 200, body: { reported: null } });
    const byRatee = await flag(ratingId, ratee, { reason: 'FAKE' });
    expect(byRatee.status).toBe(201);
    expect((await reported(ratingId, reader)).body).toEqual({ reported: null });

    const sent = await flag(ratingId, reader, { reason: 'SPAM' });
    expect(await reported(ratingId, reader)).toMatchObject({
      status: 200,
      body: { reported: { at: sent.body.created_at, decided: false } },
    });

    const moderator = await insertUser(ctx, 'moderator');
    const dismissed = await call(ctx.app, 'POST', `/api/moderation/flags/${byRatee.body.id}/dismiss/`, {
      body: { reason: 'Nothing in it breaks the rules.' },
      token: moderator.token,
    });
    expect(dismissed.status).toBe(200);
    expect((await reported(ratingId, ratee)).body.reported).toEqual({
      at: byRatee.body.created_at,
      decided: true,
    });
    expect((await reported(ratingId, reader)).body.reported?.decided).toBe(false);
  });

  it('refuses as flagging does: their own rating, one they cannot see, and without signing in', async () => {
    const { rater, reader, ratingId } = await scene();
    expect(await reported(ratingId, rater)).toMatchObject({
      status: 400,
      body: { detail: MSG.cannotFlagOwn },
    });
    expect(await reported(ratingId, null)).toMatchObject({ status: 401, body: { detail: MSG.authRequired } });

    const private_ = await scene({ rateeShowsDetails: false });
    expect(await reported(private_.ratingId, private_.reader)).toMatchObject({
      status: 404,
      body: { detail: MSG.ratingNotFound },
    });
    for (const id of ['abc', '0', '2000000000']) {
      expect((await reported(id, reader)).status, id).toBe(404);
    }
  });
});
