// Both sides heard (DESIGN §8.1, ADR 0013): replies, edits, withdrawal, disputes and appeals, over
// real HTTP on a real database, with the aggregates compared with a recomputation after each step.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AuditEntry,
  DISPUTE_DECISION_DAYS,
  EDIT_WINDOW_DAYS,
  LIMITS,
  type ModerationAppeal,
  type ModerationDispute,
  MSG,
  type NotificationsResponse,
  type ProfileResponse,
  type RatedPartyDispute,
  type Rating,
} from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingDisputes, users, withdrawnRatings } from '../../src/db/schema/index.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import {
  expectNoTraceOf,
  get,
  makeUser,
  rate,
  scoresFor,
  setRatingCreatedAt,
  type TestUser,
} from './support.ts';

let ctx: TestContext;
let moderator: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  moderator = await makeUser(ctx, 'moderator');
});
afterAll(async () => {
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
  await ctx.close();
});

type List<T> = { results: T[]; total_count: number };
const send = <T = ErrorAnswer>(user: TestUser | null, method: string, url: string, body?: unknown) =>
  call<T>(ctx.app, method as 'POST', url, { token: user?.token, body });
const profileOf = (user: TestUser, viewer: TestUser) =>
  get<ProfileResponse>(ctx, viewer, `/api/core/users/${user.id}/profile/`);
const given = async (rater: TestUser) =>
  (await get<List<Rating>>(ctx, rater, '/api/core/my-ratings/given/?page_size=100')).body.results;
const received = async (ratee: TestUser) =>
  (await get<List<Rating>>(ctx, ratee, '/api/core/my-ratings/received/?page_size=100')).body.results;
const summaryOf = async (user: TestUser, viewer: TestUser) => {
  const { body } = await profileOf(user, viewer);
  return { average: body.rating_summary.average_rating, total: body.rating_summary.total_ratings };
};
const expectExact = async () => expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);

async function companyWithRating(options: { anonymous?: boolean; values?: number[] } = {}) {
  const company = await makeUser(ctx, 'employer');
  const author = await makeUser(ctx, 'employee');
  const rating = await rate(ctx, author, company, {
    is_anonymous: options.anonymous,
    values: options.values,
  });
  return { company, author, rating };
}

