// Rating rules that need the database: eligibility (contracts' eligibilityReason decides, this
// module gathers its facts) and writing a rating with its scores and aggregates in one statement.
import {
  browseRole,
  contextForRole,
  type createRatingRequest,
  ELIGIBILITY,
  type EligibilityParty,
  type EligibilityResponse,
  eligibilityReason,
  overallScoreTenths,
  type RoleContext,
} from '@workspace/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Session } from '../../plugins/session.ts';
import { findRatee, insertRating } from './repository.ts';
import type { RatingRecord } from './serialize.ts';

export type ValidRating = z.output<typeof createRatingRequest>;

/** The caller as a rater; a signed-in session always belongs to an active user. */
export const raterOf = (session: Session): EligibilityParty => ({
  id: session.userId,
  role: session.role,
  isActive: true,
});

export async function checkEligibility(
  db: Executor,
  session: Session,
  rateeId: number,
  context: RoleContext,
): Promise<EligibilityResponse> {
  const { ratee, alreadyRated } = await findRatee(db, session.userId, rateeId, context);
  return eligibilityReason({ rater: raterOf(session), ratee, context, alreadyRated });
}

/** Whether the caller may rate `ratee` now, in the one context the caller's role rates in. */
export function canRate(session: Session, ratee: EligibilityParty, alreadyRated: boolean): boolean {
  const context = contextForRole(session.role);
  if (!context) return false;
  return eligibilityReason({ rater: raterOf(session), ratee, context, alreadyRated }).eligible;
}

/**
 * Writes a rating with its scores and the ratee's aggregates, and returns it as stored. Eligibility is
 * decided by the contracts' rules on a fresh read; the write then re-checks, under the ratee's row
 * lock, what may have changed since (suspension, role), and the unique index has the last word on
 * duplicates, so twenty identical posts at once still give one rating.
 */
export async function createRating(db: Db, session: Session, input: ValidRating): Promise<RatingRecord> {
  const verdict = await checkEligibility(db, session, input.ratee, input.role_context);
  const rateeRole = browseRole(session.role);
  if (!verdict.eligible || !rateeRole) throw badRequest(verdict.reason);
  const record = {
    raterId: session.userId,
    rateeId: input.ratee,
    roleContext: input.role_context,
    isAnonymous: input.is_anonymous,
    feedbackMessage: input.feedback_message ?? null,
    overallTenths: overallScoreTenths(input.category_scores.map((s) => s.score)),
    scores: input.category_scores,
  };
  let written: Awaited<ReturnType<typeof insertRating>>;
  try {
    written = await insertRating(db, { ...record, rateeRole });
  } catch (error) {
    if (isUniqueViolation(error, 'ratings_one_per_context')) throw badRequest(ELIGIBILITY.alreadyRated);
    throw error;
  }
  if (!written) {
    // The ratee changed between the check and the write: answer with the reason as it is now.
    const now = await checkEligibility(db, session, input.ratee, input.role_context);
    throw badRequest(now.eligible ? ELIGIBILITY.inactive : now.reason);
  }
  return {
    ...record,
    id: written.id,
    status: 'published',
    createdAt: written.createdAt,
    raterName: session.fullName,
    rateeName: written.rateeName,
  };
}
