// Notifications (DESIGN §9.3, ADR 0025) through the API, with a real SMTP server: every event tells
// the right person in the app and by mail, in their language, with a one-click unsubscribe that works
// without signing in; a rating received never points at its author, anonymous or not.

import { createHmac } from 'node:crypto';
import {
  dayOnly,
  NOTIFICATION_APP_ONLY_TYPES,
  NOTIFICATION_MAIL_TYPES,
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationsResponse,
  type Rating,
  type RatingList,
} from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { dayStart } from '../../src/db/days.ts';
import { users } from '../../src/db/schema/index.ts';
import { unsubscribeUrl } from '../../src/modules/notifications/mail-render.ts';
import { recordNotification } from '../../src/modules/notifications/repository.ts';
import { get, makeUser, rate, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
import { startSmtp, type TestSmtp } from '../mail/smtp-server.ts';

let ctx: TestContext;
let smtp: TestSmtp;
let moderator: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://worktrust.example.in' });
  moderator = await makeUser(ctx, 'moderator');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Lets the notification worker and the mail queue finish, then the mails `user` received. */
async function mailsTo(user: TestUser): Promise<ParsedMail[]> {
  await ctx.deps.notificationMail.idle();
  return smtp.received.filter((mail) => (mail.to as { text: string }).text === user.email);
}

/** A raw header line of `mail`, unfolded (mailparser folds List-* headers into one object). */
const headerLine = (mail: ParsedMail | undefined, key: string) =>
  (mail?.headerLines.find((h) => h.key === key)?.line ?? '').replace(/\r?\n\s+/g, '');

/** The unsubscribe URL of `mail`'s List-Unsubscribe header. */
const unsubscribeUrlOf = (mail: ParsedMail | undefined) =>
  new URL(/<([^>]+)>/.exec(headerLine(mail, 'list-unsubscribe'))?.[1] ?? '');

const notificationsOf = async (user: TestUser) =>
  (await get<NotificationsResponse>(ctx, user, '/api/core/notifications/')).body;

const send = (user: TestUser, method: 'POST' | 'PATCH', url: string, body?: unknown) =>
  call<Record<string, unknown>>(ctx.app, method, url, { token: user.token, body });

describe('each event tells the right person, in the app and by mail', () => {
  it('a reply, a dispute and its decision, a hiding, an appeal and a restoring', async () => {
    const [author, company] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employer')];
    const rating = await rate(ctx, author, company, { feedback_message: 'Fine place.' });

    expect(
      (await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'Thank you.' }))
        .status,
    ).toBe(201);
    const disputed = await send(company, 'POST', `/api/core/ratings/${rating.id}/dispute/`, {
      reason: 'FALSE_FACTS',
      details: 'This person never worked here.',
    });
    expect(disputed.status).toBe(201);
    const decided = await send(moderator, 'POST', `/api/moderation/disputes/${disputed.body.id}/decide/`, {
      outcome: 'UPHELD',
      reason: 'No record of employment.',
    });
    expect(decided.status).toBe(200);
    const appealed = await send(author, 'POST', `/api/core/ratings/${rating.id}/appeal/`, {
      message: 'I did.',
    });
    expect(appealed.status).toBe(201);
    const disputeSeen = async (user: TestUser, tab: 'given' | 'received') =>
      (await get<RatingList>(ctx, user, `/api/core/my-ratings/${tab}/`)).body.results.find(
        (r) => r.id === rating.id,
      )?.dispute;
    expect(await disputeSeen(author, 'given')).toMatchObject({ outcome: 'UPHELD', restored: false });
    expect(
      (
        await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/restore/`, {
          reason: 'Payslip shown.',
        })
      ).status,
    ).toBe(200);
    // Published again: both parties' views of the dispute say so, not "the rating is hidden".
    expect(await disputeSeen(company, 'received')).toMatchObject({ outcome: 'UPHELD', restored: true });
    expect(await disputeSeen(author, 'given')).toMatchObject({ outcome: 'UPHELD', restored: true });
    expect(
      (
        await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/hide/`, {
          reason: 'Names a person.',
        })
      ).status,
    ).toBe(200);

    const toAuthor = await notificationsOf(author);
    expect(toAuthor.results.map((n) => [n.type, n.params, n.link])).toEqual([
      ['rating_hidden', { reason: 'Names a person.' }, '/my-ratings?tab=given'],
      ['appeal_decided', { outcome: 'restored', reason: 'Payslip shown.' }, '/my-ratings?tab=given'],
      [
        'dispute_decided',
        { outcome: 'UPHELD', reason: 'No record of employment.', side: 'author' },
        '/my-ratings?tab=given',
      ],
      ['dispute_opened', { ratee_name: company.fullName, held: 'false' }, '/my-ratings?tab=given'],
      ['reply_received', { ratee_name: company.fullName }, '/my-ratings?tab=given'],
    ]);
    expect(toAuthor).toMatchObject({ count: 5, unread: 5 });
    const toCompany = await notificationsOf(company);
    // The company is told its upheld dispute was overturned, without the reason written for the author;
    // a dispute's news opens the list of its disputes, where the decision is shown.
    expect(toCompany.results.map((n) => [n.type, n.params, n.link])).toEqual([
      ['rating_restored', { side: 'rated' }, '/my-ratings?tab=disputes'],
      [
        'dispute_decided',
        { outcome: 'UPHELD', reason: 'No record of employment.', side: 'rated' },
        '/my-ratings?tab=disputes',
      ],
      ['rating_received', {}, '/my-ratings?tab=received'],
    ]);
    expect(await disputeSeen(author, 'given')).toMatchObject({ restored: false });

    const authorMails = await mailsTo(author);
    expect(authorMails.map((m) => m.subject).sort()).toEqual(
      [
        `${company.fullName} disputed your rating`,
        `${company.fullName} replied to your rating`,
        'A dispute about a WorkTrust rating was decided',
        'Your appeal was decided',
        'Your rating was hidden',
      ].sort(),
    );
    // A rating of a company stays on its profile while disputed, and the mail says so.
    const disputeMail = authorMails.find((m) => m.subject === `${company.fullName} disputed your rating`);
    expect(disputeMail?.text).toContain('the rating stays on the profile meanwhile');
    const hidden = authorMails.find((m) => m.subject === 'Your rating was hidden');
    expect(hidden?.text).toContain('Their reason: Names a person.');
    expect(hidden?.text).toContain('https://worktrust.example.in/my-ratings?tab=given');
    // The company's mail of the decision names the outcome, not the author.
    const companyMails = await mailsTo(company);
    expect(companyMails.map((m) => m.subject).sort()).toEqual([
      'A dispute about a WorkTrust rating was decided',
      'A rating you disputed is published again',
    ]);
    expect(companyMails.map((m) => m.text).join()).not.toContain('Payslip shown.');
    expect(companyMails[0]?.text).not.toContain(author.fullName);
    expect(companyMails[0]?.text).not.toContain(author.email);
  });

  it('a grievance answered and a work email verified, in Hindi for an account that reads Hindi', async () => {
    const person = await makeUser(ctx, 'employee');
    await ctx.deps.db.update(users).set({ language: 'hi' }).where(eq(users.id, person.id));
    const filed = await send(person, 'POST', '/api/core/grievances/', {
      category: 'OTHER',
      details: 'Please look at my account.',
    });
    expect(filed.status).toBe(201);
    const closed = await send(moderator, 'POST', `/api/moderation/grievances/${filed.body.id}/close/`, {
      reason: 'Looked at it.',
    });
    expect(closed.status).toBe(200);
    // A company with a proven address and a domain; the person proves an address there.
    const company = await makeUser(ctx, 'employer', { name: 'Neem Analytics' });
    const domain = `neem-${company.id}.example`;
    await ctx.deps.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), emailDomain: domain })
      .where(eq(users.id, company.id));
    const address = `person@${domain}`;
    expect((await send(person, 'POST', '/api/auth/work-email/', { email: address })).status).toBe(202);
    await ctx.deps.mailer.idle();
    const codeMail = smtp.received.find((m) => (m.to as { text: string }).text === address);
    const code = /(\d{6})/.exec(codeMail?.text ?? '')?.[1];
    expect((await send(person, 'POST', '/api/auth/work-email/confirm/', { code })).status).toBe(200);
    const told = (await notificationsOf(person)).results.map((n) => [n.type, n.params, n.link]);
    expect(told).toEqual([
      ['work_email_verified', { company_name: 'Neem Analytics' }, '/profile'],
      // Opens the answer on the account page, not the form for a new grievance.
      ['grievance_answered', { grievance_number: filed.body.number }, '/profile#my-grievances'],
    ]);
    const mails = await mailsTo(person);
    expect(mails.map((m) => m.subject)).toContain('आप Neem Analytics के सत्यापित कर्मचारी हैं');
    // The grievance's answer comes in its own mail, not a second one from the notification.
    expect(mails.filter((m) => m.subject?.includes(`आपकी शिकायत ${filed.body.number} का जवाब`))).toEqual([]);
    const verified = mails.find((m) => m.subject === 'आप Neem Analytics के सत्यापित कर्मचारी हैं');
    expect(verified?.text).toContain('इस तरह का मेल बंद करें:');
  });
});

