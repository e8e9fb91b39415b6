// Real mail: a real SMTP server (smtp-server) started by the test receives what the app sends through
// nodemailer, over smtp:// and smtps://, with credentials; temporary failures are retried, permanent
// ones are not, and neither reaches the HTTP answer or puts an address in the log.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GRIEVANCE_DUE_DAYS, type GrievanceCreated, MSG, RESET_CODE_TTL_MINUTES } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { mailQueue } from '../../src/lib/mail-queue.ts';
import { htmlOf, smtpTransport } from '../../src/lib/mailer.ts';
import { createModerator, signUp } from '../fixtures.ts';
import { call, createTestApp, type TestContext, testDatabase } from '../helpers.ts';
import { PASS, startSmtp, type TestSmtp } from './smtp-server.ts';

function recordingLog() {
  const lines: string[] = [];
  const record = (obj: unknown, msg?: string) => lines.push(JSON.stringify({ obj, msg }));
  return { lines, log: { info: record, warn: record } as never };
}

const requestReset = (ctx: TestContext, email: string) =>
  call<{ message: string; expires_in: string; reset_code?: string }>(
    ctx.app,
    'POST',
    '/api/auth/password-reset/request/',
    { body: { email } },
  );

describe('with SMTP_URL (smtp://, credentials)', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'WorkTrust <hello@worktrust.test>',
      GRIEVANCE_OFFICER_NAME: 'Priya Raman',
      PUBLIC_URL: 'https://worktrust.example.in/',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });
  const delivered = async (to: string) => {
    await ctx.deps.mailer.idle();
    return smtp.received.filter((m) => (m.to as { text: string }).text === to);
  };

  it('sends the reset code as a text and an HTML part from MAIL_FROM, and writes no outbox file', async () => {
    const user = await signUp(ctx.app, { full_name: 'Asha <b>Rao</b>' });
    const res = await requestReset(ctx, user.email);
    expect(res.status).toBe(200);
    const code = res.body.reset_code as string;
    expect(code).toMatch(/^\d{6}$/);
    await ctx.deps.mailer.idle();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as ParsedMail;
    expect(mail.from?.value).toEqual([{ name: 'WorkTrust', address: 'hello@worktrust.test' }]);
    expect((mail.to as { text: string }).text).toBe(user.email);
    expect(mail.subject).toBe('Your WorkTrust password reset code');
    expect(mail.text).toContain(`Your password reset code is ${code}.`);
    expect(mail.html).toContain(`Your password reset code is ${code}.`);
    // The name is text, never markup.
    expect(mail.html).toContain('Asha &lt;b&gt;Rao&lt;/b&gt;');
    expect(existsSync(join(ctx.deps.env.DATA_DIR, 'outbox'))).toBe(false);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const res = await requestReset(ctx, 'nobody-here@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.resetRequested, expires_in: MSG.resetExpiresIn });
    await ctx.deps.mailer.idle();
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps the generic answer when the SMTP server refuses the message for good', async () => {
    const user = await signUp(ctx.app);
    smtp.refusals.push(550);
    const attemptsBefore = smtp.attempts;
    const res = await requestReset(ctx, user.email);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.resetRequested);
    await ctx.deps.mailer.idle();
    expect(smtp.received).toHaveLength(0);
    expect(smtp.attempts - attemptsBefore).toBe(1);
  });

  // In the language of the account, or of the grievance's form.
  it("mails a reset code in the account's language", async () => {
    const hindi = await signUp(ctx.app, { full_name: 'Asha Rao', language: 'hi' });
    const english = await signUp(ctx.app, { full_name: 'Ravi Rao', language: 'en' });
    const code = (await requestReset(ctx, hindi.email)).body.reset_code as string;
    const [mail] = await delivered(hindi.email);
    expect(mail?.subject).toBe('आपका WorkTrust पासवर्ड रीसेट कोड');
    expect(mail?.text).toContain(`नमस्ते Asha Rao,`);
    expect(mail?.text).toContain(`आपका पासवर्ड रीसेट कोड ${code} है। यह ${RESET_CODE_TTL_MINUTES} मिनट में`);
    expect(mail?.text).not.toContain('If you did not ask');
    await requestReset(ctx, english.email);
    expect((await delivered(english.email))[0]?.subject).toBe('Your WorkTrust password reset code');
  });

  // A change the owner did not make must not go unnoticed: the notice goes to the account's address,
  // in its language, with where to reset the password and report it, and only once the change holds.
  const NEW_PASSWORD = 'Monsoon-Rains-Again-7';
  const changeBody = (old: string) => ({
    old_password: old,
    new_password: NEW_PASSWORD,
    new_password_confirm: NEW_PASSWORD,
  });

  it('tells the owner by mail that their password was changed, and sends nothing for a refused change', async () => {
    const user = await signUp(ctx.app, { full_name: 'Meera Iyer' });
    const refused = await call(ctx.app, 'PUT', '/api/auth/change-password/', {
      token: user.access,
      body: changeBody('not-the-password'),
    });
    expect(refused.status).toBe(400);
    expect(await delivered(user.email)).toHaveLength(0);

    const res = await call(ctx.app, 'PUT', '/api/auth/change-password/', {
      token: user.access,
      body: changeBody(user.password),
    });
    expect(res.status).toBe(200);
    const mails = await delivered(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [ParsedMail];
    expect(mail.subject).toBe('Your WorkTrust password was changed');
    expect(mail.text).toContain('Hello Meera Iyer,');
    expect(mail.text).toContain('was just changed while signed in. Every other device was signed out.');
    expect(mail.text).toContain('reset your password now at https://worktrust.example.in/forgot-password');
    expect(mail.text).toContain('tell us at https://worktrust.example.in/grievance.');
    expect(mail.text).not.toContain(NEW_PASSWORD);
  });

  it('tells the owner by mail, in their language, that a reset code changed their password', async () => {
    const user = await signUp(ctx.app, { full_name: 'Asha Rao', language: 'hi' });
    const code = (await requestReset(ctx, user.email)).body.reset_code as string;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const confirm = (reset_code: string) =>
      call(ctx.app, 'POST', '/api/auth/password-reset/confirm/', {
        body: {
          email: user.email,
          reset_code,
          new_password: NEW_PASSWORD,
          new_password_confirm: NEW_PASSWORD,
        },
      });
    expect((await confirm(wrong)).status).toBe(400);
    expect((await delivered(user.email)).map((m) => m.subject)).toEqual(['आपका WorkTrust पासवर्ड रीसेट कोड']);

    expect((await confirm(code)).status).toBe(200);
    const notice = (await delivered(user.email))[1];
    expect(notice?.subject).toBe('आपका WorkTrust पासवर्ड बदल दिया गया');
    expect(notice?.text).toContain('नमस्ते Asha Rao,');
    expect(notice?.text).toContain('इस पते पर भेजे गए कोड से रीसेट किया गया। सभी डिवाइस से लॉग आउट');
    expect(notice?.text).toContain('https://worktrust.example.in/forgot-password');
    expect(notice?.text).not.toContain(code);
  });

  it('mails in English an account whose language only a newer version has, never failing', async () => {
    // A language added by a newer version (its row in languages) and rolled back: no texts here.
    const tamil = await signUp(ctx.app, { full_name: 'Kavin Raja' });
    await ctx.deps.db.execute(sql`insert into languages (code) values ('ta') on conflict do nothing`);
    await ctx.deps.db.execute(sql`update users set language = 'ta' where email = ${tamil.email}`);
    const res = await requestReset(ctx, tamil.email);
    expect(res.status).toBe(200);
    expect((await delivered(tamil.email))[0]?.subject).toBe('Your WorkTrust password reset code');
    await ctx.deps.db.execute(sql`update users set language = 'en' where email = ${tamil.email}`);
    await ctx.deps.db.execute(sql`delete from languages where code = 'ta'`);
  });

  it('acknowledges and answers a grievance in the language it was filed in', async () => {
    const moderator = await createModerator(ctx);
    const visitor = `visitor.${process.pid}@example.in`;
    const details = 'एक समीक्षा में मेरे घर का पता लिखा है; कृपया उसे हटाएँ।';
    const filed = await call<GrievanceCreated>(ctx.app, 'POST', '/api/core/grievances/', {
      body: { category: 'PRIVACY', details, email: visitor, language: 'hi' },
    });
    expect(filed.status).toBe(201);
    const [ack] = await delivered(visitor);
    expect(ack?.subject).toBe(`हमें आपकी शिकायत ${filed.body.number} मिल गई है`);
    expect(ack?.text).toContain(`${GRIEVANCE_DUE_DAYS} दिनों के भीतर`);
    // The due day as the app writes it in Hindi, on India's calendar.
    const parts = new Intl.DateTimeFormat('hi-IN', {
      dateStyle: 'medium',
      timeZone: 'Asia/Kolkata',
    }).formatToParts(new Date(filed.body.due_at));
    const part = (type: string) => parts.find((p) => p.type === type)?.value as string;
    expect(part('month')).toMatch(/[\u0900-\u097f]/);
    expect(ack?.text).toContain(`${part('day')} ${part('month')} ${part('year')} तक`);
    expect(ack?.text).not.toContain(filed.body.due_at.slice(0, 10));
    expect(ack?.text).toContain('Priya Raman, शिकायत अधिकारी, WorkTrust');

    const reason = 'हमने समीक्षा से पता हटा दिया है।';
    const closed = await call(ctx.app, 'POST', `/api/moderation/grievances/${filed.body.id}/close/`, {
      body: { reason },
      token: moderator.access,
    });
    expect(closed.status).toBe(200);
    const outcome = (await delivered(visitor))[1];
    expect(outcome?.subject).toBe(`आपकी शिकायत ${filed.body.number} बंद कर दी गई है`);
    expect(outcome?.text).toContain(reason);
    expect(outcome?.text).toContain('अगर आप इस जवाब से संतुष्ट नहीं हैं');

    // Signed in without saying: the account's language. A visitor without: English.
    const hindi = await signUp(ctx.app, { language: 'hi' });
    const mine = await call(ctx.app, 'POST', '/api/core/grievances/', {
      body: { category: 'OTHER', details },
      token: hindi.access,
    });
    expect(mine.status).toBe(201);
    expect((await delivered(hindi.email))[0]?.subject).toMatch(/^हमें आपकी शिकायत/);
    const other = `other.${process.pid}@example.in`;
    await call(ctx.app, 'POST', '/api/core/grievances/', {
      body: { category: 'OTHER', details, email: other },
    });
    expect((await delivered(other))[0]?.subject).toMatch(/^We received your grievance/);
  });

  it('refuses a language it does not have, with the languages it has', async () => {
    const res = await call<{ errors?: Record<string, string[]> }>(ctx.app, 'POST', '/api/core/grievances/', {
      body: {
        category: 'OTHER',
        details: 'A review of me names my home address.',
        email: 'a@example.in',
        language: 'fr',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.language).toEqual([MSG.languageInvalid]);
    expect(await delivered('a@example.in')).toHaveLength(0);
  });
});

describe('with SMTP_URL (smtps://)', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wt-smtps-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    smtp = await startSmtp({
      secure: true,
      key: readFileSync(join(dir, 'key.pem')),
      cert: readFileSync(join(dir, 'cert.pem')),
    });
    ctx = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('delivers over TLS from the default sender', async () => {
    const user = await signUp(ctx.app);
    const res = await requestReset(ctx, user.email);
    await ctx.deps.mailer.idle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.from?.value).toEqual([{ name: 'WorkTrust', address: 'no-reply@localhost' }]);
    expect(smtp.received[0]?.text).toContain(res.body.reset_code as string);
  });
});

