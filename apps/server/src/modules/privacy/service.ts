// The privacy rights of DESIGN §8.3 as data and HttpErrors; routes.ts adds HTTP.

import type { grievanceRequest } from '@workspace/contracts';
import {
  type DeleteAccountRequest,
  GRIEVANCE_ACKS_PER_ADDRESS_PER_HOUR,
  type Grievance,
  type GrievanceCreated,
  grievanceNumber,
  knownLanguage,
  MSG,
  MY_DATA_PER_HOUR,
  type MyData,
  NOTIFICATION_LINKS,
  PRIVACY_NOTICE_VERSION,
  type SessionInfo,
} from '@workspace/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { flags, type GrievanceRow, ratingAppeals, ratings, type UserRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transactions.ts';
import { forbidden, HttpError, notFound, unauthorized } from '../../lib/errors.ts';
import type { MailLog } from '../../lib/mailer.ts';
import { revokeUserFamilies } from '../auth/repository.ts';
import { createSignInGuard } from '../auth/sign-in-guard.ts';
import { recordAction } from '../moderation/repository.ts';
import { mailSettings, notificationsPage, recordNotification } from '../notifications/repository.ts';
import { disputesOfRatee } from '../rating-actions/repository.ts';
import { everyReceivedQuery, RATING_COLUMNS, withNames } from '../ratings/repository.ts';
import { type RatingRecord, toRatingView } from '../ratings/serialize.ts';
import { consentsOf, latestConsent, recordConsent } from '../users/consents.ts';
import { findUserById } from '../users/repository.ts';
import { toOwnUser } from '../users/serialize.ts';
import { verificationsOf } from '../verified/repository.ts';
import { describeDevice, deviceParts } from './device.ts';
import { eraseAccount } from './erase.ts';
import { grievanceAcknowledgement, grievanceOutcome } from './mail.ts';
import {
  closeGrievance,
  createGrievance,
  endSession,
  grievanceQueue,
  grievancesOf,
  liveSessions,
  lockGrievance,
} from './repository.ts';

/** Grievances an account or an email may file per window, besides the per-address limit. */
const GRIEVANCE_WINDOW_SECONDS = 15 * 60;

const validationError = (errors: Record<string, string[]>) =>
  new HttpError(400, MSG.validationFailed, errors);

function toGrievance(row: GrievanceRow): Grievance {
  return {
    id: row.id,
    number: grievanceNumber(row.id, row.createdAt),
    status: row.status,
    due_at: row.dueAt.toISOString(),
    category: row.category,
    subject_url: row.subjectUrl,
    details: row.details,
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    close_reason: row.closeReason,
  };
}

function toModerationGrievance(row: GrievanceRow, now: Date) {
  return {
    ...toGrievance(row),
    email: row.email,
    user_id: row.userId,
    overdue: row.status === 'open' && row.dueAt < now,
  };
}