describe('one-click unsubscribe', () => {
  it('is in every mail’s headers, works without signing in, and turns that one type off', async () => {
    const [author, company] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employer')];
    const first = await rate(ctx, author, company);
    await send(company, 'POST', `/api/core/ratings/${first.id}/reply/`, { message: 'Thanks.' });
    const [mail] = await mailsTo(author);
    expect(headerLine(mail, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const url = unsubscribeUrlOf(mail);
    expect(url.origin).toBe('https://worktrust.example.in');
    const path = `${url.pathname}${url.search}`;

    // Following the link shows a page and changes nothing (mail scanners follow links).
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(
      (await get<NotificationSettings>(ctx, author, '/api/auth/notification-settings/')).body.email
        .reply_received,
    ).toBe(true);

    // The one-click POST of RFC 8058: a form body, no token.
    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const settings = (await get<NotificationSettings>(ctx, author, '/api/auth/notification-settings/')).body;
    expect(settings.email.reply_received).toBe(false);
    expect(settings.email.dispute_opened).toBe(true);

    // The next reply is still told in the app, not by mail.
    const other = await makeUser(ctx, 'employer');
    const second = await rate(ctx, author, other);
    const before = (await mailsTo(author)).length;
    await send(other, 'POST', `/api/core/ratings/${second.id}/reply/`, { message: 'Thanks too.' });
    expect((await mailsTo(author)).length).toBe(before);
    expect((await notificationsOf(author)).results[0]?.type).toBe('reply_received');

    // A link whose signature does not match is refused, and changes nothing.
    const forged = path.replace(`u=${author.id}`, `u=${company.id}`);
    expect((await ctx.app.inject({ method: 'POST', url: forged })).statusCode).toBe(400);
  });

  it('refuses a link for a type no mail can be turned off for, even signed with this server’s secret', async () => {
    const reporter = await makeUser(ctx, 'employee');
    const notOff = NOTIFICATION_TYPES.filter(
      (type) => !(NOTIFICATION_MAIL_TYPES as readonly string[]).includes(type),
    );
    // Told in the app only (ADR 0034), and a grievance's answer, mailed with the answer itself.
    expect(notOff).toEqual(expect.arrayContaining([...NOTIFICATION_APP_ONLY_TYPES, 'grievance_answered']));
    // Signed as unsubscribeUrl signs, which no mail ever does for these types.
    const signedLink = (type: string) => {
      const s = createHmac('sha256', ctx.deps.env.JWT_SECRET ?? '')
        .update(`unsubscribe:${reporter.id}:${type}`)
        .digest('base64url');
      return `/api/auth/unsubscribe/?u=${reporter.id}&t=${type}&s=${s}`;
    };
    for (const type of notOff) {
      const answer = await ctx.app.inject({ method: 'POST', url: signedLink(type) });
      expect(answer.statusCode, type).toBe(400);
    }
    // The same signing for a type one may turn off is a link the server accepts: the refusals above
    // are for the type, not for a signature made wrongly here.
    expect(signedLink('reply_received')).toBe(
      `${unsubscribeUrl({ secret: ctx.deps.env.JWT_SECRET ?? '', publicUrl: '' }, reporter.id, 'reply_received')}`,
    );
    expect((await ctx.app.inject({ method: 'POST', url: signedLink('reply_received') })).statusCode).toBe(
      200,
    );
    const off = await queryRows(
      ctx.deps.db,
      sql`select type from notification_mail_off where user_id = ${reporter.id}`,
    );
    expect(off).toEqual([{ type: 'reply_received' }]);
  });
});

describe('a rating received', () => {
  it('tells the same, at the same day-only time, whether the rating is anonymous or not', async () => {
    const rater = await makeUser(ctx, 'employee');
    const [one, two] = [await makeUser(ctx, 'employer'), await makeUser(ctx, 'employer')];
    await rate(ctx, rater, one, { is_anonymous: true, feedback_message: 'Anonymous words.' });
    await rate(ctx, rater, two, { is_anonymous: false, feedback_message: 'Public words.' });
    const [anonymous, named] = [(await notificationsOf(one)).results, (await notificationsOf(two)).results];
    const strip = (list: typeof anonymous) => list.map(({ id: _, ...rest }) => rest);
    expect(strip(anonymous)).toEqual(strip(named));
    const [told] = anonymous;
    // India's day, as an anonymous rating is dated (db/days.ts).
    expect(told?.created_at).toBe(dayOnly(new Date()));
    expect(JSON.stringify(anonymous)).not.toMatch(new RegExp(`${rater.fullName}|${rater.userCode}|"rater`));

    // No mail at the moment it was written; both go in the next daily mail, worded the same.
    expect(await mailsTo(one)).toEqual([]);
    // The day's mail time comes (03:30 UTC in production): moved here to now.
    await ctx.deps.db.execute(
      sql`update notifications set digest_after = now() where user_id in (${one.id}, ${two.id})`,
    );
    const [toOne, toTwo] = [await mailsTo(one), await mailsTo(two)];
    expect(toOne).toHaveLength(1);
    expect(toOne[0]?.subject).toBe(toTwo[0]?.subject);
    expect(toOne[0]?.text?.replace(/s=[\w-]+|u=\d+/g, '')).toBe(
      toTwo[0]?.text?.replace(/s=[\w-]+|u=\d+/g, ''),
    );
    expect(toOne[0]?.text).not.toContain(rater.fullName);
  });
});

describe('the list and the settings', () => {
  it('marks one’s own notifications read, one by one or all, and ignores others’', async () => {
    const [author, company] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employer')];
    const rating: Rating = await rate(ctx, author, company);
    await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'Noted.' });
    await send(company, 'POST', `/api/core/ratings/${rating.id}/dispute/`, {
      reason: 'FALSE_FACTS',
      details: 'No such person worked here.',
    });
    const [newest, older] = (await notificationsOf(author)).results;
    const theirs = (await notificationsOf(company)).results[0];
    expect(
      (await send(author, 'POST', '/api/core/notifications/read/', { ids: [newest?.id, theirs?.id] })).status,
    ).toBe(204);
    const after = await notificationsOf(author);
    expect(after.unread).toBe(1);
    expect(after.results.find((n) => n.id === newest?.id)?.read_at).not.toBeNull();
    expect(after.results.find((n) => n.id === older?.id)?.read_at).toBeNull();
    expect((await notificationsOf(company)).unread).toBe(1);
    expect((await send(author, 'POST', '/api/core/notifications/read/', { all: true })).status).toBe(204);
    expect((await notificationsOf(author)).unread).toBe(0);
    expect((await send(author, 'POST', '/api/core/notifications/read/', { ids: [] })).status).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/core/notifications/')).status).toBe(401);
  });

  it('turns types and the digest on and off, and refuses what is not a type', async () => {
    const person = await makeUser(ctx, 'employee');
    const initial = (await get<NotificationSettings>(ctx, person, '/api/auth/notification-settings/')).body;
    expect(Object.values(initial.email).every(Boolean)).toBe(true);
    // Only the types a mail may tell of: not a grievance's answer (mailed with the answer), not a
    // report's outcome (never mailed, ADR 0034).
    expect(Object.keys(initial.email).sort()).toEqual([...NOTIFICATION_MAIL_TYPES].sort());
    for (const type of ['report_decided', 'grievance_answered']) {
      const refused = await send(person, 'PATCH', '/api/auth/notification-settings/', {
        email: { [type]: true },
      });
      expect(refused.status, type).toBe(400);
    }
    expect(initial.daily_digest).toBe(false);
    const changed = await send(person, 'PATCH', '/api/auth/notification-settings/', {
      email: { rating_hidden: false },
      daily_digest: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      email: { rating_hidden: false, reply_received: true },
      daily_digest: true,
    });
    const wrong = await send(person, 'PATCH', '/api/auth/notification-settings/', {
      email: { nonsense: false },
    });
    expect(wrong.status).toBe(400);
  });
});

