// Test data through the real API: register, sign in, a moderator. Every helper fails loudly with the
// server's answer when a step does not succeed, so a broken fixture never hides as a later mismatch.
import { randomBytes } from 'node:crypto';
import type { LoginResponse, OwnUser, RegisterRequest } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { ensureModerator } from '../src/modules/auth/moderator.ts';
import { call, type TestContext } from './helpers.ts';

/**
 * A test's bulk insert or delete of users, in one statement and without the server's statement
 * timeout (15 s), which guards requests, not a test's setup: each user writes or deletes its ~30 rows
 * of search_grams, and a loaded two-core CI machine took deleting 2,500 of them past it.
 */
export const bulkUsers = (ctx: TestContext, statement: SQL) =>
  ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(statement);
  });

/** Deletes the users a test added whose user_code begins with `tag` and a dash. */
export const removeTagged = (ctx: TestContext, tag: string) =>
  bulkUsers(ctx, sql`delete from users where user_code like ${`${tag}-%`}`);

/** Long and not on the common-password list. */
export const TEST_PASSWORD = 'Chai-and-Monsoon-42';

let sequence = 0;
/** An email no other test (or test file sharing a PostgreSQL server) uses. */
export const uniqueEmail = (label = 'user') =>
  `${label}.${process.pid}.${++sequence}.${randomBytes(3).toString('hex')}@example.in`;

/** A valid registration body; `overrides` replace fields (set one to undefined to drop it). */
export function registration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  const role = overrides.user_role ?? 'employee';
  return {
    email: uniqueEmail(role),
    full_name: role === 'employee' ? 'Priya Sharma' : 'Infosys Technologies',
    password: TEST_PASSWORD,
    password_confirm: overrides.password ?? TEST_PASSWORD,
    user_role: role,
    city: 'Bengaluru',
    ...(role === 'employee' && {
      skills: ['TypeScript', 'PostgreSQL'],
      work_history: [{ company: 'Wipro', position: 'Engineer', duration: '2 years' }],
    }),
    ...overrides,
  };
}

export interface RegisteredUser {
  user: OwnUser;
  email: string;
  password: string;
}

function expectStatus<T>(step: string, status: number, answer: { status: number; body: T }): T {
  if (answer.status !== status) {
    throw new Error(`${step}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

export async function registerUser(
  app: App,
  overrides: Partial<RegisterRequest> = {},
  options: { remoteAddress?: string } = {},
): Promise<RegisteredUser> {
  const body = registration(overrides);
  const answer = await call<{ user: OwnUser }>(app, 'POST', '/api/auth/register/', {
    body,
    remoteAddress: options.remoteAddress,
  });
  const { user } = expectStatus('register', 201, answer);
  return { user, email: body.email, password: body.password };
}

export async function loginAs(
  app: App,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<LoginResponse> {
  const answer = await call<LoginResponse>(app, 'POST', '/api/auth/login/', { body: { email, password } });
  return expectStatus('login', 200, answer);
}

export type SignedInUser = LoginResponse & { email: string; password: string };

/** Registers and signs in: the usual start of a test that needs a user. */
export async function signUp(app: App, overrides: Partial<RegisterRequest> = {}): Promise<SignedInUser> {
  const { email, password } = await registerUser(app, overrides);
  return { ...(await loginAs(app, email, password)), email, password };
}

/** Creates a moderator (as operators do, not through sign-up) and signs in. */
export async function createModerator(
  ctx: TestContext,
  credentials: { email?: string; password?: string } = {},
): Promise<SignedInUser> {
  const email = credentials.email ?? uniqueEmail('moderator');
  const password = credentials.password ?? TEST_PASSWORD;
  await ensureModerator(ctx.deps.db, email, password);
  return { ...(await loginAs(ctx.app, email, password)), email, password };
}