describe('replies by the rated party', () => {
  it('lets the rated company reply once, shows the reply to everyone, and edits and removes it', async () => {
    const { company, author, rating } = await companyWithRating({ anonymous: true });
    const stranger = await makeUser(ctx, 'employee');

    const made = await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, {
      message: '  Thank you, we have changed our leave policy.  ',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ message: 'Thank you, we have changed our leave policy.' });

    for (const viewer of [stranger, author, company]) {
      const shown = (await profileOf(company, viewer)).body.all_ratings.find((r) => r.id === rating.id);
      expect(shown?.reply?.message).toBe('Thank you, we have changed our leave policy.');
    }
    expect((await given(author)).find((r) => r.id === rating.id)?.reply?.message).toContain('leave policy');
    // Replying to an anonymous rating tells the company nothing about its author.
    expectNoTraceOf(await received(company), author);

    const again = await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'More' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MSG.alreadyReplied });

    const edited = await send(company, 'PUT', `/api/core/ratings/${rating.id}/reply/`, {
      message: 'Updated.',
    });
    expect(edited.status).toBe(200);
    expect((await received(company)).find((r) => r.id === rating.id)?.reply?.message).toBe('Updated.');

    const removed = await send(company, 'DELETE', `/api/core/ratings/${rating.id}/reply/`);
    expect(removed.status).toBe(204);
    expect(
      (await profileOf(company, stranger)).body.all_ratings.find((r) => r.id === rating.id)?.reply,
    ).toBeNull();
    expect((await send(company, 'DELETE', `/api/core/ratings/${rating.id}/reply/`)).status).toBe(404);
  });

  it('refuses everyone but the rated party, and bad messages', async () => {
    const { company, author, rating } = await companyWithRating();
    const stranger = await makeUser(ctx, 'employer');
    for (const user of [author, stranger, moderator]) {
      const res = await send(user, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'Hi' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: MSG.onlyRateeMayReply });
    }
    for (const [message, error] of [
      ['', MSG.replyRequired],
      ['   ', MSG.replyRequired],
      ['x'.repeat(LIMITS.replyMax + 1), MSG.replyMax],
    ] as const) {
      const res = await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MSG.validationFailed, errors: { message: [error] } });
    }
    expect(
      (await send(company, 'POST', '/api/core/ratings/2000000000/reply/', { message: 'Hi' })).status,
    ).toBe(404);
  });

  it("lets a moderator hide a reply with a reason: it leaves every view but its author's, who is told why, and is audited", async () => {
    const { company, author, rating } = await companyWithRating();
    await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'You are lying.' });
    const noReason = await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/hide-reply/`, {});
    expect(noReason.status).toBe(400);
    const hidden = await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/hide-reply/`, {
      reason: 'Abusive',
    });
    expect(hidden.status).toBe(200);
    const stranger = await makeUser(ctx, 'employee');
    for (const viewer of [author, stranger]) {
      const shown = (await profileOf(company, viewer)).body.all_ratings.find((r) => r.id === rating.id);
      expect(shown?.reply).toBeNull();
      expect(shown).not.toHaveProperty('reply_hidden');
    }
    expect((await given(author)).find((r) => r.id === rating.id)).toMatchObject({ reply: null });
    expect((await given(author)).find((r) => r.id === rating.id)).not.toHaveProperty('reply_hidden');
    // Its author sees it, hidden, with the moderator's reason, on their profile and under My Ratings.
    const own = (await received(company)).find((r) => r.id === rating.id);
    expect(own?.reply).toBeNull();
    expect(own?.reply_hidden).toMatchObject({ message: 'You are lying.', reason: 'Abusive' });
    expect(Date.parse(own?.reply_hidden?.hidden_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (await profileOf(company, company)).body.all_ratings.find((r) => r.id === rating.id)?.reply_hidden,
    ).toMatchObject({ reason: 'Abusive' });
    const edit = await send(company, 'PUT', `/api/core/ratings/${rating.id}/reply/`, { message: 'Sorry' });
    expect(edit.body).toEqual({ detail: MSG.replyHiddenByModerator });
    // Removed, it leaves its author's view too, and a new reply may be written.
    expect((await send(company, 'DELETE', `/api/core/ratings/${rating.id}/reply/`)).status).toBe(204);
    expect((await received(company)).find((r) => r.id === rating.id)).not.toHaveProperty('reply_hidden');
    const again = await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'Sorry.' });
    expect(again.status).toBe(201);
    const audit = await get<List<AuditEntry>>(ctx, moderator, '/api/moderation/audit/');
    expect(audit.body.results[0]).toMatchObject({
      action: 'hide_reply',
      target_id: rating.id,
      reason: 'Abusive',
    });
  });
});

