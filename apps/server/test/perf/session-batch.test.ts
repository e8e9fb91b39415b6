// Session checks of requests that arrive together go to the database as one statement
// (plugins/session-check.ts): each request must still get its own answer, and a revoked or
// suspended session among them must be refused, as when they come one by one.
import type { OwnUser } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../core/support.ts';
import { call, createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('session checks that arrive together', () => {
  it('answer each request for its own user, and refuse the ended sessions among them', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 24; i++) users.push(await makeUser(ctx, i % 2 ? 'employer' : 'employee'));
    const suspended = users.filter((_, i) => i % 6 === 1);
    const signedOut = users.filter((_, i) => i % 6 === 4);
    for (const u of suspended)
      await ctx.deps.db.execute(sql`update users set is_active = false where id = ${u.id}`);
    for (const u of signedOut) {
      await ctx.deps.db.execute(sql`update refresh_families set revoked_at = now() where user_id = ${u.id}`);
    }
    const refused = new Set([...suspended, ...signedOut].map((u) => u.id));

    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        users.map((u) => call<OwnUser>(ctx.app, 'GET', '/api/auth/profile/', { token: u.token })),
      );
      answers.forEach((answer, i) => {
        const user = users[i] as TestUser;
        if (refused.has(user.id)) {
          expect(answer.status).toBe(401);
        } else {
          expect(answer.status).toBe(200);
          expect(answer.body).toMatchObject({ id: user.id, email: user.email, user_role: user.role });
        }
      });
    }
  });

  it('give each request the reads of its own route', async () => {
    const company = await makeUser(ctx, 'employer');
    const employee = await makeUser(ctx, 'employee');
    const answers = await Promise.all([
      call(ctx.app, 'GET', `/api/core/users/${company.id}/profile/`, { token: employee.token }),
      call(ctx.app, 'GET', '/api/core/dashboard/', { token: company.token }),
      call(ctx.app, 'GET', '/api/core/companies/', { token: employee.token }),
      call(ctx.app, 'GET', '/api/core/employees/', { token: company.token }),
      call(ctx.app, 'GET', '/api/core/companies/', { token: company.token }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 403]);
    expect(answers[0]?.body).toMatchObject({ user_profile: { id: company.id }, can_rate: true });
    expect(answers[1]?.body).toMatchObject({ stats: { ratings_received: 0, ratings_given: 0 } });
  });
});
