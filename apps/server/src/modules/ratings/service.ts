// Rating rules that need the database: eligibility (contracts' eligibilityReason decides, this
// module gathers its facts) and writing a rating with its aggregates in one transaction.
import {
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
import { applyRatings } from './aggregates.ts';
import { findParty, hasRated, insertRating } from './repository.ts';

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
  options: { lock?: boolean } = {},
): Promise<EligibilityResponse> {
  const ratee = await findParty(db, rateeId, options);
  const alreadyRated = ratee ? await hasRated(db, session.userId, ratee.id, context) : false;
  return eligibilityReason({ rater: raterOf(session), ratee, context, alreadyRated });
}

/** Whether the caller may rate `ratee` now, in the one context the caller's role rates in. */
export function canRate(session: Session, ratee: EligibilityParty, alreadyRated: boolean): boolean {
  const context = contextForRole(session.role);
  if (!context) return false;
  return eligibilityReason({ rater: raterOf(session), ratee, context, alreadyRated }).eligible;
}

/**
 * Writes a rating, its scores and the ratee's aggregates together. The ratee's row is locked first,
 * so concurrent ratings of one user queue up and each checks eligibility against the previous one
 * committed; the unique constraint stays the last word if anything slips past.
 */
export async function createRating(db: Db, session: Session, input: ValidRating): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const verdict = await checkEligibility(tx, session, input.ratee, input.role_context, { lock: true });
      if (!verdict.eligible) throw badRequest(verdict.reason);
      const id = await insertRating(tx, {
        raterId: session.userId,
        rateeId: input.ratee,
        roleContext: input.role_context,
        isAnonymous: input.is_anonymous,
        feedbackMessage: input.feedback_message ?? null,
        overallTenths: overallScoreTenths(input.category_scores.map((s) => s.score)),
        scores: input.category_scores,
      });
      await applyRatings(tx, [id], 1);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'ratings_one_per_context')) throw badRequest(ELIGIBILITY.alreadyRated);
    throw error;
  }
}
