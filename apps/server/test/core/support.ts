// Test data for the core endpoints. Users are inserted directly (fast: no password hashing) and get
// a real signed access token; ratings go through the real POST endpoint; hiding a rating does what
// moderation does in the database (status and aggregates in one transaction).
import { randomBytes } from 'node:crypto';
import {
  CONTEXT_FOR_ROLE,
  type CreateRatingRequest,
  RATING_CATEGORIES,
  type Rating,
  type RoleContext,
} from '@workspace/contracts';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { ratings, users } from '../../src/db/schema/index.ts';
import { applyRatings } from '../../src/modules/ratings/aggregates.ts';
import { insertRating } from '../../src/modules/ratings/repository.ts';
import { newUserCode } from '../../src/modules/users/user-code.ts';
import { call, type ErrorAnswer, sessionToken, type TestContext } from '../helpers.ts';

export interface TestUser {
  id: number;
  token: string;
  fullName: string;
  email: string;
  userCode: string;
  role: 'employee' | 'employer' | 'moderator';
}

export interface UserOptions {
  name?: string;
  city?: string;
  skills?: string[];
  showRatingDetails?: boolean;
  isActive?: boolean;
  dateJoined?: Date;
}

let sequence = 0;

export async function makeUser(
  ctx: TestContext,
  role: TestUser['role'],
  options: UserOptions = {},
): Promise<TestUser> {
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString('hex')}`;
  const skills = role === 'employee' ? (options.skills ?? []) : [];
  const [row] = await ctx.deps.db
    .insert(users)
    .values({
      userCode: newUserCode(role),
      email: `${role}.${tag}@example.in`,
      passwordHash: 'not-a-real-hash',
      fullName: options.name ?? `${role === 'employer' ? 'Company' : 'Person'} ${tag}`,
      userRole: role,
      city: options.city ?? 'Pune',
      skills,
      skillsLc: skills.map((s) => s.toLowerCase()),
      showRatingDetails: options.showRatingDetails ?? true,
      isActive: options.isActive ?? true,
      ...(options.dateJoined && { dateJoined: options.dateJoined }),
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return {
    id: row.id,
    token: await sessionToken(ctx, row.id),
    fullName: row.fullName,
    email: row.email,
    userCode: row.userCode,
    role,
  };
}

/** Category scores for `context`, the n-th value for the n-th category in the fixed order. */
export function scoresFor(context: RoleContext, values: readonly number[]) {
  return values.map((score, i) => ({ category: RATING_CATEGORIES[context][i] as string, score }));
}

export function ratingBody(
  rater: TestUser,
  ratee: TestUser,
  options: Partial<CreateRatingRequest> & { values?: number[] } = {},
): CreateRatingRequest {
  const { values, ...rest } = options;
  const context = CONTEXT_FOR_ROLE[rater.role === 'employer' ? 'employer' : 'employee'];
  return {
    ratee: ratee.id,
    role_context: context,
    is_anonymous: false,
    feedback_message: 'Good place to learn.',
    category_scores: scoresFor(context, values ?? [4, 5, 3]),
    ...rest,
  };
}

/** Posts a rating through the API and insists on 201. */
export async function rate(
  ctx: TestContext,
  rater: TestUser,
  ratee: TestUser,
  options: Partial<CreateRatingRequest> & { values?: number[] } = {},
): Promise<Rating> {
  const res = await call<Rating>(ctx.app, 'POST', '/api/core/ratings/', {
    token: rater.token,
    body: ratingBody(rater, ratee, options),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/**
 * Writes an employee's rating of a company (4 in one category) with the repository's own statement,
 * below the HTTP route: what the write answers (null when it wrote nothing).
 */
export function writeCompanyRating(ctx: TestContext, rater: TestUser, company: TestUser) {
  return insertRating(ctx.deps.db, {
    raterId: rater.id,
    rateeId: company.id,
    rateeRole: 'employer',
    roleContext: 'EMPLOYEE_TO_COMPANY',
    isAnonymous: false,
    feedbackMessage: null,
    overallTenths: 40,
    scores: { 'Work Environment': 4 },
    held: false,
  });
}

/** Hides ratings as moderation does: status and aggregates change in one transaction. */
export async function hideRatings(ctx: TestContext, ids: number[]) {
  await ctx.deps.db.transaction(async (tx) => {
    await tx.update(ratings).set({ status: 'hidden' }).where(inArray(ratings.id, ids));
    await applyRatings(tx, ids, -1);
  });
}

export async function setUser(ctx: TestContext, id: number, values: Partial<typeof users.$inferInsert>) {
  await ctx.deps.db.update(users).set(values).where(eq(users.id, id));
}

export async function setRatingCreatedAt(ctx: TestContext, id: number, createdAt: Date) {
  await ctx.deps.db.update(ratings).set({ createdAt }).where(eq(ratings.id, id));
}

/** GET with a token, answer typed by the caller. */
export const get = <T = ErrorAnswer>(ctx: TestContext, user: TestUser, url: string) =>
  call<T>(ctx.app, 'GET', url, { token: user.token });

/** Asserts that nothing in `answer` identifies `rater`: id as rater, name, code or email. */
export function expectNoTraceOf(answer: unknown, rater: TestUser) {
  const text = JSON.stringify(answer);
  expect(text).not.toMatch(new RegExp(`"rater":${rater.id}[,}]`));
  expect(text).not.toContain(rater.fullName);
  expect(text).not.toContain(rater.userCode);
  expect(text).not.toContain(rater.email);
}
