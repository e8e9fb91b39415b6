// Writing a rating with its scores and aggregates in one statement, after the eligibility check
// (eligibility.ts).
import {
  browseRole,
  type createRatingRequest,
  ELIGIBILITY,
  eligibilityReason,
  overallScoreTenths,
} from '@workspace/contracts';
import type { z } from 'zod';
import type { AnonymousHold } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Session } from '../../plugins/session.ts';
import type { Match } from './copied-text.ts';
import { checkEligibility, raterOf } from './eligibility.ts';
import { insertRating, storedScores } from './repository.ts';
import type { RatingRecord } from './serialize.ts';
import type { BurstCounts } from './unusual-activity.ts';

export type ValidRating = z.output<typeof createRatingRequest>;

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
  /** ANONYMOUS_HOLD: 'day' holds an anonymous rating until the next day's release (ADR 0030). */
  hold: AnonymousHold,
): Promise<{ record: RatingRecord; burst: BurstCounts | null; copies: Match[] }> {
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
  const held = input.is_anonymous && hold === 'day';
  let written: Awaited<ReturnType<typeof insertRating>>;
  try {
    written = await insertRating(db, { ...record, rateeRole, held });
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
    status: held ? 'held' : 'published',
    createdAt: written.createdAt,
    raterName: session.fullName,
    rateeName: written.rateeName,
    verifiedEmployee: written.verifiedEmployee,
    verifiedRaters: written.verifiedRaters,
    editedAt: null,
    heldEdit: null,
    returnHeld: null,
    reply: null,
    dispute: null,
    moderation: null,
  };
  return { record: stored, burst: written.burst, copies: written.copies };
}
