import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MSG,
  PASSWORD_TOO_EASY,
  RESET_CODE_MAX_TRIES,
  RESET_CODES_PER_HOUR,
  RESET_FAILURES_PER_HOUR,
} from '@workspace/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, refreshFamilies, users } from '../../src/db/schema/index.ts';
import { resetFailuresKey } from '../../src/modules/auth/service.ts';
import { loginAs, signUp, TEST_PASSWORD, uniqueEmail } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Pair = { access: string; refresh: string };
type ResetAnswer = { message: string; expires_in: string; reset_code?: string };
const NEW_PASSWORD = 'Monsoon-Rains-Again-7';

const refresh = (token: string) =>
  call<Pair>(ctx.app, 'POST', '/api/auth/refresh/', { body: { refresh: token } });
const login = (email: string, password: string) =>
  call<Pair>(ctx.app, 'POST', '/api/auth/login/', { body: { email, password } });
const changePassword = (token: string, body: unknown) =>
  call(ctx.app, 'PUT', '/api/auth/change-password/', { token, body });
const requestReset = (email: string) =>
  call<ResetAnswer>(ctx.app, 'POST', '/api/auth/password-reset/request/', { body: { email } });
const confirmReset = (body: Record<string, unknown>) =>
  call(ctx.app, 'POST', '/api/auth/password-reset/confirm/', {
    body: { new_password: NEW_PASSWORD, new_password_confirm: NEW_PASSWORD, ...body },
  });

