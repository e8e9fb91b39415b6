// Both sides heard (DESIGN §8.1): the rated party's reply and dispute, the author's edit, withdrawal
// and appeal, and the moderators' side of disputes and appeals.
import { z } from 'zod';
import {
  APPEAL_STATUSES,
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  LIMITS,
  RATING_CATEGORIES,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import { isoDateTime, listEnvelope, pageQuery, publishedText, queryParam } from './common.ts';
import { categoryScore, rating } from './core.ts';
import { moderatedRating, moderationReason } from './moderation.ts';

/**
 * A required, trimmed message of at most `max` characters and, when `least` is given, at least its
 * `min` (an empty one is told it is required, not too short).
 */
const message = (
  required: string,
  max: number,
  tooLong: string,
  least?: { min: number; message: string },
) => {
  const text = publishedText(required).min(1, { error: required, abort: true }).max(max, tooLong);
  return least ? text.min(least.min, least.message) : text;
};

export const replyRequest = z.object({ message: message(MSG.replyRequired, LIMITS.replyMax, MSG.replyMax) });
export type ReplyRequest = z.input<typeof replyRequest>;

/**
 * The author's edit: new scores and/or feedback. Which categories are allowed depends on the
 * rating's context, which the body does not carry: the server checks them against the stored rating
 * (categoriesOfEdit below).
 */
export const ratingEditRequest = z
  .object({
    category_scores: z
      .array(categoryScore, { error: MSG.rateOneCategory })
      .min(1, MSG.rateOneCategory)
      .max(6)
      .optional(),
    feedback_message: z
      .nullable(publishedText())
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || v.length <= LIMITS.feedbackMax, MSG.feedbackMax)
      .optional(),
  })
  .refine((v) => v.category_scores !== undefined || v.feedback_message !== undefined, MSG.editNeedsChange);
export type RatingEditRequest = z.input<typeof ratingEditRequest>;

/** Field errors of an edit's categories against the rating's context; empty when they are fine. */
export function categoriesOfEdit(
  context: keyof typeof RATING_CATEGORIES,
  scores: readonly { category: string }[],
): Record<string, string[]> {
  const allowed: readonly string[] = RATING_CATEGORIES[context];
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  scores.forEach((entry, index) => {
    const path = `category_scores.${index}.category`;
    if (!allowed.includes(entry.category)) errors[path] = [MSG.categoryInvalid];
    else if (seen.has(entry.category)) errors[path] = [MSG.categoryDuplicate];
    seen.add(entry.category);
  });
  return errors;
}

export const disputeRequest = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: MSG.disputeReasonRequired }),
  details: message(MSG.disputeDetailsRequired, LIMITS.disputeDetailsMax, MSG.disputeDetailsMax, {
    min: LIMITS.disputeDetailsMin,
    message: MSG.disputeDetailsMin,
  }),
});
export type DisputeRequest = z.input<typeof disputeRequest>;

export const disputeCreated = z.object({
  id: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  due_at: isoDateTime,
});

/** A dispute the rated party filed, with the rating as they see it (anonymous raters stay hidden). */
export const ratedPartyDispute = z.object({
  id: z.number().int(),
  rating,
  reason: z.enum(DISPUTE_REASONS),
  details: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  decision_reason: z.string().nullable(),
  created_at: isoDateTime,
  due_at: isoDateTime,
  decided_at: isoDateTime.nullable(),
});
export type RatedPartyDispute = z.infer<typeof ratedPartyDispute>;
export const ratedPartyDisputes = listEnvelope(ratedPartyDispute);
export type RatedPartyDisputes = z.infer<typeof ratedPartyDisputes>;

export const appealRequest = z.object({
  message: message(MSG.appealMessageRequired, LIMITS.appealMax, MSG.appealMessageMax),
});
export type AppealRequest = z.input<typeof appealRequest>;

export const appealCreated = z.object({ id: z.number().int(), status: z.enum(APPEAL_STATUSES) });

export const decideDisputeRequest = moderationReason.extend({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: MSG.outcomeRequired }),
});
export type DecideDisputeRequest = z.input<typeof decideDisputeRequest>;

export const decisionQuery = pageQuery(20).extend({
  status: queryParam(z.enum(['open', 'decided'], { error: 'Must be open or decided.' }).default('open')),
});
export type DecisionStatus = z.output<typeof decisionQuery>['status'];

export const moderationDispute = ratedPartyDispute.extend({
  rating: moderatedRating,
  /** Open past its due date. */
  overdue: z.boolean(),
});
export type ModerationDispute = z.infer<typeof moderationDispute>;
export const moderationDisputes = listEnvelope(moderationDispute);
export type ModerationDisputes = z.infer<typeof moderationDisputes>;

export const moderationAppeal = z.object({
  id: z.number().int(),
  rating: moderatedRating,
  /** The reason the rating was hidden for, which the author appeals against. */
  hidden_reason: z.string().nullable(),
  message: z.string(),
  status: z.enum(APPEAL_STATUSES),
  decision_reason: z.string().nullable(),
  created_at: isoDateTime,
  decided_at: isoDateTime.nullable(),
  /**
   * The caller hid the rating (or upheld the dispute that hid it) and another moderator is active:
   * rejecting the appeal is theirs, so that no one judges an appeal against their own decision.
   * Granting it (restoring the rating) stays open to the caller.
   */
  another_moderator_rejects: z.boolean(),
});
export type ModerationAppeal = z.infer<typeof moderationAppeal>;
export const moderationAppeals = listEnvelope(moderationAppeal);
export type ModerationAppeals = z.infer<typeof moderationAppeals>;