describe('what could point at an anonymous author', () => {
  it('tells an anonymous author in the app only: a mail to an address the company may host would name them', async () => {
    const [author, company] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employer')];
    const rating = await rate(ctx, author, company, { is_anonymous: true });
    await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'We hear you.' });
    await send(company, 'POST', `/api/core/ratings/${rating.id}/dispute/`, {
      reason: 'FALSE_FACTS',
      details: 'No such person worked here.',
    });
    expect((await notificationsOf(author)).results.map((n) => n.type)).toEqual([
      'dispute_opened',
      'reply_received',
    ]);
    expect(await mailsTo(author)).toEqual([]);
  });

  it('numbers notifications at random and puts a rating received at the start of its day', async () => {
    const [author, company] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employer')];
    const rating = await rate(ctx, author, company);
    await send(company, 'POST', `/api/core/ratings/${rating.id}/dispute/`, {
      reason: 'FALSE_FACTS',
      details: 'No such person worked here.',
    });
    await send(moderator, 'POST', `/api/moderation/ratings/${rating.id}/hide/`, { reason: 'Checked.' });
    // The company: its dispute decided later today is listed above the rating received, whatever the hours.
    const told = (await notificationsOf(company)).results;
    expect(told.at(-1)?.type).toBe('rating_received');
    for (const n of told) expect(n.id).toMatch(/^[0-9a-f-]{36}$/);
    // The daily mail of a rating received is the one after its day, whatever the hour it was written.
    const [row] = await queryRows<{ after: Date | string }>(
      ctx.deps.db,
      sql`select digest_after as after from notifications where user_id = ${company.id} and type = 'rating_received'`,
    );
    // 09:00 in India the day after India's day (03:30 UTC).
    const tomorrow = new Date(dayOnly(new Date()));
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    tomorrow.setUTCHours(3, 30);
    expect(new Date(row?.after as string).toISOString()).toBe(tomorrow.toISOString());
  });

  it('dates a rating received late at night in India by the moment its day began, never tomorrow', async () => {
    // 00:30 on 1 January in India is 19:00 UTC on 31 December: the day began at 18:30 UTC.
    const [row] = await queryRows<{ start: Date | string }>(
      ctx.deps.db,
      sql`select ${dayStart(sql`'2026-12-31T19:00:00Z'::timestamptz`)} as start`,
    );
    expect(new Date(row?.start as string).toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(dayOnly(new Date(row?.start as string))).toBe('2027-01-01T00:00:00.000Z');
    // As stored now: never after the moment it was written, whatever the hour this runs.
    const [rater, company] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employer')];
    await rate(ctx, rater, company);
    const [stored] = await queryRows<{ later: boolean }>(
      ctx.deps.db,
      sql`select created_at > now() as later from notifications where user_id = ${company.id}`,
    );
    expect(stored?.later).toBe(false);
  });
});