export function createPrivacyService(deps: AppDeps) {
  const { db, counters, env, mailer } = deps;
  const signInGuard = createSignInGuard(deps);

  /** This device first, then the most recently used (liveSessions' order). */
  async function sessionsOf(userId: number, currentId: string | null): Promise<SessionInfo[]> {
    const sessions = await liveSessions(db, userId);
    const current = sessions.filter((s) => s.id === currentId);
    return [...current, ...sessions.filter((s) => s.id !== currentId)].map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ...deviceParts(s.userAgent),
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      current: s.id === currentId,
    }));
  }

  return {
    async consent(userId: number, version: string) {
      if (version !== PRIVACY_NOTICE_VERSION) throw validationError({ version: [MSG.consentVersionStale] });
      await recordConsent(db, userId, version);
      return { message: MSG.consentRecorded, consent_version: version, consent_required: false };
    },

    sessions: sessionsOf,

    async endSession(userId: number, id: string): Promise<void> {
      if (!(await endSession(db, userId, id))) throw notFound(MSG.sessionNotFound);
    },

    /** Every session but the caller's (a lost phone, a shared computer): as a password change does. */
    async endOtherSessions(userId: number, currentSessionId: string): Promise<void> {
      await revokeUserFamilies(db, userId, currentSessionId);
    },

    /**
     * Signed in (`userId`): the password confirms. Without a token: email and password identify the
     * account through sign-in's own guard (same counters, limits and delay, same 401), suspended
     * accounts included. A moderator cannot be deleted; without a token that is the same 401 as a
     * wrong password, so this is no way to test a moderator's password (DESIGN §9.1).
     */
    async deleteAccount(userId: number | null, input: DeleteAccountRequest, ip: string): Promise<void> {
      let user: UserRow;
      if (userId !== null) {
        const own = await findUserById(db, userId);
        if (!own) throw unauthorized();
        if (own.userRole === 'moderator') throw forbidden(MSG.moderatorCannotDeleteSelf);
        // The person is known: say which field is wrong.
        user = await signInGuard.check(
          own.email,
          input.password,
          ip,
          (u) => u.id === own.id,
          () => validationError({ password: [MSG.passwordIncorrect] }),
        );
      } else {
        if (!input.email) throw validationError({ email: [MSG.emailInvalid] });
        user = await signInGuard.check(input.email, input.password, ip, (u) => u.userRole !== 'moderator');
      }
      await eraseAccount(db, user.id, input.ratings_given, env.ANONYMOUS_HOLD);
    },

    /** Everything held about the caller; MY_DATA_PER_HOUR per account (it reads every row about them). */
    async myData(userId: number, sessionId: string): Promise<MyData> {
      if ((await counters.hit(`my-data:${userId}`, 3600)) > MY_DATA_PER_HOUR) {
        throw new HttpError(429, MSG.tooManyExports, undefined, { 'retry-after': '3600' });
      }
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      const given = await withNames(db.select(RATING_COLUMNS).from(ratings).$dynamic())
        .where(eq(ratings.raterId, userId))
        .orderBy(asc(ratings.createdAt), asc(ratings.id));
      // As any other signed-in person sees them: published only, anonymous raters hidden.
      const received: RatingRecord[] = await everyReceivedQuery(db, userId);
      const [
        flagRows,
        consentRows,
        sessions,
        grievanceRows,
        consent,
        disputes,
        appeals,
        verifications,
        told,
        mailSettingsNow,
      ] = await Promise.all([
        db
          .select()
          .from(flags)
          .where(eq(flags.reporterId, userId))
          .orderBy(asc(flags.createdAt), asc(flags.id)),
        consentsOf(db, userId),
        sessionsOf(userId, sessionId),
        grievancesOf(db, userId),
        latestConsent(db, userId),
        disputesOfRatee(db, userId, { limit: 1_000_000, offset: 0 }, env.VERIFIED_BADGE_MIN),
        db
          .select({ appeal: ratingAppeals })
          .from(ratingAppeals)
          .innerJoin(ratings, eq(ratings.id, ratingAppeals.ratingId))
          .where(eq(ratings.raterId, userId))
          .orderBy(asc(ratingAppeals.createdAt)),
        verificationsOf(db, userId),
        notificationsPage(db, userId, { limit: 1_000_000, offset: 0 }),
        mailSettings(db, userId),
      ]);
      return {
        generated_at: new Date().toISOString(),
        notice_version: PRIVACY_NOTICE_VERSION,
        account: { user_role: user.userRole, is_active: user.isActive },
        profile: toOwnUser(user, consent),
        ratings_given: given.map((r) => toRatingView(r as RatingRecord, userId, env.VERIFIED_BADGE_MIN)),
        // As My Ratings shows them to the rated person: their own reply moderators hid, the dispute they
        // filed, and nothing more of an anonymous rater than anyone else learns.
        ratings_received: received.map((r) => toRatingView(r, userId, env.VERIFIED_BADGE_MIN)),
        disputes_filed: disputes.items,
        appeals_filed: appeals.map(({ appeal }) => ({
          rating_id: appeal.ratingId,
          message: appeal.message,
          status: appeal.status,
          decision_reason: appeal.decisionReason,
          created_at: appeal.createdAt.toISOString(),
        })),
        flags_filed: flagRows.map((f) => ({
          id: f.id,
          rating_id: f.ratingId,
          reason: f.reason,
          details: f.details,
          status: f.status,
          created_at: f.createdAt.toISOString(),
          resolved_at: f.resolvedAt?.toISOString() ?? null,
        })),
        consents: consentRows.map((c) => ({ version: c.version, accepted_at: c.acceptedAt.toISOString() })),
        sessions,
        grievances: grievanceRows.map((g) => ({
          ...toGrievance(g),
          email: g.email,
          language: knownLanguage(g.language),
        })),
        employment_verifications: verifications,
        notifications: told.results,
        notification_settings: mailSettingsNow,
      };
    },

    async fileGrievance(
      userId: number | null,
      input: z.output<typeof grievanceRequest>,
      log?: MailLog,
    ): Promise<GrievanceCreated> {
      let email = input.email || null;
      // The form's language, else the account's; knownLanguage gives a visitor the default.
      let accountLanguage: string | undefined;
      if (userId !== null) {
        const user = await findUserById(db, userId);
        if (!user) throw unauthorized();
        email ??= user.email;
        accountLanguage = user.language;
        if (
          (await counters.hit(`grievance:user:${userId}`, GRIEVANCE_WINDOW_SECONDS)) > env.AUTH_RATE_LIMIT
        ) {
          throw new HttpError(429, MSG.tooManyGrievances);
        }
      }
      if (!email) throw validationError({ email: [MSG.grievanceEmailRequired] });
      if ((await counters.hit(`grievance:email:${email}`, GRIEVANCE_WINDOW_SECONDS)) > env.AUTH_RATE_LIMIT) {
        throw new HttpError(429, MSG.tooManyGrievances);
      }
      const language = input.language ?? knownLanguage(accountLanguage);
      const row = await createGrievance(db, {
        userId,
        category: input.category,
        subjectUrl: input.subject_url ?? null,
        details: input.details,
        email,
        language,
      });
      const grievance = toGrievance(row);
      const acks = await counters.hit(`grievance-ack:${email}`, 3600);
      if (acks <= GRIEVANCE_ACKS_PER_ADDRESS_PER_HOUR) {
        await mailer.send(grievanceAcknowledgement(email, grievance, language, env), log);
      }
      return {
        id: grievance.id,
        number: grievance.number,
        status: grievance.status,
        due_at: grievance.due_at,
      };
    },

    async myGrievances(userId: number): Promise<Grievance[]> {
      return (await grievancesOf(db, userId)).map(toGrievance);
    },

    async queue(status: 'open' | 'closed') {
      const now = new Date();
      return (await grievanceQueue(db, status)).map((g) => toModerationGrievance(g, now));
    },

    async close(moderatorId: number, id: number, reason: string, log?: MailLog): Promise<void> {
      await inTransaction(db, async (tx) => {
        const found = await lockGrievance(tx, id);
        if (!found) throw notFound(MSG.grievanceNotFound);
        if (found.status === 'closed') throw new HttpError(400, MSG.grievanceAlreadyClosed);
        const row = await closeGrievance(tx, id, moderatorId, reason);
        await recordAction(tx, {
          moderatorId,
          action: 'close_grievance',
          targetType: 'grievance',
          targetId: id,
          reason,
        });
        // The decision and its mail to the complainant commit together (ADR 0024); an account's
        // holder is told in the app as well.
        if (row.email)
          await mailer.send(
            grievanceOutcome(row.email, toGrievance(row), knownLanguage(row.language), env),
            log,
            tx,
          );
        if (row.userId) {
          await recordNotification(tx, {
            userId: row.userId,
            type: 'grievance_answered',
            params: { grievance_number: toGrievance(row).number },
            link: NOTIFICATION_LINKS.grievanceAnswer,
          });
        }
      });
    },
  };
}