describe('the author edits and withdraws', () => {
  it('re-computes the overall score and every aggregate, and marks the rating edited', async () => {
    const { company, author, rating } = await companyWithRating({ values: [1, 1, 1] });
    const stranger = await makeUser(ctx, 'employee');
    expect(await summaryOf(company, stranger)).toEqual({ average: 1, total: 1 });

    const res = await send(author, 'PATCH', `/api/core/ratings/${rating.id}/`, {
      category_scores: scoresFor('EMPLOYEE_TO_COMPANY', [5, 4]),
      feedback_message: 'Better after the new manager.',
      is_anonymous: true,
    });
    expect(res.status).toBe(204);
    expect(await summaryOf(company, stranger)).toEqual({ average: 4.5, total: 1 });
    const shown = (await profileOf(company, stranger)).body.all_ratings.find((r) => r.id === rating.id);
    expect(shown).toMatchObject({
      overall_score: 4.5,
      feedback_message: 'Better after the new manager.',
      is_anonymous: false,
      edited_at: expect.any(String),
    });
    expect(shown?.category_scores).toHaveLength(2);
    await expectExact();
  });

  it('shows an anonymous rating edit to others by its day only', async () => {
    const { company, author, rating } = await companyWithRating({ anonymous: true });
    await send(author, 'PATCH', `/api/core/ratings/${rating.id}/`, { feedback_message: 'Edited text' });
    const theirs = (await given(author)).find((r) => r.id === rating.id);
    expect(theirs?.edited_at).not.toMatch(/T00:00:00\.000Z$/);
    const others = (await received(company)).find((r) => r.id === rating.id);
    expect(others?.edited_at).toMatch(/T00:00:00\.000Z$/);
  });

  it('refuses others, edits after 30 days, hidden ratings, empty edits and categories of the other context', async () => {
    const { company, author, rating } = await companyWithRating();
    const body = { feedback_message: 'x' };
    for (const user of [company, moderator, await makeUser(ctx, 'employee')]) {
      const res = await send(user, 'PATCH', `/api/core/ratings/${rating.id}/`, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: MSG.onlyRaterMayChange });
    }
    const empty = await send(author, 'PATCH', `/api/core/ratings/${rating.id}/`, { is_anonymous: true });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(MSG.editNeedsChange);
    const wrong = await send(author, 'PATCH', `/api/core/ratings/${rating.id}/`, {
      category_scores: scoresFor('EMPLOYER_TO_EMPLOYEE', [3]),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ 'category_scores.0.category': [MSG.categoryInvalid] });

    await setRatingCreatedAt(ctx, rating.id, new Date(Date.now() - (EDIT_WINDOW_DAYS + 1) * 86_400_000));
    const late = await send(author, 'PATCH', `/api/core/ratings/${rating.id}/`, body);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ detail: MSG.editWindowClosed });

    const other = await companyWithRating();
    await send(moderator, 'POST', `/api/moderation/ratings/${other.rating.id}/hide/`, { reason: 'Spam' });
    const hidden = await send(other.author, 'PATCH', `/api/core/ratings/${other.rating.id}/`, body);
    expect(hidden.body).toEqual({ detail: MSG.cannotEditHidden });
  });

  it('withdraws: the rating leaves every list and average at once, and the pair may rate again', async () => {
    const company = await makeUser(ctx, 'employer');
    const author = await makeUser(ctx, 'employee');
    const other = await makeUser(ctx, 'employee');
    await rate(ctx, other, company, { values: [2] });
    const rating = await rate(ctx, author, company, { values: [5] });
    await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'Thanks' });
    expect(await summaryOf(company, other)).toEqual({ average: 3.5, total: 2 });

    expect((await send(company, 'DELETE', `/api/core/ratings/${rating.id}/`)).status).toBe(403);
    const res = await send(author, 'DELETE', `/api/core/ratings/${rating.id}/`);
    expect(res.status).toBe(204);
    expect(await summaryOf(company, other)).toEqual({ average: 2, total: 1 });
    expect((await received(company)).map((r) => r.id)).not.toContain(rating.id);
    expect((await given(author)).map((r) => r.id)).not.toContain(rating.id);
    expect((await send(author, 'DELETE', `/api/core/ratings/${rating.id}/`)).status).toBe(404);
    // The tombstone keeps the context and dates, and nobody's id.
    const [tombstone] = await ctx.deps.db.select().from(withdrawnRatings).orderBy(withdrawnRatings.id);
    expect(Object.keys(tombstone ?? {}).sort()).toEqual(['createdAt', 'id', 'roleContext', 'withdrawnAt']);

    const again = await rate(ctx, author, company, { values: [4] });
    expect(again.id).not.toBe(rating.id);
    expect(await summaryOf(company, other)).toEqual({ average: 3, total: 2 });
    await expectExact();
  });
});

