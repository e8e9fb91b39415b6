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
import { findRatee, insertRating, storedScores } from './repository.ts';
import type { RatingRecord } from './serialize.ts';

export type ValidRating = z.output<typeof createRatingRequest>;

/** The caller as a rater; a signed-in session always belongs to an active user. */
const raterOf = (session: Session): EligibilityParty => ({
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
  const { ratee, alreadyRated, rateAgainOn } = await findRatee(db, session.userId, rateeId, context);
  return eligibilityReason({ rater: raterOf(session), ratee, context, alreadyRated, rateAgainOn });
}

/** Whether the caller may rate `ratee` now, in the one context the caller's role rates in. */
export function canRate(session: Session, ratee: EligibilityParty, alreadyRated: boolean): boolean {
  const context = contextForRole(session.role);
  if (!context) return false;
  return eligibilityReason({ rater: raterOf(session), ratee, context, alreadyRated }).eligible;
}

/**
 * Writes a rating with its scores and the ratee's aggregates, and returns it as stored. The write
 * checks the ratee under its row lock (there, active, in the role the caller rates), and the unique
 * index has the last word on duplicates, so twenty identical posts at once still give one rating;
 * the contracts' rules word every refusal.
 */
export async function createRating(
  db: Db,
  session: Session,
  input: ValidRating,
): Promise<{ record: RatingRecord; isBurst: boolean }> {
  // The rules decided from the session alone, taking the ratee to be what the write itself requires
  // (the role the caller rates, active, not yet rated by the caller): on the way to a rating there
  // is no read of its own. A refusal is worded from the stored ratee, as the rules order reasons.
  const rateeRole = browseRole(session.role);
  const presumed = eligibilityReason({
    rater: raterOf(session),
    ratee: rateeRole && { id: input.ratee, role: rateeRole, isActive: true },
    context: input.role_context,
    alreadyRated: false,
  });
  if (!presumed.eligible || !rateeRole) {
    const verdict = await checkEligibility(db, session, input.ratee, input.role_context);
    throw badRequest(verdict.eligible ? presumed.reason : verdict.reason);
  }
  const record = {
    raterId: session.userId,
    rateeId: input.ratee,
    roleContext: input.role_context,
    isAnonymous: input.is_anonymous,
    feedbackMessage: input.feedback_message ?? null,
    overallTenths: overallScoreTenths(input.category_scores.map((s) => s.score)),
    scores: storedScores(input.category_scores),
  };
  let written: Awaited<ReturnType<typeof insertRating>>;
  try {
    written = await insertRating(db, { ...record, rateeRole });
  } catch (error) {
    if (isUniqueViolation(error, 'ratings_one_per_context')) throw badRequest(ELIGIBILITY.alreadyRated);
    throw error;
  }
  if (!written) {
    // No such ratee, not active in the role the caller rates, or a withdrawal's cooldown: the rules'
    // reason for it as stored.
    const now = await checkEligibility(db, session, input.ratee, input.role_context);
    throw badRequest(now.eligible ? ELIGIBILITY.inactive : now.reason);
  }
  const stored: RatingRecord = {
    ...record,
    id: written.id,
    status: 'published',
    createdAt: written.createdAt,
    raterName: session.fullName,
    rateeName: written.rateeName,
    verifiedEmployee: written.verifiedEmployee,
    verifiedRaters: written.verifiedRaters,
    editedAt: null,
    reply: null,
    dispute: null,
    moderation: null,
  };
  return { record: stored, isBurst: written.isBurst };
}
