// Who may rate whom (DESIGN §5): the contracts' eligibilityReason decides, this gathers its facts.
// Shared by the rating routes, and by the profile and directory answers (can_rate).
import {
  contextForRole,
  type EligibilityParty,
  type EligibilityResponse,
  eligibilityReason,
  type RoleContext,
} from '@workspace/contracts';
import type { Executor } from '../../db/client.ts';
import type { Session } from '../../plugins/session.ts';
import { findRatee } from './repository.ts';

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
  const { ratee, alreadyRated, rateAgainOn } = await findRatee(db, session.userId, rateeId, context);
  return eligibilityReason({ rater: raterOf(session), ratee, context, alreadyRated, rateAgainOn });
}

/**
 * Whether the caller may rate `ratee` now, in the one context the caller's role rates in; `rateAgainOn`
 * when a cooldown after a withdrawal under moderation runs (the session check reads it).
 */
export function canRate(
  session: Session,
  ratee: EligibilityParty,
  alreadyRated: boolean,
  rateAgainOn: string | null = null,
): boolean {
  const context = contextForRole(session.role);
  if (!context) return false;
  return eligibilityReason({ rater: raterOf(session), ratee, context, alreadyRated, rateAgainOn }).eligible;
}
