// Proven addresses (DESIGN §8.2, §9.1, ADR 0018), by a code of WORK_EMAIL_CODE_LENGTH digits mailed to them:
// - an account's own sign-in address, which a company must prove before it declares its domain;
// - an employee's work address at a company's declared domain (verified employment). Kept: the
//   company, the domain, the date. Never kept: the address; a pending code keeps an HMAC of it (to
//   limit codes per address).
// A pending code is a keyed digest, expires, allows a few wrong tries and is deleted once used or
// replaced. Mail subjects name nobody: a company's name is text its account chose.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type EmailCodeSent,
  type EmploymentVerification,
  knownLanguage,
  MSG,
  NOTIFICATION_LINKS,
  WORK_EMAIL_CODE_LENGTH,
  WORK_EMAIL_CODE_MAX_TRIES,
  WORK_EMAIL_CODE_TTL_MINUTES,
  WORK_EMAIL_CODES_PER_ADDRESS_PER_HOUR,
  WORK_EMAIL_CODES_PER_HOUR,
  type WorkEmailCodeSent,
} from '@workspace/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { jwtSecret } from '../../config/jwt-secret.ts';
import type { Db, Executor } from '../../db/client.ts';
import { emailCodes, employmentVerifications, users, workEmailCodes } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transactions.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../../lib/errors.ts';
import type { MailLog } from '../../lib/mailer.ts';
import { digitsCode } from '../../lib/tokens.ts';
import type { Session } from '../../plugins/session.ts';
import { recordNotification } from '../notifications/repository.ts';
import { userLanguage } from '../users/repository.ts';
import { ownEmailCodeMail, workEmailCodeMail } from './mail.ts';
import { verificationsOf } from './repository.ts';

const HOUR_SECONDS = 3600;
const tooManyCodes = () =>
  new HttpError(429, MSG.tooManyWorkEmailCodes, undefined, { 'retry-after': String(HOUR_SECONDS) });

const newCode = () => digitsCode(WORK_EMAIL_CODE_LENGTH);
const codeExpiry = () => new Date(Date.now() + WORK_EMAIL_CODE_TTL_MINUTES * 60_000);

