// Data of the privacy rights (DESIGN §8.3): sessions as devices, grievances, and the
// statements that erase an account and purge what is kept only for a time.
import {
  GRIEVANCE_EMAIL_RETENTION_DAYS,
  type GrievanceCategory,
  grievanceDueAt,
  type Language,
} from '@workspace/contracts';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import {
  emailCodes,
  type GrievanceRow,
  grievances,
  passwordResets,
  ratingCooldowns,
  refreshFamilies,
  workEmailCodes,
} from '../../db/schema/index.ts';
import { purgeOldBands } from '../ratings/copied-text.ts';

// --- consent ---

/** The latest privacy notice version the user accepted, or null. */
// --- sessions: the live refresh families of a user ---

const liveFamily = () => and(isNull(refreshFamilies.revokedAt), gt(refreshFamilies.expiresAt, sql`now()`));

export async function liveSessions(ex: Executor, userId: number) {
  return ex
    .select({
      id: refreshFamilies.id,
      userAgent: refreshFamilies.userAgent,
      createdAt: refreshFamilies.createdAt,
      lastUsedAt: refreshFamilies.lastUsedAt,
    })
    .from(refreshFamilies)
    .where(and(eq(refreshFamilies.userId, userId), liveFamily()))
    .orderBy(desc(refreshFamilies.lastUsedAt), asc(refreshFamilies.id));
}

/** Ends the user's live session `id`; false when there is none (unknown, ended, or someone else's). */
export async function endSession(ex: Executor, userId: number, id: string): Promise<boolean> {
  const rows = await ex
    .update(refreshFamilies)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshFamilies.id, id), eq(refreshFamilies.userId, userId), liveFamily()))
    .returning({ id: refreshFamilies.id });
  return rows.length === 1;
}

// --- grievances ---

export async function createGrievance(
  ex: Executor,
  input: {
    userId: number | null;
    category: GrievanceCategory;
    subjectUrl: string | null;
    details: string;
    email: string;
    language: Language;
  },
  now = new Date(),
): Promise<GrievanceRow> {
  const [row] = await ex
    .insert(grievances)
    .values({ ...input, createdAt: now, dueAt: grievanceDueAt(now) })
    .returning();
  if (!row) throw new Error('grievance insert returned no row');
  return row;
}

export async function grievancesOf(ex: Executor, userId: number): Promise<GrievanceRow[]> {
  return ex
    .select()
    .from(grievances)
    .where(eq(grievances.userId, userId))
    .orderBy(desc(grievances.createdAt), desc(grievances.id));
}

/** The moderators' queue: by due date, earliest first (open), or latest closed first. */
export async function grievanceQueue(ex: Executor, status: 'open' | 'closed'): Promise<GrievanceRow[]> {
  return ex
    .select()
    .from(grievances)
    .where(eq(grievances.status, status))
    .orderBy(
      ...(status === 'open'
        ? [asc(grievances.dueAt), asc(grievances.id)]
        : [desc(grievances.closedAt), desc(grievances.id)]),
    )
    .limit(500);
}

export async function lockGrievance(ex: Executor, id: number): Promise<GrievanceRow | null> {
  const [row] = await ex.select().from(grievances).where(eq(grievances.id, id)).for('update');
  return row ?? null;
}

export async function closeGrievance(
  ex: Executor,
  id: number,
  moderatorId: number,
  reason: string,
): Promise<GrievanceRow> {
  const [row] = await ex
    .update(grievances)
    .set({ status: 'closed', closedAt: sql`now()`, closedBy: moderatorId, closeReason: reason })
    .where(eq(grievances.id, id))
    .returning();
  if (!row) throw new Error('grievance vanished while locked');
  return row;
}

// --- retention (cli purge) ---

export interface PurgeCounts {
  sessions: number;
  resetCodes: number;
  /** Expired codes mailed to prove an address: work emails and sign-in emails (DESIGN §9.1). */
  emailCodes: number;
  /** Waits to rate someone again that have ended (DESIGN §9.1). */
  cooldowns: number;
  grievanceEmails: number;
  /** The copied-text rule's keys of texts past its window (ADR 0023). */
  textBands: number;
  /** The mail queue's rows sent or given up on over MAIL_KEPT_DAYS ago (ADR 0024); they hold no address. */
  mails: number;
}

/** How long the mail queue keeps a row once it is done with it, for tracing a delivery by its id. */
const MAIL_KEPT_DAYS = 7;

/**
 * Removes what the privacy notice keeps only for a time: ended or expired sessions, used or expired
 * reset codes, expired email codes, ended waits to rate again, and the contact email of grievances
 * closed more than a year ago.
 */
export async function purgeExpired(ex: Executor): Promise<PurgeCounts> {
  const sessions = await ex
    .delete(refreshFamilies)
    .where(or(isNotNull(refreshFamilies.revokedAt), lt(refreshFamilies.expiresAt, sql`now()`)))
    .returning({ id: refreshFamilies.id });
  const resetCodes = await ex
    .delete(passwordResets)
    .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, sql`now()`)))
    .returning({ id: passwordResets.id });
  const workCodes = await ex
    .delete(workEmailCodes)
    .where(lt(workEmailCodes.expiresAt, sql`now()`))
    .returning({ id: workEmailCodes.employeeId });
  const ownCodes = await ex
    .delete(emailCodes)
    .where(lt(emailCodes.expiresAt, sql`now()`))
    .returning({ id: emailCodes.userId });
  const cooldowns = await ex
    .delete(ratingCooldowns)
    .where(lt(ratingCooldowns.until, sql`now()`))
    .returning({ id: ratingCooldowns.raterId });
  const grievanceEmails = await ex
    .update(grievances)
    .set({ email: null })
    .where(
      and(
        eq(grievances.status, 'closed'),
        isNotNull(grievances.email),
        lt(grievances.closedAt, sql`now() - make_interval(days => ${GRIEVANCE_EMAIL_RETENTION_DAYS})`),
      ),
    )
    .returning({ id: grievances.id });
  return {
    sessions: sessions.length,
    resetCodes: resetCodes.length,
    emailCodes: workCodes.length + ownCodes.length,
    cooldowns: cooldowns.length,
    grievanceEmails: grievanceEmails.length,
    textBands: await purgeOldBands(ex),
    mails:
      (
        await queryRows<{ n: number }>(
          ex,
          sql`with gone as (delete from mail_outbox
              where coalesce(sent_at, gave_up_at) < now() - make_interval(days => ${MAIL_KEPT_DAYS}) returning 1)
            select count(*)::int as n from gone`,
        )
      )[0]?.n ?? 0,
  };
}
