// Sign-up, sign-in, sessions and passwords (DESIGN §5, §6). Speaks in data and HttpErrors; the
// routes add HTTP. Sessions are refresh-token families: each sign-in starts one, each refresh
// rotates its single live token, and a token presented after it was rotated revokes the family.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  MSG,
  type OwnUser,
  PRIVACY_NOTICE_VERSION,
  type profileUpdateRequest,
  RESET_CODE_TTL_MINUTES,
  type ResetConfirmRequest,
  type registerRequest,
} from '@workspace/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { jwtSecret } from '../../bootstrap.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest, HttpError, unauthorized } from '../../lib/errors.ts';
import { burnVerifyTime, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import { type RefreshClaims, randomId, sha256, TokenError } from '../../lib/tokens.ts';
import { latestConsent, recordConsent } from '../privacy/repository.ts';
import {
  createUser,
  EmailTakenError,
  emailTaken,
  findUserByEmail,
  findUserById,
  setPasswordHash,
  updateProfile,
} from '../users/repository.ts';
import { toOwnUser } from '../users/serialize.ts';
import {
  consumeReset,
  countWrongTry,
  createFamily,
  createReset,
  findFamily,
  findLiveReset,
  invalidateResets,
  lockUser,
  revokeFamily,
  revokeUserFamilies,
  rotateFamily,
} from './repository.ts';

/** The stored User-Agent is cut to this many characters (drizzle/0009). */
const USER_AGENT_MAX = 512;

/** Failed sign-ins are counted per account and IP over this window (DESIGN §2). */
export const LOGIN_WINDOW_SECONDS = 15 * 60;

type RegisterInput = z.output<typeof registerRequest>;
type ProfileInput = z.output<typeof profileUpdateRequest>;

const validationError = (errors: Record<string, string[]>) =>
  new HttpError(400, MSG.validationFailed, errors);

export const tooManyLogins = () =>
  new HttpError(429, MSG.tooManyLogins, undefined, { 'retry-after': String(LOGIN_WINDOW_SECONDS) });

/** A six-digit code from the CSPRNG, leading zeros kept. */
export const newResetCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AppDeps) {
  const { db, tokens, counters, env } = deps;
  // Reset codes are keyed digests, so a copy of the table alone cannot be brute-forced offline.
  const resetKey = jwtSecret(env);
  const resetDigest = (userId: number, code: string) =>
    createHmac('sha256', resetKey).update(`${userId}:${code}`).digest('hex');

  const refreshExpiry = () => new Date(Date.now() + tokens.refreshTtlSeconds * 1000);

  /** Starts a session: a new refresh family and its first pair of tokens. */
  async function startSession(user: UserRow, userAgent: string | null): Promise<LoginResponse> {
    const familyId = randomId();
    const jti = randomUUID();
    await createFamily(db, {
      id: familyId,
      userId: user.id,
      currentJtiHash: sha256(jti),
      expiresAt: refreshExpiry(),
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    const [access, refresh, consent] = await Promise.all([
      tokens.signAccess({ userId: user.id, sessionId: familyId }),
      tokens.signRefresh({ userId: user.id, familyId, jti }),
      latestConsent(db, user.id),
    ]);
    return { access, refresh, user: toOwnUser(user, consent) };
  }

  const ownUser = async (user: UserRow) => toOwnUser(user, await latestConsent(db, user.id));

  async function readRefresh(token: string): Promise<RefreshClaims> {
    try {
      return await tokens.verifyRefresh(token);
    } catch (error) {
      if (error instanceof TokenError) throw unauthorized();
      throw error;
    }
  }

  async function currentUser(userId: number): Promise<UserRow> {
    const user = await findUserById(db, userId);
    // authenticate() checked the user a moment ago; a concurrent suspension lands here.
    if (!user?.isActive) throw unauthorized();
    return user;
  }

  return {
    async register(input: RegisterInput): Promise<OwnUser> {
      const errors: Record<string, string[]> = {};
      if (await emailTaken(db, input.email)) errors.email = [MSG.emailTaken];
      if (isCommonPassword(input.password)) errors.password = [MSG.passwordCommon];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      // Consent given on the form counts only for the notice in force (the seed's clients send none).
      if (input.consent_version !== undefined && input.consent_version !== PRIVACY_NOTICE_VERSION) {
        throw validationError({ consent_version: [MSG.consentVersionStale] });
      }
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await createUser(tx, {
            email: input.email,
            passwordHash,
            fullName: input.full_name,
            role: input.user_role,
            city: input.city,
            linkedinUrl: input.linkedin_url,
            skills: input.skills,
            workHistory: input.work_history,
          });
          if (input.consent_version === undefined) return toOwnUser(user, null);
          await recordConsent(tx, user.id, input.consent_version);
          return toOwnUser(user, input.consent_version);
        });
      } catch (error) {
        // Two registrations of one email racing: the database lets one through.
        if (error instanceof EmailTakenError) throw validationError({ email: [MSG.emailTaken] });
        throw error;
      }
    },

    async login(input: LoginRequest, ip: string, userAgent: string | null = null): Promise<LoginResponse> {
      // Counted before the check, atomically, so parallel guesses cannot slip past the limit.
      const key = `login:${input.email}:${ip}`;
      if ((await counters.hit(key, LOGIN_WINDOW_SECONDS)) > env.LOGIN_RATE_LIMIT) throw tooManyLogins();
      const user = await findUserByEmail(db, input.email);
      let passwordOk = false;
      if (user) passwordOk = await verifyPassword(user.passwordHash, input.password);
      else await burnVerifyTime(input.password);
      if (!user || !passwordOk || !user.isActive) throw unauthorized(MSG.badCredentials);
      await counters.reset(key);
      return startSession(user, userAgent);
    },

    async refresh(token: string): Promise<{ access: string; refresh: string }> {
      const claims = await readRefresh(token);
      const family = await findFamily(db, claims.familyId);
      if (!family || family.userId !== claims.userId || family.revokedAt || family.expiresAt <= new Date()) {
        throw unauthorized();
      }
      const presented = sha256(claims.jti);
      if (family.currentJtiHash !== presented) {
        // A rotated token came back: someone holds a copy, so the whole session ends.
        await revokeFamily(db, family.id, family.userId);
        throw unauthorized();
      }
      const user = await findUserById(db, claims.userId);
      if (!user?.isActive) throw unauthorized();
      const jti = randomUUID();
      // The loser of two simultaneous refreshes with one token gets a 401 without revoking: a double
      // submit is not theft, and presenting that token again later is caught as reuse above.
      if (
        !(await rotateFamily(db, family.id, presented, { jtiHash: sha256(jti), expiresAt: refreshExpiry() }))
      ) {
        throw unauthorized();
      }
      const [access, refresh] = await Promise.all([
        tokens.signAccess({ userId: user.id, sessionId: family.id }),
        tokens.signRefresh({ userId: user.id, familyId: family.id, jti }),
      ]);
      return { access, refresh };
    },

    async logout(token: string): Promise<void> {
      const claims = await readRefresh(token);
      await revokeFamily(db, claims.familyId, claims.userId);
    },

    async profile(userId: number): Promise<OwnUser> {
      return ownUser(await currentUser(userId));
    },

    async updateProfile(userId: number, input: ProfileInput): Promise<OwnUser> {
      const user = await currentUser(userId);
      const updated = await updateProfile(db, user, {
        fullName: input.full_name,
        city: input.city,
        linkedinUrl: input.linkedin_url,
        skills: input.skills,
        workHistory: input.work_history,
        showRatingDetails: input.show_rating_details,
      });
      if (!updated) throw unauthorized();
      return ownUser(updated);
    },

    /** Sets a new password and ends every other session (`keepSession` is the caller's). */
    async changePassword(userId: number, keepSession: string, input: ChangePasswordRequest): Promise<void> {
      const user = await currentUser(userId);
      const errors: Record<string, string[]> = {};
      if (!(await verifyPassword(user.passwordHash, input.old_password))) {
        errors.old_password = [MSG.oldPasswordIncorrect];
      }
      if (isCommonPassword(input.new_password)) errors.new_password = [MSG.passwordCommon];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await revokeUserFamilies(tx, user.id, keepSession);
        await invalidateResets(tx, user.id);
      });
    },

    /** Issues a reset code for an active account; returns it (for EXPOSE_RESET_CODE) or null. */
    async requestReset(email: string): Promise<string | null> {
      const user = await findUserByEmail(db, email);
      if (!user?.isActive) return null;
      const code = newResetCode();
      await db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        await invalidateResets(tx, user.id);
        await createReset(tx, {
          userId: user.id,
          codeHash: resetDigest(user.id, code),
          ttlMinutes: RESET_CODE_TTL_MINUTES,
        });
      });
      await deps.mailer.send({
        to: user.email,
        subject: 'Your WorkTrust password reset code',
        text: [
          `Hello ${user.fullName},`,
          '',
          `Your password reset code is ${code}. It expires in ${MSG.resetExpiresIn} and works once.`,
          'If you did not ask to reset your password, you can ignore this message.',
        ].join('\n'),
      });
      return code;
    },

    async confirmReset(input: ResetConfirmRequest): Promise<void> {
      if (isCommonPassword(input.new_password)) throw validationError({ new_password: [MSG.passwordCommon] });
      const user = await findUserByEmail(db, input.email);
      const reset = user?.isActive ? await findLiveReset(db, user.id) : null;
      if (!user || !reset) throw badRequest(MSG.resetInvalid);
      const given = Buffer.from(resetDigest(user.id, input.reset_code));
      const stored = Buffer.from(reset.codeHash);
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
        await countWrongTry(db, reset.id);
        throw badRequest(MSG.resetInvalid);
      }
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        if (!(await consumeReset(tx, reset.id))) throw badRequest(MSG.resetInvalid);
        await setPasswordHash(tx, user.id, passwordHash);
        await revokeUserFamilies(tx, user.id);
      });
    },
  };
}
