// Flags and moderation (DESIGN §5 "Moderation").
import { z } from 'zod';
import {
  AUTOMATIC_FLAG_RULES,
  FLAG_REASONS,
  FLAG_STATUSES,
  LIMITS,
  MODERATION_ACTIONS,
  MODERATION_TARGETS,
  PERSON_FLAG_REASONS,
  RATER_STATUSES,
  RATING_STATUSES,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import { isoDateTime, listEnvelope, multilineText, pageQuery, queryParam } from './common.ts';
import { rating } from './core.ts';

export const flagRequest = z.object({
  reason: z.enum(PERSON_FLAG_REASONS, { error: `Choose a reason: ${PERSON_FLAG_REASONS.join(', ')}.` }),
  details: z
    .union([z.null(), multilineText()], { error: MSG.notText })
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length <= LIMITS.flagDetailsMax, MSG.flagDetailsMax)
    .optional(),
});
export type FlagRequest = z.input<typeof flagRequest>;

/**
 * An automatic flag's figures (ADR 0017, 0023), which the web app words in the moderator's language
 * with the rule's constants (UNUSUAL_ACTIVITY, COPIED_TEXT).
 */
export const flagFacts = z.object({
  /** volume, fresh_accounts: the ratings of that kind in the window that made the burst. */
  count: z.number().int().optional(),
  /** volume, fresh_accounts: how many of that kind the profile usually received a day, to a tenth. */
  usual_per_day: z.number().optional(),
  /** copied_text, repeated_text: how alike the two texts are, in percent. */
  alike_percent: z.number().int().optional(),
});
export type FlagFacts = z.infer<typeof flagFacts>;

export const flag = z.object({
  id: z.number().int(),
  rating_id: z.number().int(),
  /** Null for a flag of the automatic check for unusual activity (reason UNUSUAL_ACTIVITY). */
  reporter_id: z.number().int().nullable(),
  reporter_name: z.string(),
  reason: z.enum(FLAG_REASONS),
  /** Which rule raised an automatic flag; null on a person's flag. */
  rule: z.enum(AUTOMATIC_FLAG_RULES).nullable(),
  /** A person's own words about the flag; null on an automatic flag. */
  details: z.string().nullable(),
  /** An automatic flag's figures; null on a person's flag. */
  facts: flagFacts.nullable(),
  status: z.enum(FLAG_STATUSES),
  created_at: isoDateTime,
  /** When a moderator dismissed it or acted on its rating; null while open. */
  resolved_at: isoDateTime.nullable(),
});
export type Flag = z.infer<typeof flag>;

/**
 * The rating whose text a copied-text flag matched, for the moderators' side-by-side view; `rating`
 * is null once that rating was withdrawn.
 */
export const matchedText = z.object({
  rating_id: z.number().int(),
  rating: z
    .object({
      feedback_message: z.string().nullable(),
      rater_name: z.string(),
      ratee_name: z.string(),
      created_at: isoDateTime,
    })
    .nullable(),
});
export type MatchedText = z.infer<typeof matchedText>;

export const flagCreatedResponse = flag.pick({
  id: true,
  rating_id: true,
  reason: true,
  details: true,
  status: true,
  created_at: true,
});

/**
 * The caller's own report of a rating (GET /api/core/ratings/{id}/flag/): when they flagged it and
 * whether moderators have decided on it, or null, so that the Flag dialog says so before anyone fills
 * it in to be refused.
 */
export const ownFlagResponse = z.object({
  reported: z.object({ at: isoDateTime, decided: z.boolean() }).nullable(),
});
export type OwnFlag = z.infer<typeof ownFlagResponse>;

export const moderationReason = z.object({
  reason: multilineText(MSG.reasonRequired)
    .min(1, MSG.reasonRequired)
    .max(LIMITS.moderationReasonMax, MSG.tooLong),
});
export type ModerationReason = z.input<typeof moderationReason>;

export const flagsQuery = pageQuery(20).extend({
  status: queryParam(z.enum(['open', 'resolved'], { error: 'Must be open or resolved.' }).default('open')),
});
export type FlagQueueStatus = z.output<typeof flagsQuery>['status'];

/** A flagged rating in the moderation queue: the rating with the rater revealed, and its flags. */
/** A rating as moderators see it in their queues: the rater revealed, even behind anonymity. */
export const moderatedRating = rating.extend({
  rater: z.number().int(),
  rater_user_code: z.string(),
  status: z.enum(RATING_STATUSES),
});

export const flaggedRating = z.object({
  rating: moderatedRating.extend({
    rater_email: z.string(),
    rater_status: z.enum(RATER_STATUSES),
    /**
     * Published still, this anonymous rating leaves with the next day's release (ADR 0030), so that it
     * does not vanish in the minute its author's account did: 'hidden', its author suspended (their
     * account may since have been deleted, its ratings kept); 'deleted', its author's account deleted
     * with its ratings (drizzle/0055, ADR 0015).
     */
    leave_held: z.enum(['hidden', 'deleted']).optional(),
  }),
  flag_count: z.number().int(),
  open_flag_count: z.number().int(),
  flags: z.array(
    flag.extend({
      matched: matchedText.nullable(),
      /** A dismissed flag's reason, which its reporter read (ADR 0034); null otherwise. */
      dismiss_reason: z.string().nullable(),
    }),
  ),
});
export type FlaggedRating = z.infer<typeof flaggedRating>;
export const flagsResponse = listEnvelope(flaggedRating);
export type FlagsResponse = z.infer<typeof flagsResponse>;

export const auditEntry = z.object({
  id: z.number().int(),
  /** Null for an account its holder deleted (no moderator acted). */
  moderator_id: z.number().int().nullable(),
  moderator_name: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  target_type: z.enum(MODERATION_TARGETS),
  target_id: z.number().int(),
  /**
   * The target as people see it elsewhere: a grievance's number, a user's name, the rated party's
   * name for a rating and a flag, dispute or appeal on one; null for a deleted account or a rating
   * gone since.
   */
  target_ref: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: isoDateTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = listEnvelope(auditEntry);
export type AuditResponse = z.infer<typeof auditResponse>;
export const auditQuery = pageQuery(50);

export const moderationActionResponse = z.object({ message: z.string() });