describe('disputes', () => {
  const dispute = (
    user: TestUser,
    ratingId: number,
    body: unknown = { reason: 'FALSE_FACTS', details: 'This never happened at all.' },
  ) =>
    send<{ id: number; status: string; due_at: string } & ErrorAnswer>(
      user,
      'POST',
      `/api/core/ratings/${ratingId}/dispute/`,
      body,
    );
  const decide = (id: number, outcome: string, reason: string) =>
    send(moderator, 'POST', `/api/moderation/disputes/${id}/decide/`, { outcome, reason });
  const myDisputes = async (user: TestUser) =>
    (await get<List<RatedPartyDispute>>(ctx, user, '/api/core/my-ratings/disputes/')).body.results;

  it('holds back a rating of an employee while open; rejected, it is published again; both see why', async () => {
    const employee = await makeUser(ctx, 'employee');
    const employer = await makeUser(ctx, 'employer');
    const viewer = await makeUser(ctx, 'employer');
    await rate(ctx, await makeUser(ctx, 'employer'), employee, { values: [4] });
    const rating = await rate(ctx, employer, employee, { values: [1], is_anonymous: true });
    expect(await summaryOf(employee, viewer)).toEqual({ average: 2.5, total: 2 });

    const before = Date.now();
    const filed = await dispute(employee, rating.id, {
      reason: 'RETALIATION',
      details: 'I resigned; this is payback.',
    });
    expect(filed.status).toBe(201);
    expect(filed.body.status).toBe('open');
    const due = new Date(filed.body.due_at).getTime();
    expect(due - before).toBeGreaterThanOrEqual(DISPUTE_DECISION_DAYS * 86_400_000 - 1000);
    expect(due - before).toBeLessThan(DISPUTE_DECISION_DAYS * 86_400_000 + 60_000);

    expect(await summaryOf(employee, viewer)).toEqual({ average: 4, total: 1 });
    expect((await profileOf(employee, viewer)).body.all_ratings.map((r) => r.id)).not.toContain(rating.id);
    const authorView = (await given(employer)).find((r) => r.id === rating.id);
    expect(authorView).toMatchObject({ status: 'disputed', dispute: { status: 'open', outcome: null } });
    await expectExact();

    const again = await dispute(employee, rating.id);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MSG.alreadyDisputed });

    const queue = await get<List<ModerationDispute>>(ctx, moderator, '/api/moderation/disputes/?status=open');
    const item = queue.body.results.find((d) => d.id === filed.body.id);
    expect(item).toMatchObject({
      reason: 'RETALIATION',
      overdue: false,
      rating: { rater: employer.id, status: 'disputed' },
    });

    expect((await decide(filed.body.id, 'REJECTED', '')).status).toBe(400);
    const decided = await decide(
      filed.body.id,
      'REJECTED',
      'The review describes work, not the resignation.',
    );
    expect(decided.status).toBe(200);
    expect((await decide(filed.body.id, 'UPHELD', 'Twice')).body).toEqual({
      detail: MSG.disputeAlreadyDecided,
    });
    // Both parties are told. The rated party by mail too, which does not name the author; the
    // anonymous author in the app only (ADR 0025: a mail could name them).
    await ctx.deps.notificationMail.idle();
    const outbox = join(ctx.deps.env.DATA_DIR, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
    const toRatee = mails.filter((m) => m.startsWith(`To: ${employee.email}\n`));
    expect(toRatee).toHaveLength(1);
    expect(toRatee[0]).toContain('The review describes work, not the resignation.');
    expect(toRatee[0]).not.toContain(employer.fullName);
    expect(mails.filter((m) => m.startsWith(`To: ${employer.email}\n`))).toEqual([]);
    const told = await get<NotificationsResponse>(ctx, employer, '/api/core/notifications/');
    expect(told.body.results[0]).toMatchObject({
      type: 'dispute_decided',
      params: {
        outcome: 'REJECTED',
        side: 'author',
        reason: 'The review describes work, not the resignation.',
      },
    });

    expect(await summaryOf(employee, viewer)).toEqual({ average: 2.5, total: 2 });
    const outcome = {
      status: 'decided',
      outcome: 'REJECTED',
      reason: 'The review describes work, not the resignation.',
    };
    expect((await given(employer)).find((r) => r.id === rating.id)).toMatchObject({
      status: 'published',
      dispute: outcome,
    });
    expect((await received(employee)).find((r) => r.id === rating.id)?.dispute).toMatchObject(outcome);
    const mine = await myDisputes(employee);
    expect(mine[0]).toMatchObject({
      outcome: 'REJECTED',
      rating: { id: rating.id, rater_name: 'Anonymous' },
    });
    // The rated party disputes the rating, never learns its author.
    expectNoTraceOf(mine, employer);
    expectNoTraceOf(await received(employee), employer);
    // Nobody else sees the dispute.
    expect(
      (await profileOf(employee, viewer)).body.all_ratings.find((r) => r.id === rating.id),
    ).not.toHaveProperty('dispute');
    await expectExact();
  });

  it('never hides a rating of a company while open; upheld, it is hidden and its author may appeal once', async () => {
    const { company, author, rating } = await companyWithRating({ values: [1] });
    const stranger = await makeUser(ctx, 'employee');
    const filed = await dispute(company, rating.id, {
      reason: 'NO_WORKING_RELATIONSHIP',
      details: 'This person is not our staff.',
    });
    expect(filed.status).toBe(201);
    expect(await summaryOf(company, stranger)).toEqual({ average: 1, total: 1 });
    expect((await given(author)).find((r) => r.id === rating.id)?.status).toBe('published');

    const early = await send(author, 'POST', `/api/core/ratings/${rating.id}/appeal/`, { message: 'Please' });
    expect(early.body).toEqual({ detail: MSG.appealOnlyHidden });

    await decide(filed.body.id, 'UPHELD', 'No record of employment was given.');
    expect(await summaryOf(company, stranger)).toEqual({ average: 0, total: 0 });
    const hidden = (await given(author)).find((r) => r.id === rating.id);
    expect(hidden).toMatchObject({
      status: 'hidden',
      moderation: { action: 'hidden', reason: 'No record of employment was given.', appeal: null },
    });

    expect(
      (await send(company, 'POST', `/api/core/ratings/${rating.id}/appeal/`, { message: 'x' })).status,
    ).toBe(403);
    const empty = await send(author, 'POST', `/api/core/ratings/${rating.id}/appeal/`, { message: ' ' });
    expect(empty.body).toEqual({
      detail: MSG.validationFailed,
      errors: { message: [MSG.appealMessageRequired] },
    });
    const appeal = await send<{ id: number; status: string }>(
      author,
      'POST',
      `/api/core/ratings/${rating.id}/appeal/`,
      {
        message: 'I worked there in 2024; here is my offer letter number.',
      },
    );
    expect(appeal.status).toBe(201);
    expect(appeal.body.status).toBe('open');
    const twice = await send(author, 'POST', `/api/core/ratings/${rating.id}/appeal/`, { message: 'Again' });
    expect(twice.body).toEqual({ detail: MSG.alreadyAppealed });

    const queue = await get<List<ModerationAppeal>>(ctx, moderator, '/api/moderation/appeals/?status=open');
    expect(queue.body.results.find((a) => a.id === appeal.body.id)).toMatchObject({
      hidden_reason: 'No record of employment was given.',
      rating: { id: rating.id, rater: author.id },
    });
    // Granting an appeal is restoring the rating.
    await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/restore/`, {
      reason: 'Employment shown.',
    });
    expect(await summaryOf(company, stranger)).toEqual({ average: 1, total: 1 });
    const decided = await get<List<ModerationAppeal>>(
      ctx,
      moderator,
      '/api/moderation/appeals/?status=decided',
    );
    expect(decided.body.results.find((a) => a.id === appeal.body.id)).toMatchObject({
      status: 'restored',
      decision_reason: 'Employment shown.',
    });
    await expectExact();
  });

  it('rejects an appeal with a reason the author sees', async () => {
    const { author, rating } = await companyWithRating();
    await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/hide/`, {
      reason: 'Names a colleague',
    });
    const appeal = await send<{ id: number }>(author, 'POST', `/api/core/ratings/${rating.id}/appeal/`, {
      message: 'The name is public.',
    });
    const res = await send(moderator, 'POST', `/api/moderation/appeals/${appeal.body.id}/reject/`, {
      reason: 'Still personal information.',
    });
    expect(res.status).toBe(200);
    expect((await given(author)).find((r) => r.id === rating.id)?.moderation).toMatchObject({
      reason: 'Names a colleague',
      appeal: { status: 'rejected', reason: 'Still personal information.' },
    });
    const again = await send(moderator, 'POST', `/api/moderation/appeals/${appeal.body.id}/reject/`, {
      reason: 'x',
    });
    expect(again.body).toEqual({ detail: MSG.appealAlreadyDecided });
  });

  // An appeal is a second look: while another moderator can give it, whoever hid the rating (or
  // upheld the dispute that hid it) may grant the appeal but not reject it.
  it('leaves the rejection of an appeal to another moderator than the one who hid the rating', async () => {
    const second = await makeUser(ctx, 'moderator');
    try {
      const hid = await companyWithRating();
      await send(moderator, 'POST', `/api/moderation/ratings/${hid.rating.id}/hide/`, { reason: 'Abusive' });
      const upheld = await companyWithRating();
      const filed = await dispute(upheld.company, upheld.rating.id);
      await send(second, 'POST', `/api/moderation/disputes/${filed.body.id}/decide/`, {
        outcome: 'UPHELD',
        reason: 'Invented events.',
      });
      const appealOf = async (author: TestUser, ratingId: number) =>
        (
          await send<{ id: number }>(author, 'POST', `/api/core/ratings/${ratingId}/appeal/`, {
            message: 'Please look again.',
          })
        ).body.id;
      const hidAppeal = await appealOf(hid.author, hid.rating.id);
      const upheldAppeal = await appealOf(upheld.author, upheld.rating.id);

      const flags = async (viewer: TestUser) => {
        const queue = await get<List<ModerationAppeal>>(ctx, viewer, '/api/moderation/appeals/?status=open');
        const flag = (id: number) => queue.body.results.find((a) => a.id === id)?.another_moderator_rejects;
        return [flag(hidAppeal), flag(upheldAppeal)];
      };
      expect(await flags(moderator)).toEqual([true, false]);
      expect(await flags(second)).toEqual([false, true]);

      const reject = (who: TestUser, id: number) =>
        send(who, 'POST', `/api/moderation/appeals/${id}/reject/`, { reason: 'Still abusive.' });
      const own = await reject(moderator, hidAppeal);
      expect(own.status).toBe(403);
      expect(own.body).toEqual({ detail: MSG.appealOwnDecision });
      expect((await reject(second, upheldAppeal)).body).toEqual({ detail: MSG.appealOwnDecision });
      // Nothing was decided by the refusals; the other moderator decides each.
      expect((await reject(second, hidAppeal)).status).toBe(200);
      expect((await reject(moderator, upheldAppeal)).status).toBe(200);
      expect((await given(hid.author)).find((r) => r.id === hid.rating.id)?.moderation?.appeal).toEqual({
        status: 'rejected',
        reason: 'Still abusive.',
      });

      // Granting stays open to whoever hid it: restoring is in the author's favour.
      const mistaken = await companyWithRating();
      await send(moderator, 'POST', `/api/moderation/ratings/${mistaken.rating.id}/hide/`, {
        reason: 'Spam',
      });
      await appealOf(mistaken.author, mistaken.rating.id);
      const restored = await send(
        moderator,
        'POST',
        `/api/moderation/ratings/${mistaken.rating.id}/restore/`,
        {
          reason: 'Not spam after all.',
        },
      );
      expect(restored.status).toBe(200);
      await expectExact();
    } finally {
      // With one active moderator again, the tests after this one decide alone, as before.
      await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, second.id));
    }
    // Alone, a moderator rejects the appeal against their own decision: there is no one else.
    const alone = await companyWithRating();
    await send(moderator, 'POST', `/api/moderation/ratings/${alone.rating.id}/hide/`, { reason: 'Abusive' });
    const appeal = await send<{ id: number }>(
      alone.author,
      'POST',
      `/api/core/ratings/${alone.rating.id}/appeal/`,
      {
        message: 'Please look again.',
      },
    );
    const queue = await get<List<ModerationAppeal>>(ctx, moderator, '/api/moderation/appeals/?status=open');
    expect(queue.body.results.find((a) => a.id === appeal.body.id)?.another_moderator_rejects).toBe(false);
    const res = await send(moderator, 'POST', `/api/moderation/appeals/${appeal.body.id}/reject/`, {
      reason: 'Still abusive.',
    });
    expect(res.status).toBe(200);
  });

  it('lists open disputes by due date, overdue first and marked', async () => {
    const a = await companyWithRating();
    const b = await companyWithRating();
    const first = await dispute(a.company, a.rating.id);
    const second = await dispute(b.company, b.rating.id);
    await ctx.deps.db
      .update(ratingDisputes)
      .set({ dueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(ratingDisputes.id, second.body.id));
    const queue = await get<List<ModerationDispute>>(ctx, moderator, '/api/moderation/disputes/');
    const ids = queue.body.results.map((d) => d.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(queue.body.results[0]).toMatchObject({ id: second.body.id, overdue: true });
  });

  it('refuses disputes by anyone but the rated party, and bad reasons', async () => {
    const { company, author, rating } = await companyWithRating();
    for (const user of [author, moderator, await makeUser(ctx, 'employer')]) {
      const res = await dispute(user, rating.id);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: MSG.onlyRateeMayDispute });
    }
    const bad = await dispute(company, rating.id, { reason: 'BORING', details: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      reason: [MSG.disputeReasonRequired],
      details: [MSG.disputeDetailsRequired],
    });
    // A word is not an explanation: a dispute of a rating of an employee holds it back for days.
    const curt = 'x'.repeat(LIMITS.disputeDetailsMin - 1);
    const short = await dispute(company, rating.id, { reason: 'FALSE_FACTS', details: ` ${curt} ` });
    expect([short.status, short.body.errors]).toEqual([400, { details: [MSG.disputeDetailsMin] }]);
    expect((await dispute(company, rating.id, { reason: 'FALSE_FACTS', details: `${curt}.` })).status).toBe(
      201,
    );
  });
});

