// Notice and consent, and sessions as signed-in devices (DESIGN §8.3).
import { type OwnUser, PRIVACY_NOTICE_VERSION, type SessionInfo } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type ErrorAnswer, type TestContext } from '../helpers.ts';
import { ANDROID_CHROME, account, MAC_SAFARI, PASSWORD, register, signIn } from './support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const profile = (token: string) => call<OwnUser>(ctx.app, 'GET', '/api/auth/profile/', { token });
const consent = (token: string | undefined, body: unknown) =>
  call<ErrorAnswer & { consent_version?: string; consent_required?: boolean }>(
    ctx.app,
    'POST',
    '/api/auth/consent/',
    { token, body },
  );

describe('consent', () => {
  it('a new account has none and is asked; accepting the current version records it', async () => {
    const user = await account(ctx, 'employee');
    const before = await profile(user.access);
    expect(before.body).toMatchObject({ consent_version: null, consent_required: true });

    const accepted = await consent(user.access, { version: PRIVACY_NOTICE_VERSION });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ consent_version: PRIVACY_NOTICE_VERSION, consent_required: false });
    expect((await profile(user.access)).body).toMatchObject({
      consent_version: PRIVACY_NOTICE_VERSION,
      consent_required: false,
    });
    // The sign-in answer carries it too.
    expect((await signIn(ctx, user.email)).user).toMatchObject({ consent_version: PRIVACY_NOTICE_VERSION });
  });

  it('a client other than ours learns the notice in force without signing in, and records consent to it (issue 42)', async () => {
    const notice = await call<{ version: string; effective_at: string; url: string }>(
      ctx.app,
      'GET',
      '/api/core/privacy-notice/',
    );
    expect(notice.status).toBe(200);
    expect(notice.body).toEqual({
      version: PRIVACY_NOTICE_VERSION,
      effective_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      url: '/privacy',
    });
    const user = await account(ctx, 'employee');
    const before = await profile(user.access);
    expect(before.body.consent_current_version).toBe(notice.body.version);
    await consent(user.access, { version: before.body.consent_current_version });
    expect((await profile(user.access)).body).toMatchObject({
      consent_version: notice.body.version,
      consent_required: false,
    });
  });

  it('only the current version is accepted, with a clear 400', async () => {
    const user = await account(ctx, 'employer');
    for (const version of ['2020-01-01', '', 42]) {
      const res = await consent(user.access, { version });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await profile(user.access)).body.consent_version).toBeNull();
  });

  it('asks for a token before judging the body', async () => {
    const res = await consent(undefined, { version: 7 });
    expect(res.status).toBe(401);
  });

  it('registration may carry the current version, and refuses an old one', async () => {
    const user = await register(ctx, 'employee', { consent_version: PRIVACY_NOTICE_VERSION });
    expect((await signIn(ctx, user.email)).user).toMatchObject({
      consent_version: PRIVACY_NOTICE_VERSION,
      consent_required: false,
    });
    const old = await call(ctx.app, 'POST', '/api/auth/register/', {
      body: {
        email: `old-notice.${process.pid}@example.in`,
        full_name: 'Ravi Kumar',
        password: PASSWORD,
        password_confirm: PASSWORD,
        user_role: 'employee',
        city: 'Pune',
        consent_version: '2001-01-01',
      },
    });
    expect(old.status).toBe(400);
    expect(old.body.errors?.consent_version).toBeDefined();
  });
});

