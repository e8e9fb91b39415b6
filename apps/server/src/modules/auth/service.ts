// Sign-up, sign-in, sessions and passwords (DESIGN §5, §6). Speaks in data and HttpErrors; the
// routes add HTTP. Sessions are refresh-token families: each sign-in starts one, each refresh
// rotates its single live token, and a token presented after it was rotated revokes the family.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ChangePasswordRequest,
  FREE_MAIL_DOMAINS,
  knownLanguage,
  LIMITS,
  type LoginRequest,
  type LoginResponse,
  MSG,
  type OwnUser,
  PRIVACY_NOTICE_VERSION,
  type profileUpdateRequest,
  RESET_CODE_TTL_MINUTES,
  RESET_CODES_PER_HOUR,
  RESET_FAILURES_PER_HOUR,
  type ResetConfirmRequest,
  type registerRequest,
  SESSION_USER_AGENT_MAX,
} from '@workspace/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { jwtSecret } from '../../config/jwt-secret.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { accountSuspended, badRequest, HttpError, unauthorized } from '../../lib/errors.ts';
import type { MailLog } from '../../lib/mailer.ts';
import { passwordProblem } from '../../lib/password-strength.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { digitsCode, type RefreshClaims, randomId, sha256, TokenError } from '../../lib/tokens.ts';
import { suspensionReason } from '../moderation/repository.ts';
import { latestConsent, recordConsent } from '../users/consents.ts';
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
import { type PasswordChange, passwordChangedMail, resetCodeMail } from './mail.ts';
import {
  consumeReset,
  countWrongTry,
  createFamily,
  createReset,
  findFamily,
  findLiveReset,
  invalidateResets,
  lockUser,
  type RefreshFamily,
  revokeFamily,
  revokeUserFamilies,
  rotateFamily,
  touchFamily,
} from './repository.ts';
import { createSignInGuard } from './sign-in-guard.ts';

/** Reset codes sent and failed reset confirmations are counted per account over this window. */
const RESET_WINDOW_SECONDS = 60 * 60;
const resetRequestsKey = (userId: number) => `reset-requests:${userId}`;
export const resetFailuresKey = (userId: number) => `reset-failures:${userId}`;

type RegisterInput = z.output<typeof registerRequest>;
type ProfileInput = z.output<typeof profileUpdateRequest>;

const validationError = (errors: Record<string, string[]>) =>
  new HttpError(400, MSG.validationFailed, errors);

/** What a password should not be built on: the account's email, its name part and the person's name. */
const personalDetails = (email: string, fullName?: string) => [
  email,
  email.split('@')[0] ?? '',
  ...(fullName?.split(/\s+/) ?? []),
];

/**
 * Why a company may not declare `domain` (ADR 0018), or null: only companies, only the domain of
 * their own sign-in email once they proved that address, never a free mail service.
 */
function emailDomainProblem(
  user: Pick<UserRow, 'userRole' | 'email' | 'emailVerifiedAt'>,
  domain: string,
): string | null {
  if (user.userRole !== 'employer') return MSG.emailDomainOnlyCompanies;
  if ((FREE_MAIL_DOMAINS as readonly string[]).includes(domain)) return MSG.emailDomainFreeMail;
  if (user.email.slice(user.email.lastIndexOf('@') + 1).toLowerCase() !== domain)
    return MSG.emailDomainNotOwn;
  // An address nobody proved proves no domain (DESIGN §9.1).
  if (!user.emailVerifiedAt) return MSG.emailDomainUnverified;
  return null;
}

const newResetCode = () => digitsCode(LIMITS.resetCodeLength);

