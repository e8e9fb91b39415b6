// The moderator account (DESIGN §5 "Moderation"): created by operators, never by sign-up, from
// MODERATOR_EMAIL/MODERATOR_PASSWORD at start or `npm run cli -- create-moderator`.
import { email as emailField, passwordField } from '@workspace/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { passwordProblem } from '../../lib/password-strength.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createUser, EmailTakenError, findUserByEmail } from '../users/repository.ts';
import { revokeUserFamilies } from './repository.ts';

const MODERATOR_DEFAULT_NAME = 'Moderator';

/** Bad operator input; the message is one line fit for a terminal. */
export class ModeratorInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModeratorInputError';
  }
}

const credentials = z.object({ email: emailField(), password: passwordField() });

/** Checks and normalises operator input (email lower-cased); throws ModeratorInputError. */
async function parseModeratorCredentials(input: { email: string; password: string }) {
  const result = credentials.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ModeratorInputError(`${String(issue?.path[0] ?? 'input')}: ${issue?.message ?? 'invalid'}`);
  }
  const problem = await passwordProblem(result.data.password, [result.data.email]);
  if (problem) throw new ModeratorInputError(`password: ${problem}`);
  return result.data;
}

export interface EnsureModeratorResult {
  user: UserRow;
  /** 'created': new account; 'updated': an existing account became a moderator or got this password; 'unchanged'. */
  outcome: 'created' | 'updated' | 'unchanged';
}

/**
 * Makes sure a moderator with this email and password exists and is active: creates the account, or
 * turns the existing account with that email into a moderator with that password. Running it again
 * with the same values changes nothing (sessions stay), so it is safe at every start.
 */
export async function ensureModerator(
  db: Db,
  email: string,
  password: string,
): Promise<EnsureModeratorResult> {
  const input = await parseModeratorCredentials({ email, password });
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findUserByEmail(db, input.email);
    if (existing) {
      const passwordOk = await verifyPassword(existing.passwordHash, input.password);
      if (existing.userRole === 'moderator' && existing.isActive && passwordOk) {
        return { user: existing, outcome: 'unchanged' };
      }
      const passwordHash = passwordOk ? existing.passwordHash : await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            userRole: 'moderator',
            passwordHash,
            isActive: true,
            skills: [],
            skillsLc: [],
            workHistory: [],
          })
          .where(eq(users.id, existing.id))
          .returning();
        // A new password ends the sessions opened with the old one.
        if (!passwordOk) await revokeUserFamilies(tx, existing.id);
        return row as UserRow;
      });
      return { user, outcome: 'updated' };
    }
    try {
      const user = await createUser(db, {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        fullName: MODERATOR_DEFAULT_NAME,
        role: 'moderator',
        city: '',
      });
      return { user, outcome: 'created' };
    } catch (error) {
      // Another instance created it between our lookup and insert: update that one instead.
      if (!(error instanceof EmailTakenError)) throw error;
    }
  }
  throw new Error('could not create the moderator account');
}
