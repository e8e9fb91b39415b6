// Grievances (DESIGN §8.3, IT Rules 2021): filed by visitors and members, numbered, due in 15 days,
// acknowledged by mail at once; the moderators' queue by due date with overdue ones marked; closing
// with a reason that the complainant sees and is mailed; limits per address and per account.
import {
  type AuditEntry,
  GRIEVANCE_ACKNOWLEDGE_HOURS,
  GRIEVANCE_ACKS_PER_ADDRESS_PER_HOUR,
  GRIEVANCE_DUE_DAYS,
  type Grievance,
  type GrievanceCreated,
  type ModerationGrievance,
} from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grievances } from '../../src/db/schema/index.ts';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { insertUser, type TestUser } from '../moderation/data.ts';
import { account, outboxFor, PASSWORD } from './support.ts';

let ctx: TestContext;
let moderator: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({
    GRIEVANCE_OFFICER_NAME: 'Priya Raman',
    GRIEVANCE_OFFICER_EMAIL: 'grievance.officer@worktrust.example',
  });
  moderator = await insertUser(ctx, 'moderator');
});
afterAll(() => ctx.close());

const file = (body: unknown, token?: string, remoteAddress?: string) =>
  call<GrievanceCreated & ErrorAnswer>(ctx.app, 'POST', '/api/core/grievances/', {
    body,
    token,
    remoteAddress,
  });
const queue = (status?: string) =>
  call<{ results: ModerationGrievance[] } & ErrorAnswer>(
    ctx.app,
    'GET',
    `/api/moderation/grievances/${status ? `?status=${status}` : ''}`,
    { token: moderator.token },
  );
const close = (id: number, body: unknown, token = moderator.token) =>
  call<ErrorAnswer>(ctx.app, 'POST', `/api/moderation/grievances/${id}/close/`, { body, token });

const DETAILS = 'A review of me names my home address; please take it down.';

