// Verified employment (DESIGN §8.2, ADR 0018): an employee receives a six-digit code at a work
// address whose domain a company declared, and confirms it. Kept: the company, the domain, the date.
// Never kept: the address. A pending code keeps an HMAC of it (to limit codes per address) and a
// keyed digest of the code, and is deleted once used or replaced.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type EmploymentVerification,
  MSG,
  WORK_EMAIL_CODE_MAX_TRIES,
  WORK_EMAIL_CODE_TTL_MINUTES,
  WORK_EMAIL_CODES_PER_ADDRESS_PER_HOUR,
  WORK_EMAIL_CODES_PER_HOUR,
  type WorkEmailCodeSent,
} from '@workspace/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { jwtSecret } from '../../config/jwt-secret.ts';
import { employmentVerifications, users, workEmailCodes } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transactions.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import type { MailLog } from '../../lib/mailer.ts';
import type { Session } from '../../plugins/session.ts';
import { verificationsOf } from './repository.ts';

const HOUR_SECONDS = 3600;
const tooManyCodes = () =>
  new HttpError(429, MSG.tooManyWorkEmailCodes, undefined, { 'retry-after': String(HOUR_SECONDS) });

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
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(Date.now() + WORK_EMAIL_CODE_TTL_MINUTES * 60_000);
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
      await db
        .insert(workEmailCodes)
        .values(row)
        .onConflictDoUpdate({ target: workEmailCodes.employeeId, set: { ...row, createdAt: sql`now()` } });
      await mailer.send(
        {
          to: address,
          subject: `Your WorkTrust code to verify your work at ${company.name}`,
          text: [
            `Your code is ${code}. It expires in ${WORK_EMAIL_CODE_TTL_MINUTES} minutes.`,
            '',
            `Enter it on your WorkTrust account page to show "Verified employee" on your reviews of ${company.name}.`,
            'WorkTrust keeps only the company, its domain and the date of verification, never this address.',
            'If you did not ask for this code, you can ignore this message.',
          ].join('\n'),
        },
        log,
      );
      return { company_id: company.id, company_name: company.name, expires_at: expiresAt.toISOString() };
    },

    /** Confirms the pending code: records the company, the domain and the date; forgets the rest. */
    async confirmCode(session: Session, code: string): Promise<EmploymentVerification> {
      return inTransaction(db, async (tx) => {
        const [pending] = await tx
          .select()
          .from(workEmailCodes)
          .where(eq(workEmailCodes.employeeId, session.userId))
          .for('update');
        if (
          !pending ||
          pending.expiresAt.getTime() <= Date.now() ||
          pending.tries >= WORK_EMAIL_CODE_MAX_TRIES
        ) {
          throw badRequest(MSG.workEmailCodeInvalid);
        }
        const given = Buffer.from(digest(`code:${session.userId}`, code));
        const stored = Buffer.from(pending.codeHash);
        if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
          await tx
            .update(workEmailCodes)
            .set({ tries: sql`${workEmailCodes.tries} + 1` })
            .where(eq(workEmailCodes.employeeId, session.userId));
          // The wrong try must count even though the answer is an error: it is committed first.
          return { failed: true as const };
        }
        await tx.delete(workEmailCodes).where(eq(workEmailCodes.employeeId, session.userId));
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
        return {
          failed: false as const,
          verification: {
            company_id: pending.companyId,
            company_name: company?.name ?? '',
            domain: pending.domain,
            verified_at: (saved?.verifiedAt ?? new Date()).toISOString(),
          },
        };
      }).then((outcome) => {
        if (outcome.failed) throw badRequest(MSG.workEmailCodeInvalid);
        return outcome.verification;
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
