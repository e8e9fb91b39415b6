import { MSG, type OwnUser, PASSWORD_TOO_EASY } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFamilies, users } from '../../src/db/schema/index.ts';
import { ensureModerator, ModeratorInputError } from '../../src/modules/auth/moderator.ts';
import { createModerator, loginAs, signUp, TEST_PASSWORD, uniqueEmail } from '../fixtures.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const refresh = (token: string) => call(ctx.app, 'POST', '/api/auth/refresh/', { body: { refresh: token } });

describe('ensureModerator', () => {
  it('creates a moderator who can sign in and read their profile, with no skills', async () => {
    const email = uniqueEmail('Moderator').toUpperCase();
    const result = await ensureModerator(ctx.deps.db, email, TEST_PASSWORD);
    expect(result.outcome).toBe('created');
    expect(result.user).toMatchObject({ email: email.toLowerCase(), userRole: 'moderator', isActive: true });

    const session = await loginAs(ctx.app, email, TEST_PASSWORD);
    expect(session.user).toMatchObject({
      email: email.toLowerCase(),
      user_role: 'moderator',
      user_code: expect.stringMatching(/^MOD-[2-9A-Z]{6}$/),
      skills: [],
      work_history: [],
    });
    const profile = await call<OwnUser>(ctx.app, 'GET', '/api/auth/profile/', { token: session.access });
    expect(profile.status).toBe(200);
    expect(profile.body.user_role).toBe('moderator');
  });

  it('changes nothing when run again with the same values, sessions included', async () => {
    const moderator = await createModerator(ctx);
    const again = await ensureModerator(ctx.deps.db, moderator.email, moderator.password);
    expect(again.outcome).toBe('unchanged');
    expect((await refresh(moderator.refresh)).status).toBe(200);
  });

  it('sets a new password on the existing moderator and ends their sessions', async () => {
    const moderator = await createModerator(ctx);
    const result = await ensureModerator(ctx.deps.db, moderator.email, 'A-Brand-New-Secret-9');
    expect(result.outcome).toBe('updated');
    expect((await refresh(moderator.refresh)).status).toBe(401);
    const old = await call(ctx.app, 'POST', '/api/auth/login/', {
      body: { email: moderator.email, password: moderator.password },
    });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ detail: MSG.badCredentials });
    expect((await loginAs(ctx.app, moderator.email, 'A-Brand-New-Secret-9')).user.user_role).toBe(
      'moderator',
    );
  });

  it('turns an existing account into an active moderator without skills', async () => {
    const employee = await signUp(ctx.app);
    await ctx.deps.db.update(users).set({ isActive: false }).where(eq(users.id, employee.user.id));
    const result = await ensureModerator(ctx.deps.db, employee.email, 'Moderating-Is-Fun-3');
    expect(result.outcome).toBe('updated');
    expect(result.user).toMatchObject({
      id: employee.user.id,
      userRole: 'moderator',
      isActive: true,
      skills: [],
      skillsLc: [],
      workHistory: [],
    });
    const families = await ctx.deps.db
      .select()
      .from(refreshFamilies)
      .where(eq(refreshFamilies.userId, employee.user.id));
    expect(families.every((f) => f.revokedAt !== null)).toBe(true);
    const session = await loginAs(ctx.app, employee.email, 'Moderating-Is-Fun-3');
    expect(session.user).toMatchObject({ user_role: 'moderator', skills: [], work_history: [] });
  });

  it('is safe when two instances start at once', async () => {
    const email = uniqueEmail('moderator');
    const results = await Promise.all([
      ensureModerator(ctx.deps.db, email, TEST_PASSWORD),
      ensureModerator(ctx.deps.db, email, TEST_PASSWORD),
    ]);
    expect(results[0].user.id).toBe(results[1].user.id);
    expect(results.map((r) => r.outcome)).toContain('created');
    const rows = await ctx.deps.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad email, a short password and a common password with one clear line', async () => {
    await expect(ensureModerator(ctx.deps.db, 'not-an-email', TEST_PASSWORD)).rejects.toThrow(
      new ModeratorInputError(`email: ${MSG.emailInvalid}`),
    );
    await expect(ensureModerator(ctx.deps.db, uniqueEmail(), 'short')).rejects.toThrow(
      new ModeratorInputError(`password: ${MSG.passwordMin}`),
    );
    await expect(ensureModerator(ctx.deps.db, uniqueEmail(), 'password1')).rejects.toThrow(
      new ModeratorInputError(`password: ${MSG.passwordCommon}`),
    );
    await expect(ensureModerator(ctx.deps.db, uniqueEmail(), 'qwertyuiop123')).rejects.toThrow(
      new ModeratorInputError(`password: ${PASSWORD_TOO_EASY.similarToCommon}`),
    );
  });

  it('cannot be reached through sign-up', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/register/', {
      body: {
        email: uniqueEmail(),
        full_name: 'Sneaky',
        password: TEST_PASSWORD,
        password_confirm: TEST_PASSWORD,
        user_role: 'moderator',
        city: 'Delhi',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ user_role: [MSG.roleRequired] });
  });
});