describe('sessions', () => {
  const list = (token: string) =>
    call<{ results: SessionInfo[] }>(ctx.app, 'GET', '/api/auth/sessions/', { token });
  const end = (token: string, id: string) =>
    call(ctx.app, 'DELETE', `/api/auth/sessions/${encodeURIComponent(id)}/`, { token });

  it('lists each signed-in device with a readable name, marks the current one, hides tokens', async () => {
    const user = await register(ctx, 'employee');
    const phone = await signIn(ctx, user.email, ANDROID_CHROME);
    await signIn(ctx, user.email, MAC_SAFARI);
    const res = await list(phone.access);
    expect(res.status).toBe(200);
    expect(res.body.results.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Safari on macOS']);
    expect(res.body.results.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Android']);
    // This device first, though the other signed in after it; then the most recently used.
    expect(res.body.results.map((s) => s.device)).toEqual(['Chrome on Android', 'Safari on macOS']);
    // Its parts too, for a client that words the name in its own language.
    expect(res.body.results.filter((s) => s.current).map(({ browser, os }) => ({ browser, os }))).toEqual([
      { browser: 'Chrome', os: 'Android' },
    ]);
    for (const s of res.body.results) {
      expect(Object.keys(s).sort()).toEqual([
        'browser',
        'created_at',
        'current',
        'device',
        'id',
        'last_used_at',
        'os',
      ]);
    }
  });

  it('ending a session stops its access and refresh tokens at once; the others live on', async () => {
    const user = await register(ctx, 'employer');
    const phone = await signIn(ctx, user.email, ANDROID_CHROME);
    const laptop = await signIn(ctx, user.email, MAC_SAFARI);
    const sessions = (await list(laptop.access)).body.results;
    const phoneSession = sessions.find((s) => s.device === 'Chrome on Android');
    expect(phoneSession).toBeDefined();
    expect((await end(laptop.access, phoneSession?.id ?? '')).status).toBe(204);

    expect((await profile(phone.access)).status).toBe(401);
    const refreshed = await call(ctx.app, 'POST', '/api/auth/refresh/', { body: { refresh: phone.refresh } });
    expect(refreshed.status).toBe(401);
    expect((await profile(laptop.access)).status).toBe(200);
    expect((await list(laptop.access)).body.results.map((s) => s.device)).toEqual(['Safari on macOS']);
    // Ending it again, or an unknown id: 404.
    expect((await end(laptop.access, phoneSession?.id ?? '')).status).toBe(404);
    expect((await end(laptop.access, 'no-such-session')).status).toBe(404);
  });

  it('ending every other session leaves this one, and nobody else', async () => {
    const user = await register(ctx, 'employee');
    const phone = await signIn(ctx, user.email, ANDROID_CHROME);
    const laptop = await signIn(ctx, user.email, MAC_SAFARI);
    const here = await signIn(ctx, user.email, ANDROID_CHROME);
    const someoneElse = await account(ctx, 'employee');
    const endOthers = (token: string) => call(ctx.app, 'DELETE', '/api/auth/sessions/', { token });

    expect((await endOthers(here.access)).status).toBe(204);
    for (const other of [phone, laptop]) {
      expect((await profile(other.access)).status).toBe(401);
      const refreshed = await call(ctx.app, 'POST', '/api/auth/refresh/', {
        body: { refresh: other.refresh },
      });
      expect(refreshed.status).toBe(401);
    }
    const left = (await list(here.access)).body.results;
    expect(left.map((s) => s.current)).toEqual([true]);
    expect((await profile(here.access)).status).toBe(200);
    expect((await profile(someoneElse.access)).status).toBe(200);
    // With no other session, nothing changes.
    expect((await endOthers(here.access)).status).toBe(204);
    expect((await list(here.access)).body.results).toHaveLength(1);
  });

  it("another person's session is not found and keeps working", async () => {
    const a = await account(ctx, 'employee');
    const b = await account(ctx, 'employee');
    const bSession = (await list(b.access)).body.results[0];
    expect((await end(a.access, bSession?.id ?? '')).status).toBe(404);
    expect((await profile(b.access)).status).toBe(200);
  });

  it('a refresh moves last used', async () => {
    const user = await account(ctx, 'employee');
    const [before] = (await list(user.access)).body.results;
    await new Promise((r) => setTimeout(r, 20));
    const refreshed = await call<{ access: string }>(ctx.app, 'POST', '/api/auth/refresh/', {
      body: { refresh: user.refresh },
    });
    const [after] = (await list(refreshed.body.access)).body.results;
    expect(after?.id).toBe(before?.id);
    expect(Date.parse(after?.last_used_at ?? '')).toBeGreaterThan(Date.parse(before?.last_used_at ?? ''));
  });

  it('needs a token', async () => {
    expect((await call(ctx.app, 'GET', '/api/auth/sessions/')).status).toBe(401);
    expect((await call(ctx.app, 'DELETE', '/api/auth/sessions/x/')).status).toBe(401);
    expect((await call(ctx.app, 'DELETE', '/api/auth/sessions/')).status).toBe(401);
  });
});