describe('delivery', () => {
  let smtp: TestSmtp;
  const store = testDatabase();
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  afterEach(() => {
    smtp.received.length = 0;
    smtp.refusals.length = 0;
  });
  const mail = { to: 'asha.rao@example.com', subject: 'Hello', text: 'Code 123456.\n\nBye' };
  const queue = (log: never, retryDelaysMs: number[], url = smtp.url) =>
    mailQueue(store.db, smtpTransport(url, 'a@b.test'), log, { retryDelaysMs, pollMs: 20 });

  it('tries again after a temporary refusal (4xx), and logs no address', async () => {
    const { lines, log } = recordingLog();
    const mailer = queue(log, [20, 20]);
    smtp.refusals.push(451, 421);
    await mailer.send(mail);
    await mailer.idle();
    expect(smtp.received.map((m) => m.subject)).toEqual(['Hello']);
    expect(lines.filter((l) => l.includes('trying again'))).toHaveLength(2);
    expect(lines.some((l) => l.includes('"mail sent"') && l.includes('"attempt":3'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/asha|example\.com|123456/);
    await mailer.close();
  });

  it('names the mail in the request’s line and in every line of its delivery', async () => {
    const own = recordingLog();
    // A request's logger as Fastify makes it: the server's pino logger with the request's id bound.
    const written: string[] = [];
    const requestLog = pino({}, { write: (line: string) => written.push(line) }).child({
      reqId: 'request-7',
    });
    const mailer = queue(own.log, [20]);
    smtp.refusals.push(451);
    await mailer.send(mail, requestLog);
    await mailer.idle();
    const [queued, ...more] = written.map((l) => JSON.parse(l));
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ msg: 'mail queued', reqId: 'request-7' });
    const delivery = own.lines.map((l) => JSON.parse(l));
    expect(delivery.map((l) => l.msg)).toEqual(['mail delivery failed for now, trying again', 'mail sent']);
    expect(delivery.every((l) => l.obj.mail === queued.mail)).toBe(true);
    await mailer.close();
  });

  it('gives up after the last retry, and keeps no address, subject or body of what it gave up', async () => {
    const { lines, log } = recordingLog();
    const mailer = queue(log, [10]);
    smtp.refusals.push(451, 451, 451);
    await mailer.send(mail);
    await mailer.idle();
    expect(smtp.received).toHaveLength(0);
    expect(lines.at(-1)).toContain('mail not delivered');
    expect(lines.at(-1)).toContain('"responseCode":451');
    const rows = await queryRows<Record<string, unknown>>(store.db, sql`select * from mail_outbox`);
    expect(JSON.stringify(rows)).not.toMatch(/asha|Hello|123456/);
    await mailer.close();
  });

  it('does not retry refused credentials', async () => {
    const { lines, log } = recordingLog();
    const mailer = queue(log, [10, 10], smtp.url.replace(PASS, 'wrong-password'));
    await mailer.send(mail);
    await mailer.idle();
    expect(smtp.received).toHaveLength(0);
    const delivery = lines.filter((l) => !l.includes('mail queued'));
    expect(delivery).toHaveLength(1);
    expect(delivery[0]).toContain('"responseCode":535');
    expect(delivery[0]).not.toContain(PASS);
    await mailer.close();
  });

  it('retries when the server cannot be reached', async () => {
    const { lines, log } = recordingLog();
    const mailer = queue(log, [10], 'smtp://127.0.0.1:1');
    await mailer.send(mail);
    await mailer.idle();
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual([
      'mail queued',
      'mail delivery failed for now, trying again',
      'mail not delivered',
    ]);
    await mailer.close();
  });

  it('makes an HTML part of paragraphs with the text escaped', () => {
    expect(htmlOf({ subject: 'S & T', text: 'a <b>\nc\n\nd' })).toContain(
      '<p>a &lt;b&gt;<br>c</p>\n<p>d</p>',
    );
  });
});