/** A six-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('PUT /api/auth/change-password/', () => {
  it("changes the password and ends the other sessions, not the caller's", async () => {
    const session = await signUp(ctx.app);
    const other = await loginAs(ctx.app, session.email, session.password);
    const res = await changePassword(session.access, {
      old_password: session.password,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.passwordChanged });

    expect((await refresh(other.refresh)).status).toBe(401);
    // The other session's access token ends at once too; the caller's goes on working.
    expect((await call(ctx.app, 'GET', '/api/auth/profile/', { token: other.access })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/auth/profile/', { token: session.access })).status).toBe(200);
    expect((await refresh(session.refresh)).status).toBe(200);
    expect((await login(session.email, session.password)).status).toBe(401);
    expect((await login(session.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers a wrong old password and a common new one beside the fields', async () => {
    const session = await signUp(ctx.app);
    const wrongOld = await changePassword(session.access, {
      old_password: 'not-my-password',
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toEqual({
      detail: MSG.validationFailed,
      errors: { old_password: [MSG.oldPasswordIncorrect] },
    });

    const common = await changePassword(session.access, {
      old_password: session.password,
      new_password: 'iloveyou',
      new_password_confirm: 'iloveyou',
    });
    expect(common.body.errors).toEqual({ new_password: [MSG.passwordCommon] });
    const easy = await changePassword(session.access, {
      old_password: session.password,
      new_password: 'aaaaaaaaaa',
      new_password_confirm: 'aaaaaaaaaa',
    });
    expect(easy.body.errors).toEqual({ new_password: [PASSWORD_TOO_EASY.simpleRepeat] });
    expect((await login(session.email, session.password)).status).toBe(200);
  });

  it('answers the field rules with their exact messages', async () => {
    const session = await signUp(ctx.app);
    const empty = await changePassword(session.access, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      old_password: [MSG.oldPasswordRequired],
      new_password: [MSG.passwordRequired],
      new_password_confirm: [MSG.required],
    });
    const short = await changePassword(session.access, {
      old_password: session.password,
      new_password: 'short',
      new_password_confirm: 'short',
    });
    expect(short.body.errors).toEqual({ new_password: [MSG.passwordMin] });
    const mismatch = await changePassword(session.access, {
      old_password: session.password,
      new_password: NEW_PASSWORD,
      new_password_confirm: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.body.errors).toEqual({ new_password_confirm: [MSG.passwordsDontMatch] });
  });

  it('needs a signed-in user', async () => {
    const res = await call(ctx.app, 'PUT', '/api/auth/change-password/', {
      body: { old_password: 'a', new_password: NEW_PASSWORD, new_password_confirm: NEW_PASSWORD },
    });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/auth/password-reset/request/', () => {
  it('answers the same for an unknown email, without a code', async () => {
    const res = await requestReset(uniqueEmail('nobody'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.resetRequested, expires_in: MSG.resetExpiresIn });
  });

  it('issues a six-digit code for an existing account, mails it and stores only a digest', async () => {
    const session = await signUp(ctx.app);
    const res = await requestReset(session.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: MSG.resetRequested,
      expires_in: MSG.resetExpiresIn,
      reset_code: expect.stringMatching(/^\d{6}$/),
    });
    const code = res.body.reset_code as string;
    const [row] = await ctx.deps.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, session.user.id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBe(15);

    // Delivered by the mail queue's worker after the answer (ADR 0024).
    await ctx.deps.mailer.idle();
    const outbox = join(ctx.deps.env.DATA_DIR, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
    expect(mails.some((m) => m.startsWith(`To: ${session.email}\n`) && m.includes(code))).toBe(true);
  });

  it('gives no code for a suspended account', async () => {
    const session = await signUp(ctx.app);
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, session.user.id));
    const res = await requestReset(session.email);
    expect(res.body).toEqual({ message: MSG.resetRequested, expires_in: MSG.resetExpiresIn });
  });

  it('needs a valid email', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/password-reset/request/', { body: { email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: [MSG.emailInvalid] });
  });
});

describe('POST /api/auth/password-reset/confirm/', () => {
  it('sets the new password with the right code and ends every session', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code;
    const res = await confirmReset({ email: session.email, reset_code: code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.resetDone });

    expect((await refresh(session.refresh)).status).toBe(401);
    const live = await ctx.deps.db
      .select()
      .from(refreshFamilies)
      .where(and(eq(refreshFamilies.userId, session.user.id), isNull(refreshFamilies.revokedAt)));
    expect(live).toHaveLength(0);
    expect((await login(session.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(session.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('is single use', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code;
    expect((await confirmReset({ email: session.email, reset_code: code })).status).toBe(200);
    const again = await confirmReset({
      email: session.email,
      reset_code: code,
      new_password: 'Yet-Another-Pass-9',
      new_password_confirm: 'Yet-Another-Pass-9',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MSG.resetInvalid });
    expect((await login(session.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong code, and an unknown email with the same answer', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code as string;
    const wrong = await confirmReset({ email: session.email, reset_code: otherCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: MSG.resetInvalid });
    const unknown = await confirmReset({ email: uniqueEmail('nobody'), reset_code: code });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ detail: MSG.resetInvalid });
    // One wrong try does not end the code.
    expect((await confirmReset({ email: session.email, reset_code: code })).status).toBe(200);
  });

  it('kills the code at the fifth wrong try: the right code is refused after that', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code as string;
    for (let i = 0; i < 5; i++) {
      expect((await confirmReset({ email: session.email, reset_code: otherCode(code) })).status).toBe(400);
    }
    const right = await confirmReset({ email: session.email, reset_code: code });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ detail: MSG.resetInvalid });
    expect((await login(session.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('allows the right code after four wrong tries', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code as string;
    for (let i = 0; i < 4; i++) await confirmReset({ email: session.email, reset_code: otherCode(code) });
    expect((await confirmReset({ email: session.email, reset_code: code })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code;
    await ctx.deps.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, session.user.id));
    const res = await confirmReset({ email: session.email, reset_code: code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.resetInvalid });
  });

  it('invalidates earlier codes when a new one is requested', async () => {
    const session = await signUp(ctx.app);
    const first = (await requestReset(session.email)).body.reset_code as string;
    let second = (await requestReset(session.email)).body.reset_code as string;
    // Two draws can be equal (one in a million); draw again so the test means what it says.
    while (second === first) second = (await requestReset(session.email)).body.reset_code as string;
    expect((await confirmReset({ email: session.email, reset_code: first })).status).toBe(400);
    expect((await confirmReset({ email: session.email, reset_code: second })).status).toBe(200);
  });

  it('refuses a common new password beside the field, without using the code up', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code;
    const common = await confirmReset({
      email: session.email,
      reset_code: code,
      new_password: 'qwertyuiop',
      new_password_confirm: 'qwertyuiop',
    });
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual({ new_password: [MSG.passwordCommon] });
    expect((await confirmReset({ email: session.email, reset_code: code })).status).toBe(200);
  });

  it('refuses an easy new password, naming why, without using the code up', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code;
    const easy = await confirmReset({
      email: session.email,
      reset_code: code,
      new_password: 'abcdefghijk',
      new_password_confirm: 'abcdefghijk',
    });
    expect(easy.status).toBe(400);
    expect(easy.body.errors).toEqual({ new_password: [PASSWORD_TOO_EASY.sequences] });
    expect((await confirmReset({ email: session.email, reset_code: code })).status).toBe(200);
  });

  it('answers the field rules with their exact messages', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/password-reset/confirm/', {
      body: { email: 'bad', reset_code: '123', new_password: 'short', new_password_confirm: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      email: [MSG.emailInvalid],
      reset_code: [MSG.resetCodeLength],
      new_password: [MSG.passwordMin],
    });
    const mismatch = await confirmReset({
      email: uniqueEmail(),
      reset_code: '123456',
      new_password_confirm: 'something-else-1',
    });
    expect(mismatch.body.errors).toEqual({ new_password_confirm: [MSG.passwordsDontMatch] });
  });

  it('changing the password ends an outstanding reset code', async () => {
    const session = await signUp(ctx.app);
    const code = (await requestReset(session.email)).body.reset_code;
    await changePassword(session.access, {
      old_password: session.password,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    expect((await confirmReset({ email: session.email, reset_code: code })).status).toBe(400);
  });
});

// Issue 15: five tries per code meant nothing while new codes could be asked for without limit.
describe('per-account reset limits', () => {
  const mailsTo = (email: string) => {
    const outbox = join(ctx.deps.env.DATA_DIR, 'outbox');
    return readdirSync(outbox).filter((f) =>
      readFileSync(join(outbox, f), 'utf8').startsWith(`To: ${email}\n`),
    ).length;
  };

  it(`sends RESET_CODES_PER_HOUR codes an hour, then answers byte for byte as for an unknown email`, async () => {
    const session = await signUp(ctx.app);
    for (let i = 0; i < RESET_CODES_PER_HOUR; i++) {
      expect((await requestReset(session.email)).body.reset_code).toMatch(/^\d{6}$/);
    }
    const codes = await ctx.deps.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, session.user.id));
    await ctx.deps.mailer.idle();
    const mails = mailsTo(session.email);
    expect(mails).toBe(RESET_CODES_PER_HOUR);

    const limited = await requestReset(session.email);
    const unknown = await requestReset(uniqueEmail('nobody'));
    expect(limited.status).toBe(200);
    expect(limited.raw.body).toBe(unknown.raw.body);
    expect(limited.raw.headers['content-type']).toBe(unknown.raw.headers['content-type']);
    expect(limited.body).not.toHaveProperty('reset_code');
    // No new code, no mail.
    expect(
      await ctx.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, session.user.id)),
    ).toHaveLength(codes.length);
    expect(mailsTo(session.email)).toBe(mails);
    // Another account is not affected.
    expect((await requestReset((await signUp(ctx.app)).email)).body.reset_code).toMatch(/^\d{6}$/);
  });

  it('counts failed confirmations across codes: past the limit even the right code fails until the window passes', async () => {
    const session = await signUp(ctx.app);
    let failures = 0;
    while (failures < RESET_FAILURES_PER_HOUR) {
      const code = (await requestReset(session.email)).body.reset_code as string;
      for (let i = 0; i < RESET_CODE_MAX_TRIES && failures < RESET_FAILURES_PER_HOUR; i++, failures++) {
        expect((await confirmReset({ email: session.email, reset_code: otherCode(code) })).status).toBe(400);
      }
    }
    const code = (await requestReset(session.email)).body.reset_code as string;
    const right = await confirmReset({ email: session.email, reset_code: code });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ detail: MSG.resetInvalid });
    expect((await login(session.email, TEST_PASSWORD)).status).toBe(200);

    // Another account is not affected.
    const other = await signUp(ctx.app);
    const otherCodeSent = (await requestReset(other.email)).body.reset_code;
    expect((await confirmReset({ email: other.email, reset_code: otherCodeSent })).status).toBe(200);

    // The window passing is the count expiring; the refused tries did not use the code up.
    await ctx.deps.counters.reset(resetFailuresKey(session.user.id));
    expect((await confirmReset({ email: session.email, reset_code: code })).status).toBe(200);
    expect((await login(session.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('a successful reset clears the count of failed confirmations', async () => {
    const session = await signUp(ctx.app);
    const first = (await requestReset(session.email)).body.reset_code as string;
    for (let i = 0; i < RESET_CODE_MAX_TRIES - 1; i++) {
      await confirmReset({ email: session.email, reset_code: otherCode(first) });
    }
    expect((await confirmReset({ email: session.email, reset_code: first })).status).toBe(200);
    expect(await ctx.deps.counters.get(resetFailuresKey(session.user.id))).toBe(0);
  });
});

describe('with EXPOSE_RESET_CODE off', () => {
  let quiet: TestContext;
  beforeAll(async () => {
    quiet = await createTestApp({ EXPOSE_RESET_CODE: '0' });
  });
  afterAll(() => quiet.close());

  it('answers the same for known and unknown emails, and the mailed code works', async () => {
    const session = await signUp(quiet.app);
    const known = await call(quiet.app, 'POST', '/api/auth/password-reset/request/', {
      body: { email: session.email },
    });
    const unknown = await call(quiet.app, 'POST', '/api/auth/password-reset/request/', {
      body: { email: uniqueEmail('nobody') },
    });
    expect(known.body).toEqual({ message: MSG.resetRequested, expires_in: MSG.resetExpiresIn });
    expect(unknown.body).toEqual(known.body);

    await quiet.deps.mailer.idle();
    const outbox = join(quiet.deps.env.DATA_DIR, 'outbox');
    expect(existsSync(outbox)).toBe(true);
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .find((m) => m.startsWith(`To: ${session.email}\n`));
    const code = /reset code is (\d{6})\./.exec(mail ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const res = await call(quiet.app, 'POST', '/api/auth/password-reset/confirm/', {
      body: {
        email: session.email,
        reset_code: code,
        new_password: NEW_PASSWORD,
        new_password_confirm: NEW_PASSWORD,
      },
    });
    expect(res.status).toBe(200);
  });
});