function codeMatches(storedHash: string, givenHash: string): boolean {
  const given = Buffer.from(givenHash);
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

interface PendingCode {
  codeHash: string;
  tries: number;
  expiresAt: Date;
}

/**
 * Checks the caller's pending code under its row lock: a match deletes it and runs `onMatch` in the
 * same transaction; a wrong try is counted and committed before the 400, and an expired or used-up
 * code is refused the same way.
 */
async function confirmPending<Row extends PendingCode, T>(
  db: Db,
  code: {
    table: typeof workEmailCodes | typeof emailCodes;
    owner: typeof workEmailCodes.employeeId | typeof emailCodes.userId;
    userId: number;
    matches: (pending: Row) => boolean;
    onMatch: (tx: Executor, pending: Row) => Promise<T>;
  },
): Promise<T> {
  const outcome = await inTransaction(db, async (tx) => {
    const [pending] = (await tx
      .select()
      .from(code.table)
      .where(eq(code.owner, code.userId))
      .for('update')) as Row[];
    if (!pending || pending.expiresAt.getTime() <= Date.now() || pending.tries >= WORK_EMAIL_CODE_MAX_TRIES) {
      throw badRequest(MSG.workEmailCodeInvalid);
    }
    if (!code.matches(pending)) {
      await tx
        .update(code.table)
        .set({ tries: sql`${code.table.tries} + 1` })
        .where(eq(code.owner, code.userId));
      // The wrong try must count even though the answer is an error: it is committed first.
      return { failed: true as const };
    }
    await tx.delete(code.table).where(eq(code.owner, code.userId));
    return { failed: false as const, value: await code.onMatch(tx, pending) };
  });
  if (outcome.failed) throw badRequest(MSG.workEmailCodeInvalid);
  return outcome.value;
}

export function createVerifiedService(deps: AppDeps) {
  const { db, counters, mailer } = deps;
  const key = jwtSecret(deps.env);
  const digest = (purpose: string, value: string) =>
    createHmac('sha256', key).update(`${purpose}:${value}`).digest('hex');

  return {
    /** Sends a code to `address` when its domain belongs to a company; the address is not stored. Employees only (routes). */
    async requestCode(session: Session, address: string, log?: MailLog): Promise<WorkEmailCodeSent> {
      const domain = address.slice(address.lastIndexOf('@') + 1);
      const [company] = await db
        .select({ id: users.id, name: users.fullName })
        .from(users)
        .where(and(eq(users.emailDomain, domain), eq(users.isActive, true)));
      if (!company) throw badRequest(MSG.workEmailNoCompany);
      const addressHmac = digest('address', address);
      if (
        (await counters.hit(`work-email-codes:${session.userId}`, HOUR_SECONDS)) > WORK_EMAIL_CODES_PER_HOUR
      ) {
        throw tooManyCodes();
      }
      if (
        (await counters.hit(`work-email-address:${addressHmac}`, HOUR_SECONDS)) >
        WORK_EMAIL_CODES_PER_ADDRESS_PER_HOUR
      ) {
        throw tooManyCodes();
      }
      const code = newCode();
      const expiresAt = codeExpiry();
      const language = await userLanguage(db, session.userId);
      const row = {
        employeeId: session.userId,
        companyId: company.id,
        domain,
        addressHmac,
        codeHash: digest(`code:${session.userId}`, code),
        tries: 0,
        expiresAt,
      };
      // A new request replaces the previous code, and its tries start again within the hourly limits.
      // The code and its mail commit together (ADR 0024).
      await db.transaction(async (tx) => {
        await tx
          .insert(workEmailCodes)
          .values(row)
          .onConflictDoUpdate({ target: workEmailCodes.employeeId, set: { ...row, createdAt: sql`now()` } });
        await mailer.send(
          {
            to: address,
            ...workEmailCodeMail(language, code, company.name),
            expiresAt,
          },
          log,
          tx,
        );
      });
      return { company_id: company.id, company_name: company.name, expires_at: expiresAt.toISOString() };
    },

    /** Confirms the pending code: records the company, the domain and the date; forgets the rest. */
    async confirmCode(session: Session, code: string): Promise<EmploymentVerification> {
      return confirmPending<typeof workEmailCodes.$inferSelect, EmploymentVerification>(db, {
        table: workEmailCodes,
        owner: workEmailCodes.employeeId,
        userId: session.userId,
        matches: (pending) => codeMatches(pending.codeHash, digest(`code:${session.userId}`, code)),
        async onMatch(tx, pending) {
          const [saved] = await tx
            .insert(employmentVerifications)
            .values({ employeeId: session.userId, companyId: pending.companyId, domain: pending.domain })
            .onConflictDoUpdate({
              target: [employmentVerifications.employeeId, employmentVerifications.companyId],
              set: { domain: pending.domain, verifiedAt: sql`now()` },
            })
            .returning();
          // Nothing the company's pages show changes: only ratings written from now on carry the
          // badge (DESIGN §9.1), so the moment of a verification cannot be read off old ratings.
          const [company] = await tx
            .select({ name: users.fullName })
            .from(users)
            .where(eq(users.id, pending.companyId));
          await recordNotification(tx, {
            userId: session.userId,
            type: 'work_email_verified',
            params: { company_name: company?.name ?? '' },
            link: NOTIFICATION_LINKS.profile,
          });
          return {
            company_id: pending.companyId,
            company_name: company?.name ?? '',
            domain: pending.domain,
            verified_at: (saved?.verifiedAt ?? new Date()).toISOString(),
          };
        },
      });
    },

    /** Mails a code to the caller's own sign-in address; 400 once it is proven. */
    async requestOwnCode(session: Session, log?: MailLog): Promise<EmailCodeSent> {
      const [user] = await db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt, language: users.language })
        .from(users)
        .where(eq(users.id, session.userId));
      if (!user) throw unauthorized();
      if (user.verifiedAt) throw badRequest(MSG.emailAlreadyVerified);
      if ((await counters.hit(`email-codes:${session.userId}`, HOUR_SECONDS)) > WORK_EMAIL_CODES_PER_HOUR) {
        throw tooManyCodes();
      }
      const code = newCode();
      const row = {
        userId: session.userId,
        codeHash: digest(`own:${session.userId}`, code),
        tries: 0,
        expiresAt: codeExpiry(),
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(emailCodes)
          .values(row)
          .onConflictDoUpdate({ target: emailCodes.userId, set: { ...row, createdAt: sql`now()` } });
        await mailer.send(
          {
            to: user.email,
            ...ownEmailCodeMail(knownLanguage(user.language), code),
            expiresAt: row.expiresAt,
          },
          log,
          tx,
        );
      });
      return { expires_at: row.expiresAt.toISOString() };
    },

    /** Confirms the code mailed to the caller's sign-in address. */
    async confirmOwnCode(session: Session, code: string): Promise<void> {
      await confirmPending(db, {
        table: emailCodes,
        owner: emailCodes.userId,
        userId: session.userId,
        matches: (pending) => codeMatches(pending.codeHash, digest(`own:${session.userId}`, code)),
        async onMatch(tx) {
          await tx.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, session.userId));
        },
      });
    },

    list: (session: Session) => verificationsOf(db, session.userId),

    /** Ratings already written keep their badge (DESIGN §9.1): it was true when they were written. */
    async remove(session: Session, companyId: number): Promise<void> {
      const removed = await db
        .delete(employmentVerifications)
        .where(
          and(
            eq(employmentVerifications.employeeId, session.userId),
            eq(employmentVerifications.companyId, companyId),
          ),
        )
        .returning({ companyId: employmentVerifications.companyId });
      if (removed.length === 0) throw notFound(MSG.verificationNotFound);
    },
  };
}