export function createAuthService(deps: AppDeps) {
  const { db, tokens, counters, env } = deps;
  const signInGuard = createSignInGuard(deps);
  // Reset codes are keyed digests, so a copy of the table alone cannot be brute-forced offline.
  const resetKey = jwtSecret(env);
  const resetDigest = (userId: number, code: string) =>
    createHmac('sha256', resetKey).update(`${userId}:${code}`).digest('hex');

  const refreshExpiry = () => new Date(Date.now() + tokens.refreshTtlSeconds * 1000);

  /** Whether `presented` is the token the family rotated away from less than REFRESH_REUSE_GRACE ago. */
  const withinGrace = (family: RefreshFamily, presented: string) =>
    family.previousJtiHash === presented &&
    family.rotatedAt !== null &&
    Date.now() - family.rotatedAt.getTime() < env.REFRESH_REUSE_GRACE * 1000;

  /** Starts a session: a new refresh family and its first pair of tokens. */
  async function startSession(user: UserRow, userAgent: string | null): Promise<LoginResponse> {
    const familyId = randomId();
    const jti = tokens.sessionJti(familyId, 0);
    await createFamily(db, {
      id: familyId,
      userId: user.id,
      currentJtiHash: sha256(jti),
      expiresAt: refreshExpiry(),
      userAgent: userAgent?.slice(0, SESSION_USER_AGENT_MAX) ?? null,
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

  /** The notice of a password change, committed with the change itself (ADR 0024). */
  async function sendPasswordChanged(tx: Executor, user: UserRow, how: PasswordChange, log?: MailLog) {
    const mail = passwordChangedMail(knownLanguage(user.language), user.fullName, how, deps.env.PUBLIC_URL);
    await deps.mailer.send({ to: user.email, ...mail }, log, tx);
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
      const weak = await passwordProblem(input.password, personalDetails(input.email, input.full_name));
      if (weak) errors.password = [weak];
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
            language: input.language,
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
      // Any account whose password matches passes the guard; a suspended one is then told so, with
      // the moderator's reason, since "incorrect password" sent its owner to a reset that could not
      // help (issue 47).
      const user = await signInGuard.check(input.email, input.password, ip, () => true);
      if (!user.isActive) throw accountSuspended(await suspensionReason(db, user.id));
      return startSession(user, userAgent);
    },

    async refresh(token: string): Promise<{ access: string; refresh?: string }> {
      const claims = await readRefresh(token);
      const family = await findFamily(db, claims.familyId);
      if (!family || family.userId !== claims.userId || family.revokedAt || family.expiresAt <= new Date()) {
        throw unauthorized();
      }
      const presented = sha256(claims.jti);
      if (!env.REFRESH_ROTATION) {
        // The family keeps its first token until it expires: no rotation, so no reuse to detect.
        if (family.currentJtiHash !== presented) throw unauthorized();
        const user = await findUserById(db, claims.userId);
        if (!user?.isActive) throw unauthorized();
        await touchFamily(db, family.id);
        return { access: await tokens.signAccess({ userId: user.id, sessionId: family.id }) };
      }
      /** The family's current tokens, signed again: what the winner of a simultaneous refresh got. */
      const current = async (row: RefreshFamily) => {
        const user = await findUserById(db, row.userId);
        if (!user?.isActive) throw unauthorized();
        const [access, refresh] = await Promise.all([
          tokens.signAccess({ userId: row.userId, sessionId: row.id }),
          tokens.signRefresh({
            userId: row.userId,
            familyId: row.id,
            jti: tokens.sessionJti(row.id, row.generation),
          }),
        ]);
        return { access, refresh };
      };
      if (family.currentJtiHash !== presented) {
        // The token it replaced a moment ago: two tabs, or two requests that met a 401 together.
        if (withinGrace(family, presented)) return current(family);
        // A rotated token came back later: someone holds a copy, so the whole session ends.
        await revokeFamily(db, family.id, family.userId);
        throw unauthorized();
      }
      const user = await findUserById(db, claims.userId);
      if (!user?.isActive) throw unauthorized();
      const generation = family.generation + 1;
      const jti = tokens.sessionJti(family.id, generation);
      if (
        !(await rotateFamily(db, family.id, presented, {
          jtiHash: sha256(jti),
          expiresAt: refreshExpiry(),
          generation,
        }))
      ) {
        // Another refresh with this token won the race: answer as it was answered.
        const now = await findFamily(db, family.id);
        if (now && !now.revokedAt && withinGrace(now, presented)) return current(now);
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
      if (input.email_domain !== undefined && input.email_domain !== null) {
        const problem = emailDomainProblem(user, input.email_domain);
        if (problem) throw validationError({ email_domain: [problem] });
      } else if (input.email_domain === null && user.userRole !== 'employer') {
        throw validationError({ email_domain: [MSG.emailDomainOnlyCompanies] });
      }
      const updated = await updateProfile(db, user, {
        emailDomain: input.email_domain,
        fullName: input.full_name,
        city: input.city,
        linkedinUrl: input.linkedin_url,
        skills: input.skills,
        workHistory: input.work_history,
        showRatingDetails: input.show_rating_details,
        language: input.language,
      });
      if (!updated) throw unauthorized();
      return ownUser(updated);
    },

    /**
     * Sets a new password and ends every other session (`keepSession` is the caller's); the owner is
     * told by mail, so that a change they did not make does not go unnoticed.
     */
    async changePassword(
      userId: number,
      keepSession: string,
      input: ChangePasswordRequest,
      log?: MailLog,
    ): Promise<void> {
      const user = await currentUser(userId);
      const errors: Record<string, string[]> = {};
      if (!(await verifyPassword(user.passwordHash, input.old_password))) {
        errors.old_password = [MSG.oldPasswordIncorrect];
      }
      const weak = await passwordProblem(input.new_password, personalDetails(user.email, user.fullName));
      if (weak) errors.new_password = [weak];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await revokeUserFamilies(tx, user.id, keepSession);
        await invalidateResets(tx, user.id);
        await sendPasswordChanged(tx, user, 'changed', log);
      });
    },

    /**
     * Issues a reset code for an active account; returns it (for EXPOSE_RESET_CODE) or null. Null
     * too, with no code made and no mail sent, once the account has had RESET_CODES_PER_HOUR codes:
     * fresh codes would otherwise mean fresh tries, and the caller answers null like an unknown email.
     */
    async requestReset(email: string, log?: MailLog): Promise<string | null> {
      const user = await findUserByEmail(db, email);
      if (!user?.isActive) return null;
      if ((await counters.hit(resetRequestsKey(user.id), RESET_WINDOW_SECONDS)) > RESET_CODES_PER_HOUR) {
        return null;
      }
      const code = newResetCode();
      // The code and its mail commit together (ADR 0024): neither exists without the other.
      await db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        await invalidateResets(tx, user.id);
        await createReset(tx, {
          userId: user.id,
          codeHash: resetDigest(user.id, code),
          ttlMinutes: RESET_CODE_TTL_MINUTES,
        });
        await deps.mailer.send(
          {
            to: user.email,
            ...resetCodeMail(knownLanguage(user.language), user.fullName, code),
            expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
          },
          log,
          tx,
        );
      });
      return code;
    },

    /** Sets the password a live reset code allows, ends every session and tells the owner by mail. */
    async confirmReset(input: ResetConfirmRequest, log?: MailLog): Promise<void> {
      const weak = await passwordProblem(input.new_password, personalDetails(input.email));
      if (weak) throw validationError({ new_password: [weak] });
      const user = await findUserByEmail(db, input.email);
      if (!user?.isActive) throw badRequest(MSG.resetInvalid);
      // Tries are counted per account across its codes, before the check and atomically like failed
      // sign-ins, so neither new codes nor parallel guesses add tries; a success clears the count.
      const failuresKey = resetFailuresKey(user.id);
      if ((await counters.hit(failuresKey, RESET_WINDOW_SECONDS)) > RESET_FAILURES_PER_HOUR) {
        throw badRequest(MSG.resetInvalid);
      }
      const reset = await findLiveReset(db, user.id);
      if (!reset) throw badRequest(MSG.resetInvalid);
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
        await sendPasswordChanged(tx, user, 'reset', log);
      });
      await signInGuard.forget(input.email);
      await counters.reset(failuresKey);
    },
  };
}
