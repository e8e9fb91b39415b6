// User lookups and writes shared by every module (auth, core, moderation, the command line, the seed).
// Two rules live here so no caller can forget them: only employees keep skills and work history, and
// skills_lc always mirrors skills in lower case (the skills filter's index).
import {
  DEFAULT_LANGUAGE,
  knownLanguage,
  type Language,
  MSG,
  type UserRole,
  type WorkEntry,
} from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/errors.ts';
import { newUserCode } from './user-code.ts';

export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
    this.name = 'EmailTakenError';
  }
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(ex: Executor, id: number): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The language a user's mails are written in (DESIGN §8.4); the default for a user that is gone. */
export async function userLanguage(ex: Executor, id: number): Promise<Language> {
  const [row] = await ex.select({ language: users.language }).from(users).where(eq(users.id, id)).limit(1);
  return knownLanguage(row?.language);
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | null> {
  const [row] = await ex
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function emailTaken(ex: Executor, email: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row !== undefined;
}

/** Skills and work history as stored for `role`: kept for employees, empty for everyone else. */
function careerFields(role: UserRole, skills: readonly string[], workHistory: readonly WorkEntry[]) {
  const kept = role === 'employee';
  const storedSkills = kept ? [...skills] : [];
  return {
    skills: storedSkills,
    skillsLc: storedSkills.map((s) => s.toLowerCase()),
    workHistory: kept ? [...workHistory] : [],
  };
}

export interface NewUser {
  email: string;
  passwordHash: string;
  fullName: string;
  role: UserRole;
  city: string;
  linkedinUrl?: string | null;
  skills?: readonly string[];
  workHistory?: readonly WorkEntry[];
  showRatingDetails?: boolean;
  language?: Language;
}

const CODE_ATTEMPTS = 8;

/**
 * Inserts a user with a fresh public code. A code collision (rare: 31^6 codes per role) is retried
 * with a new code without raising, so this also works inside a caller's transaction. A taken email
 * throws EmailTakenError, also when two registrations race.
 */
export async function createUser(ex: Executor, input: NewUser): Promise<UserRow> {
  const values = {
    email: normaliseEmail(input.email),
    passwordHash: input.passwordHash,
    fullName: input.fullName,
    userRole: input.role,
    city: input.city,
    linkedinUrl: input.linkedinUrl ?? null,
    showRatingDetails: input.showRatingDetails ?? true,
    language: input.language ?? DEFAULT_LANGUAGE,
    ...careerFields(input.role, input.skills ?? [], input.workHistory ?? []),
  };
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    let rows: UserRow[];
    try {
      rows = await ex
        .insert(users)
        .values({ ...values, userCode: newUserCode(input.role) })
        .onConflictDoNothing({ target: users.userCode })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw new EmailTakenError();
      throw error;
    }
    if (rows[0]) return rows[0];
  }
  throw new Error('could not find a free user code');
}

/** The fields a user edits on their profile; absent fields are left as they are. */
export interface ProfilePatch {
  fullName?: string;
  city?: string;
  linkedinUrl?: string | null;
  skills?: readonly string[];
  workHistory?: readonly WorkEntry[];
  showRatingDetails?: boolean;
  language?: Language;
  /** Companies only; checked by the caller (auth service). */
  emailDomain?: string | null;
}

/** Applies `patch` to the user; skills and work history are ignored unless the user is an employee. */
export async function updateProfile(
  ex: Executor,
  user: Pick<UserRow, 'id' | 'userRole'>,
  patch: ProfilePatch,
): Promise<UserRow | null> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (patch.fullName !== undefined) changes.fullName = patch.fullName;
  if (patch.city !== undefined) changes.city = patch.city;
  if (patch.linkedinUrl !== undefined) changes.linkedinUrl = patch.linkedinUrl;
  if (patch.showRatingDetails !== undefined) changes.showRatingDetails = patch.showRatingDetails;
  if (patch.language !== undefined) changes.language = patch.language;
  if (patch.emailDomain !== undefined && user.userRole === 'employer')
    changes.emailDomain = patch.emailDomain;
  if (user.userRole === 'employee') {
    if (patch.skills !== undefined) {
      const { skills, skillsLc } = careerFields('employee', patch.skills, []);
      Object.assign(changes, { skills, skillsLc });
    }
    if (patch.workHistory !== undefined) changes.workHistory = [...patch.workHistory];
  }
  if (Object.keys(changes).length === 0) return findUserById(ex, user.id);
  try {
    const [row] = await ex.update(users).set(changes).where(eq(users.id, user.id)).returning();
    return row ?? null;
  } catch (error) {
    // One company per domain (drizzle/0016).
    if (isUniqueViolation(error, 'users_email_domain')) {
      throw new HttpError(400, MSG.validationFailed, { email_domain: [MSG.emailDomainTaken] });
    }
    throw error;
  }
}

export async function setPasswordHash(ex: Executor, userId: number, passwordHash: string): Promise<void> {
  await ex.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Moves the view version (drizzle/0007, ADR 0007) of users whose pages changed without their row
 * changing otherwise (a reply, a dispute, an erased rater): the update's trigger does it. The rows
 * are locked in id order, as applyRatings locks ratees, so writers that share users cannot deadlock.
 */
export async function touchUsers(ex: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  await ex.execute(sql`
    update users set view_version = view_version
    where id in (select id from users where id = any(${list}) order by id for no key update)`);
}