describe('unsubscribing, as mail clients do it', () => {
  it('takes a multipart one-click POST, and answers a deleted account’s old link without an error', async () => {
    const [author, company] = [await makeUser(ctx, 'employee'), await makeUser(ctx, 'employer')];
    const rating = await rate(ctx, author, company);
    await send(company, 'POST', `/api/core/ratings/${rating.id}/reply/`, { message: 'Thanks.' });
    const [mail] = await mailsTo(author);
    const url = unsubscribeUrlOf(mail);
    const path = `${url.pathname}${url.search}`;
    const boundary = 'b0undary';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(
      (await get<NotificationSettings>(ctx, author, '/api/auth/notification-settings/')).body.email
        .reply_received,
    ).toBe(false);

    // An account deleted since its mail: its old link answers as done, and changes nothing.
    const gone = await makeUser(ctx, 'employee');
    await recordNotification(ctx.deps.db, {
      userId: gone.id,
      type: 'work_email_verified',
      params: { company_name: 'Neem Analytics' },
      link: '/profile',
    });
    const [goneMail] = await mailsTo(gone);
    const goneUrl = unsubscribeUrlOf(goneMail);
    await ctx.deps.db.execute(sql`delete from refresh_families where user_id = ${gone.id}`);
    await ctx.deps.db.delete(users).where(eq(users.id, gone.id));
    const late = await ctx.app.inject({ method: 'POST', url: `${goneUrl.pathname}${goneUrl.search}` });
    expect(late.statusCode).toBe(200);
  });
});
