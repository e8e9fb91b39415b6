// "My data" (DESIGN §8.3): for a person who has done everything, the download holds every row the
// database has about them, and nothing about anyone else (no anonymous rater of theirs).
import {
  MSG,
  MY_DATA_PER_HOUR,
  type MyData,
  myDataFileName,
  PRIVACY_NOTICE_VERSION,
} from '@workspace/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consents, flags, grievances, ratings, refreshFamilies } from '../../src/db/schema/index.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
import { insertRating, insertUser } from '../moderation/data.ts';
import { MAC_SAFARI, register, signIn } from './support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ids = (rows: { id: number | string }[]) => rows.map((r) => r.id).sort();

it('holds everything about the caller and nothing about anyone else', async () => {
  const moderator = await insertUser(ctx, 'moderator');
  const registered = await register(ctx, 'employee', { consent_version: PRIVACY_NOTICE_VERSION });
  const first = await signIn(ctx, registered.email);
  const { access } = await signIn(ctx, registered.email, MAC_SAFARI);
  const me = { ...registered, role: 'employee' as const, userCode: '', token: access };
  await call(ctx.app, 'POST', '/api/auth/consent/', {
    body: { version: PRIVACY_NOTICE_VERSION },
    token: access,
  });

  const companyA = await insertUser(ctx, 'employer', { name: 'Rated Works' });
  const secretRater = await insertUser(ctx, 'employer', { name: 'Secret Rater Industries' });
  const companyB = await insertUser(ctx, 'employer', { name: 'Open Rater Ltd' });
  const stranger = await insertUser(ctx, 'employee', { name: 'Unrelated Person' });
  const strangersRating = await insertRating(ctx, stranger, companyB, [2, 3], { feedback: 'Not mine' });
  const given = [
    await insertRating(ctx, me, companyA, [4, 5], { feedback: 'Good place' }),
    await insertRating(ctx, me, companyB, [1], { anonymous: true }),
  ];
  await call(ctx.app, 'POST', `/api/moderation/ratings/${given[0]}/hide/`, {
    body: { reason: 'Checking' },
    token: moderator.token,
  });
  const anonymousReceived = await insertRating(ctx, secretRater, me, [3, 3], { anonymous: true });
  const openReceived = await insertRating(ctx, companyB, me, [5]);
  // Their reply, which moderators hid: still theirs, in the download with why.
  await call(ctx.app, 'POST', `/api/core/ratings/${openReceived}/reply/`, {
    body: { message: 'I was never late.' },
    token: access,
  });
  await call(ctx.app, 'POST', `/api/moderation/ratings/${openReceived}/hide-reply/`, {
    body: { reason: 'Off topic' },
    token: moderator.token,
  });
  const flagged = await call(ctx.app, 'POST', `/api/core/ratings/${strangersRating}/flag/`, {
    body: { reason: 'SPAM', details: 'Looks copied' },
    token: access,
  });
  expect(flagged.status).toBe(201);
  // Someone else flags a rating I received: their flag is not my data.
  await call(ctx.app, 'POST', `/api/core/ratings/${openReceived}/flag/`, {
    body: { reason: 'FAKE' },
    token: stranger.token,
  });
  await call(ctx.app, 'POST', '/api/core/grievances/', {
    body: { category: 'PRIVACY', details: 'Please correct my city on my profile.', language: 'hi' },
    token: access,
  });

  const res = await call<MyData>(ctx.app, 'GET', '/api/auth/my-data/', { token: access });
  expect(res.status).toBe(200);
  // Dated by India's calendar, as the web app names the file it saves.
  expect(res.raw.headers['content-disposition']).toBe(
    `attachment; filename="${myDataFileName(res.body.generated_at)}"`,
  );
  const data = res.body;
  const db = ctx.deps.db;

  expect(data.profile).toMatchObject({
    id: me.id,
    email: me.email,
    full_name: me.name,
    consent_version: PRIVACY_NOTICE_VERSION,
  });
  // Ratings given: all, the hidden and the anonymous one too, as their rater sees them.
  expect(ids(data.ratings_given)).toEqual(
    ids(await db.select().from(ratings).where(eq(ratings.raterId, me.id))),
  );
  expect(data.ratings_given.find((r) => r.id === given[0])).toMatchObject({
    status: 'hidden',
    feedback_message: 'Good place',
  });
  expect(data.ratings_given.find((r) => r.id === given[1])).toMatchObject({
    is_anonymous: true,
    ratee: companyB.id,
  });
  // Ratings received: the published ones, as others see them.
  expect(ids(data.ratings_received)).toEqual(
    ids(
      await db
        .select()
        .from(ratings)
        .where(and(eq(ratings.rateeId, me.id), eq(ratings.status, 'published'))),
    ),
  );
  const anonymous = data.ratings_received.find((r) => r.id === anonymousReceived);
  expect(anonymous?.rater).toBeUndefined();
  expect(anonymous?.rater_name).toBe('Anonymous');
  expect(data.ratings_received.find((r) => r.id === openReceived)?.rater).toBe(companyB.id);
  expect(data.ratings_received.find((r) => r.id === openReceived)?.reply_hidden).toMatchObject({
    message: 'I was never late.',
    reason: 'Off topic',
  });
  // Flags, consents, sessions and grievances: exactly the rows.
  expect(ids(data.flags_filed)).toEqual(
    ids(await db.select().from(flags).where(eq(flags.reporterId, me.id))),
  );
  expect(data.flags_filed[0]).toMatchObject({
    rating_id: strangersRating,
    reason: 'SPAM',
    details: 'Looks copied',
  });
  const consentRows = await db.select().from(consents).where(eq(consents.userId, me.id));
  expect(data.consents).toHaveLength(consentRows.length);
  expect(data.consents).toHaveLength(2);
  const live = await db
    .select()
    .from(refreshFamilies)
    .where(
      and(
        eq(refreshFamilies.userId, me.id),
        isNull(refreshFamilies.revokedAt),
        gt(refreshFamilies.expiresAt, new Date()),
      ),
    );
  expect(ids(data.sessions)).toEqual(ids(live));
  expect(data.sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Safari on macOS']);
  expect(ids(data.grievances)).toEqual(
    ids(await db.select().from(grievances).where(eq(grievances.userId, me.id))),
  );
  // With the language it was filed in, which its mails are written in.
  expect(data.grievances.map((g) => g.language)).toEqual(['hi']);

  // Nothing about anyone else: not the anonymous rater, not strangers, no token digests.
  const text = JSON.stringify(data);
  expect(text).not.toContain('Secret Rater Industries');
  expect(text).not.toContain(secretRater.email);
  expect(text).not.toContain(companyA.email);
  expect(text).not.toContain(stranger.name);
  expect(text).not.toContain(stranger.email);
  expect(text).not.toContain('Not mine');
  for (const family of live) expect(text).not.toContain(family.currentJtiHash);
  expect(text).not.toContain(first.refresh);
  // ...while the ratee names of my own ratings are there, as on my ratings page.
  expect(text).toContain('Open Rater Ltd');
});

it('needs a token', async () => {
  expect((await call(ctx.app, 'GET', '/api/auth/my-data/')).status).toBe(401);
});

it(`is downloaded at most ${MY_DATA_PER_HOUR} times an hour per account, from any address (issue 42)`, async () => {
  const person = await register(ctx, 'employee');
  const { access } = await signIn(ctx, person.email);
  const statuses: number[] = [];
  let last: Awaited<ReturnType<typeof call<{ detail?: string }>>> | undefined;
  for (let i = 1; i <= MY_DATA_PER_HOUR + 1; i++) {
    last = await call(ctx.app, 'GET', '/api/auth/my-data/', { token: access, remoteAddress: `192.0.2.${i}` });
    statuses.push(last.status);
  }
  expect(statuses).toEqual([...Array(MY_DATA_PER_HOUR).fill(200), 429]);
  expect(last?.raw.headers['retry-after']).toBe('3600');
  expect(last?.body.detail).toBe(MSG.tooManyExports);
  // Another account is not held back by this one.
  const other = await register(ctx, 'employee');
  const theirs = await signIn(ctx, other.email);
  expect((await call(ctx.app, 'GET', '/api/auth/my-data/', { token: theirs.access })).status).toBe(200);
});
