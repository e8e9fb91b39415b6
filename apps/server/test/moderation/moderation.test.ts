// /api/moderation: role gates, the flag queue, hide/restore/dismiss with their effect on the ratee's
// averages and on public pages, the audit log, and bad input.
import {
  type AuditEntry,
  dayOnly,
  type FlaggedRating,
  MSG,
  moderationReason,
  type Notification,
  overallScore,
  roundHalfUp1,
} from '@workspace/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { flags, moderationActions } from '../../src/db/schema/index.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { aggregatesOf, insertRating, insertUser, statusOf, type TestUser } from './data.ts';

let ctx: TestContext;
let moderator: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  moderator = await insertUser(ctx, 'moderator', { name: 'Meera Iyer' });
});
afterAll(() => ctx.close());
// Every action keeps the stored aggregates equal to a recomputation.
afterEach(async () => {
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
});

type List<T> = { results: T[]; total_count: number; page: number; page_size: number; has_next: boolean };

const mod = <T = ErrorAnswer>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  who: TestUser = moderator,
) => call<T>(ctx.app, method, `/api/moderation/${path}`, { body, token: who.token });

const flagAs = async (who: TestUser, ratingId: number, reason = 'FAKE', details?: string) => {
  const res = await call<{ id: number }>(ctx.app, 'POST', `/api/core/ratings/${ratingId}/flag/`, {
    body: { reason, details },
    token: who.token,
  });
  expect(res.status).toBe(201);
  return res.body.id;
};

const openQueue = async () => (await mod<List<FlaggedRating>>('GET', 'flags/?page_size=100')).body.results;
const latestAudit = async () => (await mod<List<AuditEntry>>('GET', 'audit/?page_size=1')).body.results[0];

describe('who may moderate', () => {
  const endpoints: ['GET' | 'POST', string, unknown?][] = [
    ['GET', 'flags/'],
    ['GET', 'audit/'],
    ['POST', 'ratings/1/hide/', { reason: 'x' }],
    ['POST', 'ratings/1/restore/', { reason: 'x' }],
    ['POST', 'flags/1/dismiss/', { reason: 'x' }],
    ['POST', 'users/1/suspend/', { reason: 'x' }],
    ['POST', 'users/1/reinstate/', { reason: 'x' }],
  ];

  it('refuses employees and employers with 403 and callers without a token with 401', async () => {
    const employee = await insertUser(ctx, 'employee');
    const employer = await insertUser(ctx, 'employer');
    for (const [method, path, body] of endpoints) {
      for (const who of [employee, employer]) {
        const res = await mod(method, path, body, who);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body).toEqual({ detail: MSG.onlyModerators });
      }
      const anonymous = await call(ctx.app, method, `/api/moderation/${path}`, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toEqual({ detail: MSG.authRequired });
    }
    // The gate comes first: a malformed id does not tell a non-moderator anything either.
    expect((await mod('POST', 'ratings/abc/hide/', { reason: 'x' }, employee)).status).toBe(403);
  });
});