describe('filing', () => {
  it('a visitor files one: numbered, open, due in 15 days, acknowledged by mail at once', async () => {
    const email = `visitor.${process.pid}@example.in`;
    const before = Date.now();
    const res = await file({
      category: 'CONTENT',
      subject_url: 'https://worktrust.example/users/12',
      details: DETAILS,
      email,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['due_at', 'id', 'number', 'status']);
    expect(res.body.number).toBe(
      `GRV-${new Date().getUTCFullYear()}-${String(res.body.id).padStart(6, '0')}`,
    );
    expect(res.body.status).toBe('open');
    const due = Date.parse(res.body.due_at) - before;
    expect(Math.abs(due - GRIEVANCE_DUE_DAYS * 86_400_000)).toBeLessThan(60_000);
    const mails = await outboxFor(ctx, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(res.body.number);
    expect(mails[0]).toContain('Priya Raman');
  });

  it("signed in, the email defaults to the account's, and the grievance is listed as theirs", async () => {
    const user = await account(ctx, 'employee');
    const res = await file({ category: 'ACCOUNT', details: DETAILS }, user.access);
    expect(res.status).toBe(201);
    expect(await outboxFor(ctx, user.email)).toHaveLength(1);
    const mine = await call<{ results: Grievance[] }>(ctx.app, 'GET', '/api/core/grievances/mine/', {
      token: user.access,
    });
    expect(mine.body.results.map((g) => g.number)).toEqual([res.body.number]);
    expect(mine.body.results[0]).toMatchObject({ category: 'ACCOUNT', details: DETAILS, close_reason: null });
    expect((await call(ctx.app, 'GET', '/api/core/grievances/mine/')).status).toBe(401);
  });

  it('bad input gets clear field messages', async () => {
    const visitorWithoutEmail = await file({ category: 'OTHER', details: DETAILS });
    expect(visitorWithoutEmail.status).toBe(400);
    expect(visitorWithoutEmail.body.errors?.email?.[0]).toMatch(/email/i);
    const bad = await file({ category: 'RANT', details: 'short', subject_url: 'ftp://x', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual([
      'category',
      'details',
      'email',
      'subject_url',
    ]);
    expect(bad.body.errors?.category?.[0]).toContain('CONTENT');
    const tooLong = await file({ category: 'OTHER', details: 'x'.repeat(5001), email: 'a@example.in' });
    expect(tooLong.body.errors?.details).toBeDefined();
    // A path on this site is a fine subject too.
    const path = await file({
      category: 'CONTENT',
      subject_url: '/users/12',
      details: DETAILS,
      email: 'a@example.in',
    });
    expect(path.status).toBe(201);
  });

  it('a bad token is refused before the body is judged', async () => {
    expect((await file({ category: 1 }, 'not-a-token')).status).toBe(401);
  });

  it('the Grievance Officer is public', async () => {
    const res = await call(ctx.app, 'GET', '/api/core/grievance-officer/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Priya Raman',
      email: 'grievance.officer@worktrust.example',
      acknowledge_within_hours: GRIEVANCE_ACKNOWLEDGE_HOURS,
      resolve_within_days: GRIEVANCE_DUE_DAYS,
    });
  });
});

describe('limits', () => {
  it('per address like registration, and per account across addresses', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      const body = { category: 'OTHER', details: DETAILS, email: 'limit@example.in' };
      const byIp: number[] = [];
      for (let i = 0; i < 3; i++) {
        byIp.push(
          (await call(limited.app, 'POST', '/api/core/grievances/', { body, remoteAddress: '10.0.0.1' }))
            .status,
        );
      }
      expect(byIp).toEqual([201, 201, 429]);

      const user = await account(limited, 'employee');
      const byAccount: number[] = [];
      for (const address of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) {
        const res = await call(limited.app, 'POST', '/api/core/grievances/', {
          body: { category: 'OTHER', details: DETAILS },
          token: user.access,
          remoteAddress: address,
        });
        byAccount.push(res.status);
      }
      expect(byAccount).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('mail to an address nobody proved (issue 42)', () => {
  it(`acknowledges at most ${GRIEVANCE_ACKS_PER_ADDRESS_PER_HOUR} an hour to one address, from any number of senders; all are filed`, async () => {
    const victim = `victim.${process.pid}.${Date.now()}@example.org`;
    const filed: number[] = [];
    for (let i = 1; i <= GRIEVANCE_ACKS_PER_ADDRESS_PER_HOUR + 3; i++) {
      const res = await file(
        { category: 'OTHER', details: DETAILS, email: victim },
        undefined,
        `198.51.100.${i}`,
      );
      filed.push(res.status);
    }
    expect(filed.every((status) => status === 201)).toBe(true);
    expect(await outboxFor(ctx, victim)).toHaveLength(GRIEVANCE_ACKS_PER_ADDRESS_PER_HOUR);
    const [row] = await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(grievances)
      .where(eq(grievances.email, victim));
    expect(row?.n).toBe(GRIEVANCE_ACKS_PER_ADDRESS_PER_HOUR + 3);
  });
});

describe('erasure', () => {
  it('deleting the account clears the email from its grievances; the ticket, text and outcome stay', async () => {
    const user = await account(ctx, 'employee');
    const res = await file({ category: 'PRIVACY', details: DETAILS }, user.access);
    expect(res.status).toBe(201);
    expect((await close(res.body.id, { reason: 'Removed the review.' })).status).toBe(200);
    const deleted = await call(ctx.app, 'DELETE', '/api/auth/account/', {
      body: { password: PASSWORD, ratings_given: 'DELETE' },
      token: user.access,
    });
    expect(deleted.status).toBe(204);
    const [kept] = await ctx.deps.db.select().from(grievances).where(eq(grievances.id, res.body.id));
    expect(kept).toMatchObject({
      email: null,
      userId: null,
      details: DETAILS,
      closeReason: 'Removed the review.',
    });
    const closed = await queue('closed');
    const listed = closed.body.results.find((g) => g.id === res.body.id);
    expect(listed?.email).toBeNull();
    expect(JSON.stringify(closed.body)).not.toContain(user.email);
  });
});

describe('moderators', () => {
  it('see the queue by due date with overdue ones marked, and close with a reason', async () => {
    const user = await account(ctx, 'employer');
    const late = await file({ category: 'PRIVACY', details: DETAILS }, user.access);
    const fresh = await file({ category: 'CONTENT', details: DETAILS, email: 'second@example.in' });
    // The first one was filed 20 days ago: past its due date.
    await ctx.deps.db
      .update(grievances)
      .set({ createdAt: sql`now() - interval '20 days'`, dueAt: sql`now() - interval '5 days'` })
      .where(eq(grievances.id, late.body.id));

    const open = await queue('open');
    expect(open.status).toBe(200);
    const ids = open.body.results.map((g) => g.id);
    expect(ids.indexOf(late.body.id)).toBeLessThan(ids.indexOf(fresh.body.id));
    const dues = open.body.results.map((g) => Date.parse(g.due_at));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(open.body.results.find((g) => g.id === late.body.id)).toMatchObject({
      overdue: true,
      email: user.email,
      user_id: user.id,
    });
    expect(open.body.results.find((g) => g.id === fresh.body.id)?.overdue).toBe(false);

    const noReason = await close(late.body.id, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.reason).toBeDefined();
    const reason = 'We removed the address from the review and warned its author.';
    expect((await close(late.body.id, { reason })).status).toBe(200);
    expect((await close(late.body.id, { reason })).status).toBe(400);
    expect((await close(999_999, { reason })).status).toBe(404);

    // The complainant sees the outcome on their account and by mail.
    const mine = await call<{ results: Grievance[] }>(ctx.app, 'GET', '/api/core/grievances/mine/', {
      token: user.access,
    });
    expect(mine.body.results[0]).toMatchObject({ status: 'closed', close_reason: reason });
    const mails = await outboxFor(ctx, user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain(reason);
    // Audited.
    const audit = await call<{ results: AuditEntry[] }>(
      ctx.app,
      'GET',
      '/api/moderation/audit/?page_size=1',
      {
        token: moderator.token,
      },
    );
    expect(audit.body.results[0]).toMatchObject({
      action: 'close_grievance',
      target_type: 'grievance',
      target_id: late.body.id,
      // Named by its number, as everywhere else (issue 47).
      target_ref: late.body.number,
      moderator_id: moderator.id,
      reason,
    });
    expect((await queue('closed')).body.results.map((g) => g.id)).toContain(late.body.id);
    expect((await queue('open')).body.results.map((g) => g.id)).not.toContain(late.body.id);
    expect((await queue('pending')).status).toBe(400);
  });

  it('are the only ones who may', async () => {
    const user = await account(ctx, 'employee');
    const res = await call(ctx.app, 'GET', '/api/moderation/grievances/', { token: user.access });
    expect(res.status).toBe(403);
    expect((await close(1, {}, user.access)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/moderation/grievances/')).status).toBe(401);
  });
});

it('every privacy and grievance route is in the OpenAPI document', async () => {
  const doc = await call<{ paths: Record<string, Record<string, unknown>> }>(
    ctx.app,
    'GET',
    '/api/openapi.json',
  );
  const routes = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(routes).toEqual(
    expect.arrayContaining([
      'POST /api/auth/consent',
      'GET /api/auth/my-data',
      'GET /api/auth/sessions',
      'DELETE /api/auth/sessions/{id}',
      'DELETE /api/auth/account',
      'POST /api/core/grievances',
      'GET /api/core/grievances/mine',
      'GET /api/core/grievance-officer',
      'GET /api/moderation/grievances',
      'POST /api/moderation/grievances/{id}/close',
    ]),
  );
});