describe('who may call', () => {
  it('checks the caller before the body on every new endpoint', async () => {
    const { rating } = await companyWithRating();
    const routes: [string, string][] = [
      ['PATCH', `/api/core/ratings/${rating.id}/`],
      ['DELETE', `/api/core/ratings/${rating.id}/`],
      ['POST', `/api/core/ratings/${rating.id}/reply/`],
      ['PUT', `/api/core/ratings/${rating.id}/reply/`],
      ['DELETE', `/api/core/ratings/${rating.id}/reply/`],
      ['POST', `/api/core/ratings/${rating.id}/dispute/`],
      ['POST', `/api/core/ratings/${rating.id}/appeal/`],
      ['GET', '/api/core/my-ratings/disputes/'],
      ['GET', '/api/moderation/disputes/'],
      ['POST', '/api/moderation/disputes/1/decide/'],
      ['GET', '/api/moderation/appeals/'],
      ['POST', '/api/moderation/appeals/1/reject/'],
      ['POST', `/api/moderation/ratings/${rating.id}/hide-reply/`],
    ];
    const employee = await makeUser(ctx, 'employee');
    for (const [method, url] of routes) {
      expect((await send(null, method, url, { bad: true })).status, `${method} ${url}`).toBe(401);
      if (url.startsWith('/api/moderation')) {
        const res = await send(employee, method, url, { bad: true });
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('under concurrency', () => {
  it('keeps every aggregate exact when edits, withdrawals, disputes and new ratings race', async () => {
    const employee = await makeUser(ctx, 'employee');
    const employers = await Promise.all(Array.from({ length: 12 }, () => makeUser(ctx, 'employer')));
    const ratingsOf = await Promise.all(
      employers.slice(0, 8).map((employer, i) => rate(ctx, employer, employee, { values: [1 + (i % 5)] })),
    );
    const work = [
      ...ratingsOf.slice(0, 3).map((r, i) =>
        send(employers[i] as TestUser, 'PATCH', `/api/core/ratings/${r.id}/`, {
          category_scores: scoresFor('EMPLOYER_TO_EMPLOYEE', [5, 5, 4]),
        }),
      ),
      ...ratingsOf
        .slice(3, 5)
        .map((r, i) => send(employers[3 + i] as TestUser, 'DELETE', `/api/core/ratings/${r.id}/`)),
      ...ratingsOf.slice(5, 8).map((r) =>
        send(employee, 'POST', `/api/core/ratings/${r.id}/dispute/`, {
          reason: 'FALSE_FACTS',
          details: 'No such person worked here.',
        }),
      ),
      ...employers.slice(8).map((employer) =>
        send(employer, 'POST', '/api/core/ratings/', {
          ratee: employee.id,
          role_context: 'EMPLOYER_TO_EMPLOYEE',
          category_scores: scoresFor('EMPLOYER_TO_EMPLOYEE', [3, 2]),
        }),
      ),
    ];
    const answers = await Promise.all(work);
    expect(answers.map((a) => a.status)).toEqual([
      204, 204, 204, 204, 204, 201, 201, 201, 201, 201, 201, 201,
    ]);
    await expectExact();
    const viewer = await makeUser(ctx, 'employer');
    // 3 edited (4.7 each), 4 new (2.5 each), 2 withdrawn, 3 held back by disputes.
    expect(await summaryOf(employee, viewer)).toEqual({ average: 3.4, total: 7 });
  });
});