describe('the flag queue', () => {
  it('lists flagged ratings with the rater revealed, their flags, and open ones by count then newest', async () => {
    const rater = await insertUser(ctx, 'employee', { name: 'Arjun Nair' });
    const company = await insertUser(ctx, 'employer', { name: 'Tata Motors' });
    const company2 = await insertUser(ctx, 'employer', { name: 'Zoho' });
    const [r1, r2, r3] = [
      await insertRating(ctx, rater, company, [5, 4, 4], { anonymous: true, feedback: 'Great place' }),
      await insertRating(ctx, rater, company2, [1, 2]),
      await insertRating(ctx, await insertUser(ctx, 'employee'), company, [3]),
    ];
    const [a, b, c] = [
      await insertUser(ctx, 'employee', { name: 'Kavya Rao' }),
      await insertUser(ctx, 'employee'),
      await insertUser(ctx, 'employer'),
    ];
    await flagAs(a, r2, 'SPAM');
    const r1First = await flagAs(a, r1, 'PERSONAL_INFORMATION', 'Names my colleague');
    const r1Second = await flagAs(b, r1, 'OFFENSIVE');
    await flagAs(c, r3, 'OTHER');

    const res = await mod<List<FlaggedRating>>('GET', 'flags/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_count: 3, page: 1, page_size: 20, has_next: false });
    // r1 has two open flags; r3's flag is newer than r2's.
    expect(res.body.results.map((item) => item.rating.id)).toEqual([r1, r3, r2]);

    const first = res.body.results[0];
    expect(first).toEqual({
      rating: {
        id: r1,
        ratee: company.id,
        ratee_name: 'Tata Motors',
        rater: rater.id,
        rater_name: 'Arjun Nair',
        rater_user_code: rater.userCode,
        rater_email: rater.email,
        rater_status: 'active',
        role_context: 'EMPLOYEE_TO_COMPANY',
        is_anonymous: true,
        feedback_message: 'Great place',
        category_scores: [
          { category: 'Work Environment', score: 5 },
          { category: 'Management Quality', score: 4 },
          { category: 'Career Growth', score: 4 },
        ],
        overall_score: overallScore([5, 4, 4]),
        created_at: expect.any(String),
        status: 'published',
        edited_at: null,
        verified_employee: false,
        reply: null,
        dispute: null,
        moderation: null,
      },
      flag_count: 2,
      open_flag_count: 2,
      flags: [
        {
          id: r1Second,
          rating_id: r1,
          reporter_id: b.id,
          reporter_name: b.name,
          reason: 'OFFENSIVE',
          rule: null,
          details: null,
          facts: null,
          status: 'open',
          created_at: expect.any(String),
          resolved_at: null,
          matched: null,
          dismiss_reason: null,
        },
        {
          id: r1First,
          rating_id: r1,
          reporter_id: a.id,
          reporter_name: 'Kavya Rao',
          reason: 'PERSONAL_INFORMATION',
          rule: null,
          details: 'Names my colleague',
          facts: null,
          status: 'open',
          created_at: expect.any(String),
          resolved_at: null,
          matched: null,
          dismiss_reason: null,
        },
      ],
    });
    // Moderators see the exact time even of an anonymous rating.
    expect(first?.rating.created_at).not.toBe(dayOnly(first?.rating.created_at ?? ''));

    const paged = await mod<List<FlaggedRating>>('GET', 'flags/?status=open&page=2&page_size=2');
    expect(paged.body).toMatchObject({ total_count: 3, page: 2, page_size: 2, has_next: false });
    expect(paged.body.results.map((item) => item.rating.id)).toEqual([r2]);
    const pastEnd = await mod<List<FlaggedRating>>('GET', 'flags/?page=9');
    expect(pastEnd.body).toMatchObject({ results: [], total_count: 3, has_next: false });

    // Settle all three so later tests start from an empty queue.
    await mod('POST', `ratings/${r1}/hide/`, { reason: 'Reveals a colleague' });
    for (const item of res.body.results.slice(1)) {
      for (const f of item.flags) await mod('POST', `flags/${f.id}/dismiss/`, { reason: 'Fair comment' });
    }
    expect(await openQueue()).toEqual([]);
    const resolved = await mod<List<FlaggedRating>>('GET', 'flags/?status=resolved');
    expect(resolved.body.total_count).toBe(3);
    const hidden = resolved.body.results.find((item) => item.rating.id === r1);
    expect(hidden).toMatchObject({ flag_count: 2, open_flag_count: 0, rating: { status: 'hidden' } });
    expect(hidden?.flags.map((f) => f.status)).toEqual(['actioned', 'actioned']);
    expect(hidden?.flags.every((f) => typeof f.resolved_at === 'string')).toBe(true);
  });

  it('rejects an unknown status', async () => {
    const res = await mod('GET', 'flags/?status=closed');
    expect(res.status).toBe(400);
    expect(res.body.errors?.status).toEqual([expect.any(String)]);
  });
});

describe('hiding and restoring a rating', () => {
  it('takes the rating out of the averages, the public profile and the queue, and back again', async () => {
    const company = await insertUser(ctx, 'employer');
    const kept = await insertRating(ctx, await insertUser(ctx, 'employee'), company, [5, 5, 4]);
    const target = await insertRating(ctx, await insertUser(ctx, 'employee'), company, [1, 2, 1]);
    const reporter = await insertUser(ctx, 'employee');
    const flagId = await flagAs(reporter, target, 'FAKE');
    const both = roundHalfUp1((overallScore([5, 5, 4]) + overallScore([1, 2, 1])) / 2);
    expect(await aggregatesOf(ctx, company.id)).toEqual({ rating_received: both, total_ratings_received: 2 });

    const hide = await mod('POST', `ratings/${target}/hide/`, { reason: '  Written by a competitor  ' });
    expect(hide.status).toBe(200);
    expect(hide.body).toEqual({ message: MSG.ratingHidden });
    expect(await statusOf(ctx, target)).toBe('hidden');
    expect(await aggregatesOf(ctx, company.id)).toEqual({
      rating_received: overallScore([5, 5, 4]),
      total_ratings_received: 1,
    });
    expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
    const [settled] = await ctx.deps.db.select().from(flags).where(eq(flags.id, flagId));
    expect(settled).toMatchObject({ status: 'actioned', resolvedBy: moderator.id });
    expect((await openQueue()).map((item) => item.rating.id)).not.toContain(target);
    expect(await latestAudit()).toMatchObject({
      moderator_id: moderator.id,
      action: 'hide_rating',
      target_type: 'rating',
      target_id: target,
      reason: 'Written by a competitor',
    });

    // The public profile no longer shows it, nor counts it.
    const profile = await call<{
      all_ratings: { id: number }[];
      rating_summary: { average_rating: number; total_ratings: number };
    }>(ctx.app, 'GET', `/api/core/users/${company.id}/profile/`, { token: reporter.token });
    expect(profile.status).toBe(200);
    expect(profile.body.all_ratings.map((r) => r.id)).toEqual([kept]);
    expect(profile.body.rating_summary).toMatchObject({
      average_rating: overallScore([5, 5, 4]),
      total_ratings: 1,
    });
    // And nobody can flag what nobody can see.
    const lateFlag = await call(ctx.app, 'POST', `/api/core/ratings/${target}/flag/`, {
      body: { reason: 'SPAM' },
      token: (await insertUser(ctx, 'employee')).token,
    });
    expect(lateFlag.status).toBe(404);

    const again = await mod('POST', `ratings/${target}/hide/`, { reason: 'Twice' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MSG.alreadyHidden });

    const restore = await mod('POST', `ratings/${target}/restore/`, { reason: 'Appeal upheld' });
    expect(restore.status).toBe(200);
    expect(restore.body).toEqual({ message: MSG.ratingRestored });
    expect(await statusOf(ctx, target)).toBe('published');
    expect(await aggregatesOf(ctx, company.id)).toEqual({ rating_received: both, total_ratings_received: 2 });
    expect(await latestAudit()).toMatchObject({
      action: 'restore_rating',
      target_type: 'rating',
      target_id: target,
      reason: 'Appeal upheld',
    });
    const back = await call<{ all_ratings: { id: number }[] }>(
      ctx.app,
      'GET',
      `/api/core/users/${company.id}/profile/`,
      { token: reporter.token },
    );
    expect(back.body.all_ratings.map((r) => r.id).sort()).toEqual([kept, target].sort());

    const notHidden = await mod('POST', `ratings/${target}/restore/`, { reason: 'Twice' });
    expect(notHidden.status).toBe(400);
    expect(notHidden.body).toEqual({ detail: MSG.notHidden });
  });

  it('keeps the averages exact when the same rating is hidden many times at once', async () => {
    const company = await insertUser(ctx, 'employer');
    await insertRating(ctx, await insertUser(ctx, 'employee'), company, [4]);
    const target = await insertRating(ctx, await insertUser(ctx, 'employee'), company, [2]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => mod('POST', `ratings/${target}/hide/`, { reason: 'Spam' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(await aggregatesOf(ctx, company.id)).toEqual({ rating_received: 4, total_ratings_received: 1 });
  });

  it('answers unknown and malformed rating ids with 404', async () => {
    for (const action of ['hide', 'restore']) {
      const unknown = await mod('POST', `ratings/2000000000/${action}/`, { reason: 'x' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: MSG.ratingNotFound });
      for (const id of ['abc', '0', '-1', '3.5', '1e3', '99999999999']) {
        expect((await mod('POST', `ratings/${id}/${action}/`, { reason: 'x' })).status, id).toBe(404);
      }
    }
  });

  it('requires a reason', async () => {
    const rating = await insertRating(
      ctx,
      await insertUser(ctx, 'employer'),
      await insertUser(ctx, 'employee'),
      [3, 3],
    );
    const expected = { detail: MSG.validationFailed, errors: { reason: [MSG.reasonRequired] } };
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: null }]) {
      const res = await mod('POST', `ratings/${rating}/hide/`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expected);
    }
    const noBody = await mod('POST', `ratings/${rating}/hide/`);
    expect(noBody.status).toBe(400);
    const tooLong = await mod('POST', `ratings/${rating}/hide/`, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.reason).toEqual([
      moderationReason.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message,
    ]);
    const wrongType = await mod('POST', `ratings/${rating}/hide/`, { reason: ['a'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.reason).toEqual([MSG.notText]);
    expect(await statusOf(ctx, rating)).toBe('published');
  });
});

describe('dismissing a flag', () => {
  /** What `who` reads of their reports in their notifications. */
  const reportsTold = async (who: TestUser) =>
    (
      await call<{ results: Notification[] }>(ctx.app, 'GET', '/api/core/notifications/', {
        token: who.token,
      })
    ).body.results.filter((n) => n.type === 'report_decided');

  it('closes the flag with a reason, leaves the rating published, logs it, and tells its reporter why', async () => {
    const company = await insertUser(ctx, 'employer', { name: 'Kaveri Foods' });
    const author = await insertUser(ctx, 'employee');
    const rating = await insertRating(ctx, author, company, [4, 4], { anonymous: true });
    const before = await aggregatesOf(ctx, company.id);
    const [reporter, other] = [await insertUser(ctx, 'employee'), await insertUser(ctx, 'employee')];
    const first = await flagAs(reporter, rating, 'FAKE');
    const second = await flagAs(other, rating, 'SPAM');

    // Every decision has a reason (ADR 0034): none, blank or not text is a clear 400, and nothing changes.
    for (const body of [undefined, {}, { reason: '' }, { reason: '   ' }, { reason: null }, { reason: 7 }]) {
      const refused = await mod('POST', `flags/${first}/dismiss/`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await mod('POST', `flags/${first}/dismiss/`, {})).body).toEqual({
      detail: MSG.validationFailed,
      errors: { reason: [MSG.reasonRequired] },
    });
    expect((await openQueue()).find((item) => item.rating.id === rating)).toMatchObject({
      open_flag_count: 2,
    });

    const res = await mod('POST', `flags/${first}/dismiss/`, { reason: 'Looks genuine' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.flagDismissed });
    expect(await latestAudit()).toMatchObject({
      moderator_id: moderator.id,
      action: 'dismiss_flag',
      target_type: 'flag',
      target_id: first,
      reason: 'Looks genuine',
    });
    const queued = (await openQueue()).find((item) => item.rating.id === rating);
    expect(queued).toMatchObject({ flag_count: 2, open_flag_count: 1 });
    expect(await statusOf(ctx, rating)).toBe('published');
    expect(await aggregatesOf(ctx, company.id)).toEqual(before);

    // Its reporter is told, with the reason, in the app and never by mail; the other reporter, whose
    // flag is still open, and the anonymous author are not.
    const told = await reportsTold(reporter);
    expect(told).toEqual([
      expect.objectContaining({
        params: {
          outcome: 'kept',
          ratee_name: 'Kaveri Foods',
          report_reason: 'FAKE',
          reason: 'Looks genuine',
        },
        link: `/user/${company.id}`,
      }),
    ]);
    const [mail] = await queryRows<{ state: string }>(
      ctx.deps.db,
      sql`select mail_state as state from notifications where user_id = ${reporter.id}`,
    );
    expect(mail?.state).toBe('skipped');
    expect(await reportsTold(other)).toEqual([]);
    expect(JSON.stringify(await reportsTold(author))).not.toContain('Looks genuine');

    const again = await mod('POST', `flags/${first}/dismiss/`, { reason: 'Twice' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MSG.flagAlreadyResolved });
    expect(await reportsTold(reporter)).toHaveLength(1);

    const unknown = await mod('POST', 'flags/2000000000/dismiss/', { reason: 'Gone' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: MSG.flagNotFound });
    expect((await mod('POST', 'flags/x1/dismiss/', { reason: 'Gone' })).status).toBe(404);
    expect((await mod('POST', `flags/${second}/dismiss/`, { reason: 'Not spam' })).status).toBe(200);
    expect((await openQueue()).map((item) => item.rating.id)).not.toContain(rating);
    // Moderators read, on each dismissed flag, the reason its reporter was told.
    const resolved = await mod<List<FlaggedRating>>('GET', 'flags/?status=resolved&page_size=100');
    const flagsOf = resolved.body.results.find((item) => item.rating.id === rating)?.flags ?? [];
    expect(Object.fromEntries(flagsOf.map((f) => [f.id, f.dismiss_reason]))).toEqual({
      [first]: 'Looks genuine',
      [second]: 'Not spam',
    });
  });

  it("hiding the rating tells each of its open flags' reporters that it was hidden, not why", async () => {
    const company = await insertUser(ctx, 'employer', { name: 'Sahyadri Infotech' });
    const rating = await insertRating(ctx, await insertUser(ctx, 'employee'), company, [1, 1]);
    const reporters = [await insertUser(ctx, 'employee'), await insertUser(ctx, 'employer')];
    for (const reporter of reporters) await flagAs(reporter, rating, 'OFFENSIVE');
    expect((await mod('POST', `ratings/${rating}/hide/`, { reason: 'Insults a named manager' })).status).toBe(
      200,
    );
    for (const reporter of reporters) {
      const told = await reportsTold(reporter);
      expect(told.map((n) => n.params)).toEqual([
        { outcome: 'hidden', ratee_name: 'Sahyadri Infotech', report_reason: 'OFFENSIVE' },
      ]);
      expect(JSON.stringify(told)).not.toContain('Insults');
    }
    // The rated company, which reported nothing, hears nothing of the reports.
    expect(await reportsTold(company)).toEqual([]);
  });

  it('cannot dismiss a flag already settled by hiding its rating', async () => {
    const rating = await insertRating(
      ctx,
      await insertUser(ctx, 'employee'),
      await insertUser(ctx, 'employer'),
      [2],
    );
    const flagId = await flagAs(await insertUser(ctx, 'employer'), rating, 'OFFENSIVE');
    expect((await mod('POST', `ratings/${rating}/hide/`, { reason: 'Abusive' })).status).toBe(200);
    const res = await mod('POST', `flags/${flagId}/dismiss/`, { reason: 'Fine after all' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.flagAlreadyResolved });
  });
});

describe('the audit log', () => {
  it('lists every action newest first with who, what, target, reason and when', async () => {
    const second = await insertUser(ctx, 'moderator', { name: 'Rahul Verma' });
    const author = await insertUser(ctx, 'employee', { name: 'Kiran Patil' });
    const rating = await insertRating(
      ctx,
      author,
      await insertUser(ctx, 'employer', { name: 'Nirmaan Builders' }),
      [3],
    );
    const started = Date.now();
    await mod('POST', `ratings/${rating}/hide/`, { reason: 'First' });
    await mod('POST', `ratings/${rating}/restore/`, { reason: 'Second' }, second);

    const res = await mod<List<AuditEntry>>('GET', 'audit/?page_size=2');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, page_size: 2, has_next: true });
    const [restore, hide] = res.body.results;
    expect(restore).toEqual({
      id: expect.any(Number),
      moderator_id: second.id,
      moderator_name: 'Rahul Verma',
      action: 'restore_rating',
      target_type: 'rating',
      target_id: rating,
      // Named as people see it elsewhere: a rating by whom it rates.
      target_ref: 'Nirmaan Builders',
      reason: 'Second',
      created_at: expect.any(String),
    });
    expect(hide).toMatchObject({
      moderator_id: moderator.id,
      moderator_name: 'Meera Iyer',
      action: 'hide_rating',
      target_id: rating,
      reason: 'First',
    });
    expect(new Date(hide?.created_at ?? '').getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(new Date(hide?.created_at ?? '').toISOString()).toBe(hide?.created_at);
    expect(restore?.id).toBeGreaterThan(hide?.id ?? Infinity);

    // A user by name.
    await mod('POST', `users/${author.id}/suspend/`, { reason: 'Third' });
    const [suspension] = (await mod<List<AuditEntry>>('GET', 'audit/?page_size=1')).body.results;
    expect(suspension).toMatchObject({
      action: 'suspend_user',
      target_id: author.id,
      target_ref: 'Kiran Patil',
    });
  });

  it('names the rated party of a flag, a dispute and an appeal, and of none once its rating is gone', async () => {
    const second = await insertUser(ctx, 'moderator', { name: 'Anil Rao' });
    const company = await insertUser(ctx, 'employer', { name: 'Sahyadri Infotech' });
    const author = await insertUser(ctx, 'employee', { name: 'Mohit Dubey' });
    const rating = await insertRating(ctx, author, company, [2], { anonymous: true });
    const asUser = <T = ErrorAnswer>(who: TestUser, path: string, body: unknown) =>
      call<T>(ctx.app, 'POST', `/api/core/ratings/${rating}/${path}/`, { body, token: who.token });

    const flagId = await flagAs(await insertUser(ctx, 'employee'), rating, 'OFFENSIVE');
    expect((await mod('POST', `flags/${flagId}/dismiss/`, { reason: 'Not offensive' })).status).toBe(200);
    expect(await latestAudit()).toMatchObject({
      target_type: 'flag',
      target_id: flagId,
      target_ref: 'Sahyadri Infotech',
    });

    const dispute = await asUser<{ id: number }>(company, 'dispute', {
      reason: 'NO_WORKING_RELATIONSHIP',
      details: 'No one of this name ever worked for us.',
    });
    expect(dispute.status).toBe(201);
    const decided = await mod('POST', `disputes/${dispute.body.id}/decide/`, {
      outcome: 'UPHELD',
      reason: 'No record of employment was given.',
    });
    expect(decided.status).toBe(200);
    expect(await latestAudit()).toMatchObject({
      target_type: 'dispute',
      target_id: dispute.body.id,
      target_ref: 'Sahyadri Infotech',
    });

    const appeal = await asUser<{ id: number }>(author, 'appeal', { message: 'I worked there in 2024.' });
    expect(appeal.status).toBe(201);
    const rejected = await mod('POST', `appeals/${appeal.body.id}/reject/`, { reason: 'No proof.' }, second);
    expect(rejected.status).toBe(200);
    const appealEntry = await latestAudit();
    expect(appealEntry).toMatchObject({
      target_type: 'appeal',
      target_id: appeal.body.id,
      target_ref: 'Sahyadri Infotech',
    });
    // The author stays unnamed: the log names whom the rating rates, never who wrote it.
    expect(JSON.stringify(appealEntry)).not.toContain('Mohit Dubey');

    // Withdrawn, the rating is gone; its dispute and appeal stay in the log by kind and id alone.
    expect(
      (await call(ctx.app, 'DELETE', `/api/core/ratings/${rating}/`, { token: author.token })).status,
    ).toBe(204);
    const log = (await mod<List<AuditEntry>>('GET', 'audit/?page_size=10')).body.results;
    for (const [type, id] of [
      ['flag', flagId],
      ['dispute', dispute.body.id],
      ['appeal', appeal.body.id],
    ] as const) {
      const entry = log.find((e) => e.target_type === type && e.target_id === id);
      expect(entry, type).toMatchObject({ target_ref: null });
    }
  });

  it('is append-only', async () => {
    await expect(ctx.deps.db.update(moderationActions).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(ctx.deps.db.delete(moderationActions)).rejects.toThrow();
    const all = await mod<List<AuditEntry>>('GET', 'audit/?page_size=100');
    expect(all.body.results.some((entry) => entry.reason === 'rewritten')).toBe(false);
    const [stored] = await ctx.deps.db.select({ n: count() }).from(moderationActions);
    expect(all.body.total_count).toBe(stored?.n);
  });

  it('rejects bad paging', async () => {
    for (const query of ['page=0', 'page_size=101', 'page=abc']) {
      expect((await mod('GET', `audit/?${query}`)).status, query).toBe(400);
    }
  });
});

describe('the API description', () => {
  it('documents every moderation route', async () => {
    const res = await call<{ paths: Record<string, Record<string, unknown>> }>(
      ctx.app,
      'GET',
      '/api/openapi.json',
    );
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const path of [
      '/api/core/ratings/{id}/flag',
      '/api/moderation/flags',
      '/api/moderation/ratings/{id}/hide',
      '/api/moderation/ratings/{id}/restore',
      '/api/moderation/flags/{id}/dismiss',
      '/api/moderation/users/{id}/suspend',
      '/api/moderation/users/{id}/reinstate',
      '/api/moderation/audit',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
