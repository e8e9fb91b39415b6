// The transparency report (DESIGN §8.2) against a history made through the API with known counts:
// every figure is counted from the tables and the moderation log, month by month.
import type { TransparencyReport } from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingDisputes, ratings } from '../../src/db/schema/index.ts';
import { monthsEndingAt, transparencyReport } from '../../src/modules/transparency/repository.ts';
import { makeUser, rate, ratingBody, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
let moderator: TestUser;
const send = (user: TestUser | null, method: string, url: string, body?: unknown) =>
  call<{ id: number } & Record<string, unknown>>(ctx.app, method as 'POST', url, {
    token: user?.token,
    body,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  moderator = await makeUser(ctx, 'moderator');
});
afterAll(() => ctx.close());

describe('months', () => {
  it('lists the last twelve calendar months in UTC, oldest first', () => {
    expect(monthsEndingAt(new Date('2026-01-31T23:59:59Z'))).toEqual([
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
  });
});

describe('GET /api/core/transparency/', () => {
  it('counts a known history, month by month, with no personal data', async () => {
    const company = await makeUser(ctx, 'employer', { name: 'Kaveri Foods' });
    const [e1, e2, e3, e4] = await Promise.all([1, 2, 3, 4].map(() => makeUser(ctx, 'employee')));
    const employer = await makeUser(ctx, 'employer');
    const person = e4 as TestUser;
    const r1 = await rate(ctx, e1 as TestUser, company);
    const r2 = await rate(ctx, e2 as TestUser, company);
    const r3 = await rate(ctx, e3 as TestUser, company);
    const r4 = await rate(ctx, employer, person);
    // One rating was posted last month.
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await ctx.deps.db.update(ratings).set({ createdAt: lastMonth }).where(eq(ratings.id, r3.id));

    await send(e1 as TestUser, 'PATCH', `/api/core/ratings/${r1.id}/`, {
      feedback_message: 'Changed my mind.',
    });
    await send(e2 as TestUser, 'DELETE', `/api/core/ratings/${r2.id}/`);
    await send(person, 'POST', `/api/core/ratings/${r1.id}/flag/`, { reason: 'FAKE' });
    await send(employer, 'POST', `/api/core/ratings/${r1.id}/flag/`, { reason: 'SPAM' });
    await send(moderator, 'POST', `/api/moderation/ratings/${r3.id}/hide/`, { reason: 'Spam' });
    await send(e3 as TestUser, 'POST', `/api/core/ratings/${r3.id}/appeal/`, { message: 'It is real.' });
    await send(moderator, 'POST', `/api/moderation/ratings/${r3.id}/restore/`, { reason: 'Shown real' });
    const d1 = await send(person, 'POST', `/api/core/ratings/${r4.id}/dispute/`, {
      reason: 'FALSE_FACTS',
      details: 'No such person worked here.',
    });
    await send(moderator, 'POST', `/api/moderation/disputes/${d1.body.id}/decide/`, {
      outcome: 'REJECTED',
      reason: 'Fair.',
    });
    const d2 = await send(company, 'POST', `/api/core/ratings/${r1.id}/dispute/`, {
      reason: 'RETALIATION',
      details: 'No such person worked here.',
    });
    // Due a minute ago and still open: overdue.
    await ctx.deps.db
      .update(ratingDisputes)
      .set({ dueAt: sql`now() - interval '1 minute'` })
      .where(eq(ratingDisputes.id, d2.body.id));
    await send(moderator, 'POST', `/api/moderation/users/${employer.id}/suspend/`, {
      reason: 'Fake account',
    });
    // A copied review: one automatic flag, by the copied-text rule.
    const [copier, copied] = await Promise.all([makeUser(ctx, 'employee'), makeUser(ctx, 'employee')]);
    const other = await makeUser(ctx, 'employer');
    const review =
      'Every appraisal here is decided before the year even starts, and the only way to grow is to leave for a competitor.';
    await rate(ctx, copied, other, { feedback_message: review });
    await rate(ctx, copier, company, { feedback_message: review });
    // Texts refused for personal data: a rating's feedback and a reply; counted, never stored.
    const refusedRating = await send(e1 as TestUser, 'POST', '/api/core/ratings/', {
      ...ratingBody(e1 as TestUser, other),
      feedback_message: 'Call the HR head on 98765 43210.',
    });
    expect(refusedRating.status).toBe(400);
    const refusedReply = await send(company, 'POST', `/api/core/ratings/${r1.id}/reply/`, {
      message: 'Write to hr.head@gmail.com instead.',
    });
    expect(refusedReply.status).toBe(400);

    // Public: no token.
    const res = await call<TransparencyReport>(ctx.app, 'GET', '/api/core/transparency/');
    expect(res.status).toBe(200);
    expect(res.raw.headers['cache-control']).toBe('public, max-age=300');
    const report = res.body;
    expect(report.months).toHaveLength(12);
    const [previous, current] = report.months.slice(-2);
    expect(previous?.ratings).toEqual({ posted: 1, edited: 0, withdrawn: 0 });
    expect(current).toEqual({
      month: new Date().toISOString().slice(0, 7),
      ratings: { posted: 5, edited: 1, withdrawn: 1 },
      flags: {
        by_reason: {
          FAKE: 1,
          OFFENSIVE: 0,
          SPAM: 1,
          CONFLICT_OF_INTEREST: 0,
          PERSONAL_INFORMATION: 0,
          OTHER: 0,
          UNUSUAL_ACTIVITY: 1,
        },
        by_source: { people: 2, automatic: 1 },
        by_rule: { volume: 0, fresh_accounts: 0, copied_text: 1, repeated_text: 0 },
      },
      personal_data_refused: {
        ratings: 1,
        other_texts: 1,
        by_kind: { aadhaar: 0, pan: 0, mobile: 1, email: 1, address: 0 },
      },
      moderation: { hidden: 1, restored: 1, replies_hidden: 0 },
      disputes: { opened: 2, upheld: 0, rejected: 1, overdue: 1, median_days_to_decision: 0 },
      appeals: { opened: 1, granted: 1, rejected: 0 },
      accounts: { suspended: 1 },
    });
    // The suspended employer no longer counts; their rating was hidden with them.
    expect(report.totals).toEqual({ companies: 2, employees: 6, published_ratings: 4 });
    const text = JSON.stringify(report);
    expect(text).not.toContain('98765');
    expect(text).not.toContain('hr.head');
    for (const user of [
      company,
      e1,
      e2,
      e3,
      person,
      employer,
      moderator,
      copier,
      copied,
      other,
    ] as TestUser[]) {
      expect(text).not.toContain(user.email);
      expect(text).not.toContain(user.fullName);
    }
  });

  it('has every month, zeros included, for a window with no activity', async () => {
    const fresh = await transparencyReport(ctx.deps.db, new Date('2020-06-15T00:00:00Z'));
    expect(fresh.months.map((m) => m.month)).toEqual(monthsEndingAt(new Date('2020-06-15T00:00:00Z')));
    expect(fresh.months.every((m) => m.ratings.posted === 0)).toBe(true);
  });
});
