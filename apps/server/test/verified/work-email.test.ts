// Verified employment (DESIGN §8.2, ADR 0018) on a real database, with a real SMTP server receiving
// the codes: the domain rules, the code's expiry, tries and limits, the badge on every view of a
// verified employee's rating (anonymous too), and that the work address is kept nowhere.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  MSG,
  type MyData,
  type OwnUser,
  type ProfileResponse,
  type Rating,
  WORK_EMAIL_CODE_LENGTH,
  WORK_EMAIL_CODE_MAX_TRIES,
  WORK_EMAIL_CODE_TTL_MINUTES,
} from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { queryRows } from '../../src/db/client.ts';
import { type SignedInUser, signUp } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';
import { startSmtp, type TestSmtp } from '../mail/smtp-server.ts';

let smtp: TestSmtp;
let ctx: TestContext;
let logged: App;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  // The same deps behind an app that logs everything, to search its log for the address.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  logged = await buildApp(ctx.deps, { logger: { level: 'trace', stream } });
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await ctx.close();
  await smtp.close();
});

const tag = () => randomBytes(3).toString('hex');
/** Proves `who`'s sign-in address with the code mailed to it. */
async function proveEmail(who: SignedInUser) {
  const asked = await send(who, 'POST', '/api/auth/email/verify/');
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const confirmed = await send(who, 'POST', '/api/auth/email/verify/confirm/', {
    code: await codeSentTo(who.email),
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

/** A company whose sign-in email is at a domain of its own, proven (`proven: false`: not yet). */
async function company(name = 'Kaveri Foods', { proven = true } = {}) {
  const domain = `kaveri-${tag()}.in`;
  const user = await signUp(ctx.app, { user_role: 'employer', full_name: name, email: `hr@${domain}` });
  if (proven) await proveEmail(user);
  return { user, domain };
}
const employee = () => signUp(ctx.app, { user_role: 'employee' });

const send = <T = Record<string, unknown>>(
  who: SignedInUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  app: App = ctx.app,
) =>
  call<T & { detail?: string; errors?: Record<string, string[]> }>(app, method, url, {
    token: who?.access,
    body,
  });

async function declare(who: SignedInUser, domain: string | null) {
  return send<OwnUser>(who, 'PATCH', '/api/auth/profile/', { email_domain: domain });
}

/** The code in the last mail to `address`. */
async function codeSentTo(address: string): Promise<string> {
  await ctx.deps.mailer.idle();
  const mail = [...smtp.received]
    .reverse()
    .find((m) => (m.to as { text: string }).text === address) as ParsedMail;
  // In English or in Hindi (the account's language).
  const code = new RegExp(`(?:Your code is|आपका कोड) (\\d{${WORK_EMAIL_CODE_LENGTH}})`).exec(
    mail?.text ?? '',
  )?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

async function verify(person: SignedInUser, address: string, app: App = ctx.app) {
  const asked = await send(person, 'POST', '/api/auth/work-email/', { email: address }, app);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const confirmed = await send(
    person,
    'POST',
    '/api/auth/work-email/confirm/',
    { code: await codeSentTo(address) },
    app,
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body;
}

describe("a company's email domain", () => {
  it('is accepted only as the domain of its own sign-in email, never a free mail service, once', async () => {
    const { user, domain } = await company();
    const other = await declare(user, 'infosys.com');
    expect(other.status).toBe(400);
    expect(other.body.errors?.email_domain).toEqual([MSG.emailDomainNotOwn]);
    expect((await declare(user, 'not a domain')).body.errors?.email_domain).toEqual([MSG.emailDomainInvalid]);

    const set = await declare(user, domain.toUpperCase());
    expect(set.status).toBe(200);
    expect(set.body.email_domain).toBe(domain);
    // A second account at the same domain cannot declare it too.
    const colleague = await signUp(ctx.app, { user_role: 'employer', email: `ceo@${domain}` });
    await proveEmail(colleague);
    expect((await declare(colleague, domain)).body.errors?.email_domain).toEqual([MSG.emailDomainTaken]);
    expect((await declare(user, null)).body.email_domain).toBeNull();
  });

  it('needs the sign-in address proven first, by a code mailed to it (issue 42, finding 3)', async () => {
    // Anyone could register as hr@<a company's domain> and take the domain without owning a mailbox there.
    const { user, domain } = await company('Squatter', { proven: false });
    const early = await declare(user, domain);
    expect(early.status).toBe(400);
    expect(early.body.errors?.email_domain).toEqual([MSG.emailDomainUnverified]);
    const before = await send<OwnUser>(user, 'GET', '/api/auth/profile/');
    expect(before.body).toMatchObject({ email_verified: false, email_domain: null });

    const asked = await send<{ expires_at: string }>(user, 'POST', '/api/auth/email/verify/');
    expect(asked.status).toBe(202);
    const code = await codeSentTo(user.email);
    const mail = smtp.received.at(-1) as ParsedMail;
    expect((mail.to as { text: string }).text).toBe(user.email);
    expect(mail.subject).toBe('Your WorkTrust code to confirm your email');
    const wrong = (code === '0'.repeat(WORK_EMAIL_CODE_LENGTH) ? '1' : '0').repeat(WORK_EMAIL_CODE_LENGTH);
    expect((await send(user, 'POST', '/api/auth/email/verify/confirm/', { code: wrong })).status).toBe(400);
    expect((await send(user, 'POST', '/api/auth/email/verify/confirm/', { code })).status).toBe(200);
    const after = await send<OwnUser>(user, 'GET', '/api/auth/profile/');
    expect(after.body.email_verified).toBe(true);
    const again = await send(user, 'POST', '/api/auth/email/verify/');
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(MSG.emailAlreadyVerified);
    expect((await declare(user, domain)).status).toBe(200);
    // Signed out, neither route answers anything but 401.
    expect((await send(null, 'POST', '/api/auth/email/verify/')).status).toBe(401);
    expect((await send(null, 'POST', '/api/auth/email/verify/confirm/', { code })).status).toBe(401);
  });

  it('keeps control characters out of names, and names out of mail subjects', async () => {
    const registered = await call<{ errors?: Record<string, string[]> }>(
      ctx.app,
      'POST',
      '/api/auth/register/',
      {
        body: {
          email: `evil-${tag()}@example.in`,
          password: 'Long-enough-Passphrase-42',
          password_confirm: 'Long-enough-Passphrase-42',
          full_name: 'Evil Corp\r\nBcc: everyone@example.in',
          user_role: 'employer',
          city: 'Pune',
        },
      },
    );
    expect(registered.status).toBe(400);
    expect(registered.body.errors?.full_name).toEqual([MSG.singleLine]);
    const { user } = await company('Kaveri Foods');
    const renamed = await send(user, 'PATCH', '/api/auth/profile/', { full_name: 'Kaveri\u0085Foods' });
    expect(renamed.body.errors?.full_name).toEqual([MSG.singleLine]);
    const city = await send(user, 'PATCH', '/api/auth/profile/', { city: 'Pune\tWest' });
    expect(city.body.errors?.city).toEqual([MSG.singleLine]);
    // Multi-line text keeps its lines (CR LF read as one break) and tabs, and nothing else.
    const rater = await employee();
    const review = (feedback_message: string) =>
      send<Rating>(rater, 'POST', '/api/core/ratings/', {
        ratee: user.user.id,
        role_context: 'EMPLOYEE_TO_COMPANY',
        category_scores: [{ category: 'Career Growth', score: 4 }],
        feedback_message,
      });
    const bell = await review('Good pay\u0007, long hours');
    expect(bell.status).toBe(400);
    expect(bell.body.errors?.feedback_message).toEqual([MSG.controlCharacters]);
    const lines = await review('Good pay.\r\n\tLong hours.');
    expect(lines.status).toBe(201);
    expect(lines.body.feedback_message).toBe('Good pay.\n\tLong hours.');
  });

  it('refuses free mail domains and people who are not companies', async () => {
    const gmailCompany = await signUp(ctx.app, {
      user_role: 'employer',
      email: `founder.${tag()}@gmail.com`,
    });
    expect((await declare(gmailCompany, 'gmail.com')).body.errors?.email_domain).toEqual([
      MSG.emailDomainFreeMail,
    ]);
    const person = await employee();
    expect((await declare(person, 'example.in')).body.errors?.email_domain).toEqual([
      MSG.emailDomainOnlyCompanies,
    ]);
  });
});

describe('verifying a work email', () => {
  it("mails both codes in the account's language", async () => {
    const { user: kaveri, domain } = await company('Kaveri Foods');
    await declare(kaveri, domain);
    const meera = await signUp(ctx.app, { user_role: 'employee', language: 'hi' });
    await proveEmail(meera);
    const own = smtp.received.find((m) => (m.to as { text: string }).text === meera.email) as ParsedMail;
    expect(own.subject).toBe('अपने ईमेल की पुष्टि के लिए आपका WorkTrust कोड');
    expect(own.text).toContain(`यह ${WORK_EMAIL_CODE_TTL_MINUTES} मिनट में खत्म हो जाएगा।`);
    const address = `meera.iyer@${domain}`;
    await verify(meera, address);
    const work = smtp.received.find((m) => (m.to as { text: string }).text === address) as ParsedMail;
    expect(work.subject).toBe('कार्य ईमेल सत्यापित करने के लिए आपका WorkTrust कोड');
    expect(work.text).toContain('Kaveri Foods की आपकी समीक्षाओं पर "सत्यापित कर्मचारी" दिखाने के लिए');
    expect(work.text).not.toContain('If you did not ask');
  });

  it('mails a code to the address and records only the company, the domain and the date', async () => {
    const { user: kaveri, domain } = await company('Kaveri Foods');
    await declare(kaveri, domain);
    const priya = await employee();
    const address = `priya.sharma@${domain}`;
    logLines.length = 0;
    const verification = await verify(priya, address, logged);
    expect(verification).toMatchObject({ company_id: kaveri.user.id, company_name: 'Kaveri Foods', domain });
    const mail = smtp.received.at(-1) as ParsedMail;
    expect(mail.subject).toBe('Your WorkTrust code to verify your work email');

    const list = await send<{ results: unknown[] }>(priya, 'GET', '/api/auth/work-email/');
    expect(list.body.results).toEqual([verification]);

    // The address is nowhere: no table, no log line, not the data export.
    const tables = await queryRows<{ table_name: string; column_name: string }>(
      ctx.deps.db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying', 'ARRAY')`,
    );
    for (const { table_name, column_name } of tables) {
      const found = await queryRows<{ n: number }>(
        ctx.deps.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${address}%`}`,
      );
      expect(found[0]?.n, `${table_name}.${column_name}`).toBe(0);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(address);
    expect(logLines.join('\n')).not.toContain('priya.sharma');
    const exported = await send<MyData>(priya, 'GET', '/api/auth/my-data/');
    expect(exported.body.employment_verifications).toEqual([verification]);
    expect(JSON.stringify(exported.body)).not.toContain(address);
  });

  it(`takes ${WORK_EMAIL_CODE_MAX_TRIES} wrong tries at most, and an expired code never`, async () => {
    const { user, domain } = await company();
    await declare(user, domain);
    const person = await employee();
    const address = `ravi@${domain}`;
    await send(person, 'POST', '/api/auth/work-email/', { email: address });
    const code = await codeSentTo(address);
    const wrong = (code === '0'.repeat(WORK_EMAIL_CODE_LENGTH) ? '1' : '0').repeat(WORK_EMAIL_CODE_LENGTH);
    for (let i = 0; i < WORK_EMAIL_CODE_MAX_TRIES; i += 1) {
      const answer = await send(person, 'POST', '/api/auth/work-email/confirm/', { code: wrong });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(MSG.workEmailCodeInvalid);
    }
    expect((await send(person, 'POST', '/api/auth/work-email/confirm/', { code })).status).toBe(400);

    // A new code; expired before it is used.
    await send(person, 'POST', '/api/auth/work-email/', { email: address });
    const fresh = await codeSentTo(address);
    await ctx.deps.db.execute(sql`update work_email_codes set expires_at = now() - interval '1 second'`);
    expect((await send(person, 'POST', '/api/auth/work-email/confirm/', { code: fresh })).status).toBe(400);
    expect(
      (await send(person, 'POST', '/api/auth/work-email/confirm/', { code: '12ab56' })).body.errors?.code,
    ).toEqual([MSG.workEmailCodeLength]);
  });

  it('limits codes per account and per address, and knows only declared domains', async () => {
    const { user, domain } = await company();
    await declare(user, domain);
    const person = await employee();
    const asks = [];
    for (let i = 0; i < 6; i += 1)
      asks.push((await send(person, 'POST', '/api/auth/work-email/', { email: `p${i}@${domain}` })).status);
    expect(asks).toEqual([202, 202, 202, 202, 202, 429]);
    // Three people asking for one address: the fourth is refused.
    const shared = `shared@${domain}`;
    const byAddress = [];
    for (let i = 0; i < 4; i += 1)
      byAddress.push(
        (await send(await employee(), 'POST', '/api/auth/work-email/', { email: shared })).status,
      );
    expect(byAddress).toEqual([202, 202, 202, 429]);
    const unknown = await send(await employee(), 'POST', '/api/auth/work-email/', {
      email: 'a@nobody-declared.in',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(MSG.workEmailNoCompany);
  });

  it('is for employees; the caller is checked before the body', async () => {
    const { user } = await company();
    expect((await send(user, 'POST', '/api/auth/work-email/', { email: 'x@example.in' })).status).toBe(403);
    expect((await send(null, 'POST', '/api/auth/work-email/', { nonsense: true })).status).toBe(401);
    expect((await send(null, 'POST', '/api/auth/work-email/confirm/', {})).status).toBe(401);
    expect((await send(await employee(), 'DELETE', `/api/auth/work-email/${user.user.id}/`)).status).toBe(
      404,
    );
  });
});

describe('the badge', () => {
  const rate = (who: SignedInUser, company: SignedInUser, anonymous: boolean) =>
    send<Rating>(who, 'POST', '/api/core/ratings/', {
      ratee: company.user.id,
      role_context: 'EMPLOYEE_TO_COMPANY',
      category_scores: [{ category: 'Career Growth', score: 4 }],
      is_anonymous: anonymous,
    });
  /** Each rating's badge as `who` sees it on the company's profile, its ratings list and, for the company, its received list. */
  const badges = async (who: SignedInUser, company: SignedInUser) => {
    const id = company.user.id;
    const views = [
      (await send<ProfileResponse>(who, 'GET', `/api/core/users/${id}/profile/`)).body.all_ratings,
      (await send<{ results: Rating[] }>(who, 'GET', `/api/core/users/${id}/ratings/?page_size=50`)).body
        .results,
    ];
    if (who === company)
      views.push(
        (await send<{ results: Rating[] }>(who, 'GET', '/api/core/my-ratings/received/')).body.results,
      );
    return views.map((list) => Object.fromEntries(list.map((r) => [r.id, r.verified_employee])));
  };
  const verifiedRaters = async (company: SignedInUser) =>
    (
      await queryRows<{ n: number }>(
        ctx.deps.db,
        sql`select verified_raters as n from users where id = ${company.user.id}`,
      )
    )[0]?.n;

  it('is fixed when the rating is written: a later verification or deletion of the rater changes nothing', async () => {
    // The finding (issue 42): the company saw an anonymous rating's badge turn on right after its
    // own mail server delivered a code to one address, and off again when that person left.
    const { user: kaveri, domain } = await company('Kaveri Foods');
    await declare(kaveri, domain);
    const alice = await employee();
    const bob = await employee();
    const aliceRating = await rate(alice, kaveri, true);
    const bobRating = await rate(bob, kaveri, true);
    const unchanged = { [aliceRating.body.id]: false, [bobRating.body.id]: false };
    for (const view of await badges(kaveri, kaveri)) expect(view).toEqual(unchanged);

    await verify(alice, `alice@${domain}`);
    for (const view of await badges(kaveri, kaveri)) expect(view).toEqual(unchanged);
    const deleted = await send(alice, 'DELETE', '/api/auth/account/', {
      password: alice.password,
      ratings_given: 'KEEP_ANONYMOUS',
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    for (const view of await badges(kaveri, kaveri)) expect(view).toEqual(unchanged);
    expect(await verifiedRaters(kaveri)).toBe(0);
  });

  it(`shows only from ${5} verified raters of the company on, on every view, and stays when they leave`, async () => {
    const { user: kaveri, domain } = await company('Kaveri Foods');
    await declare(kaveri, domain);
    const reader = await employee();
    const unverified = await employee();
    const theirs = await rate(unverified, kaveri, false);
    expect(theirs.body.verified_employee).toBe(false);
    expect(theirs.body).not.toHaveProperty('verified_pending');

    const verifiedPeople: SignedInUser[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const person = await employee();
      await verify(person, `person${i}@${domain}`);
      verifiedPeople.push(person);
      const rated = await rate(person, kaveri, i % 2 === 0);
      expect(rated.status).toBe(201);
      // The fifth one's own answer already shows it: it is the fifth. Before, each author alone is
      // told that theirs waits.
      expect(rated.body.verified_employee).toBe(i === 4);
      expect(rated.body.verified_pending).toBe(i === 4 ? undefined : true);
      ids.push(rated.body.id);
      if (i === 3) {
        // Four verified raters: no view says so, nor that any badge waits.
        for (const who of [reader, kaveri])
          for (const view of await badges(who, kaveri))
            expect(Object.values(view).every((shown) => !shown)).toBe(true);
        const page = await send<ProfileResponse>(reader, 'GET', `/api/core/users/${kaveri.user.id}/profile/`);
        for (const rating of page.body.all_ratings) expect(rating).not.toHaveProperty('verified_pending');
      }
    }
    const expected = { ...Object.fromEntries(ids.map((id) => [id, true])), [theirs.body.id]: false };
    for (const who of [reader, kaveri])
      for (const view of await badges(who, kaveri)) expect(view).toEqual(expected);
    const given = await send<{ results: Rating[] }>(
      verifiedPeople[0] as SignedInUser,
      'GET',
      '/api/core/my-ratings/given/',
    );
    expect(given.body.results[0]?.verified_employee).toBe(true);
    expect(given.body.results[0]).not.toHaveProperty('verified_pending');

    // One removes the verification, another deletes the account keeping the rating anonymous:
    // the ratings keep the badge they were written with.
    const [first, second] = verifiedPeople as [SignedInUser, SignedInUser];
    expect((await send(first, 'DELETE', `/api/auth/work-email/${kaveri.user.id}/`)).status).toBe(204);
    const left = await send(second, 'DELETE', '/api/auth/account/', {
      password: second.password,
      ratings_given: 'KEEP_ANONYMOUS',
    });
    expect(left.status, JSON.stringify(left.body)).toBe(204);
    for (const who of [reader, kaveri])
      for (const view of await badges(who, kaveri)) expect(view).toEqual(expected);
    expect(await verifiedRaters(kaveri)).toBe(5);

    // A rater who withdraws takes the company below the minimum: no view shows it any more.
    const [, , third] = verifiedPeople as [SignedInUser, SignedInUser, SignedInUser];
    expect((await send(third, 'DELETE', `/api/core/ratings/${ids[2]}/`)).status).toBe(204);
    expect(await verifiedRaters(kaveri)).toBe(4);
    for (const view of await badges(reader, kaveri))
      expect(Object.values(view).every((shown) => !shown)).toBe(true);
    // The anonymous ratings say nothing more than the badge.
    const profile = await send<ProfileResponse>(reader, 'GET', `/api/core/users/${kaveri.user.id}/profile/`);
    const anonymous = profile.body.all_ratings.find((r) => r.id === ids[0]);
    expect(anonymous?.rater).toBeUndefined();
    expect(JSON.stringify(anonymous)).not.toContain(domain);
  });
});
