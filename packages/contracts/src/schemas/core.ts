// Requests and answers of /api/core (DESIGN §5).
import { z } from 'zod';
import { keptCityName } from '../cities.ts';
import {
  APPEAL_STATUSES,
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  LIMITS,
  LIST_SORTS,
  PAGE_SIZES,
  RATING_CATEGORIES,
  RATING_STATUSES,
  ROLE_CONTEXTS,
  SKILLS_FILTER_MAX,
  USER_ROLES,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import {
  bodyId,
  bool,
  isoDateTime,
  listEnvelope,
  pageQuery,
  publishedText,
  queryParam,
  queryText,
  text,
} from './common.ts';

export const roleContext = z.enum(ROLE_CONTEXTS, { error: MSG.roleContextRequired });

export const categoriesQuery = z.object({ role_context: queryParam(roleContext) });
export const categoriesResponse = z.object({ categories: z.array(z.string()) });

export const directoryQuery = pageQuery(PAGE_SIZES.list).extend({
  search: queryParam(queryText().max(LIMITS.searchMax, MSG.tooLong).optional()),
  city: queryParam(queryText().max(LIMITS.cityMax, MSG.cityMax).overwrite(keptCityName).optional()),
  min_rating: queryParam(
    z.coerce
      .number({ error: 'Must be a number from 1 to 5.' })
      .min(1, 'Must be a number from 1 to 5.')
      .max(5, 'Must be a number from 1 to 5.')
      .optional(),
  ),
  skills: queryParam(queryText().max(SKILLS_FILTER_MAX, MSG.tooLong).optional()),
  sort: queryParam(z.enum(LIST_SORTS, { error: `Must be one of: ${LIST_SORTS.join(', ')}.` }).default('top')),
});
export type DirectoryQuery = z.input<typeof directoryQuery>;

export const directoryItem = z.object({
  id: z.number().int(),
  user_code: z.string(),
  full_name: z.string(),
  city: z.string(),
  avatar: z.string().nullable(),
  user_role: z.enum(USER_ROLES),
  rating_received: z.number(),
  total_ratings_received: z.number().int().nullable(),
  skills: z.array(z.string()).optional(),
  can_rate: z.boolean(),
  user_has_rated: z.boolean(),
});
export type DirectoryItem = z.infer<typeof directoryItem>;
export const directoryResponse = listEnvelope(directoryItem).extend({
  /**
   * True when total_count is a lower bound: a search, or a filtered list (ADR 0012), matched more than
   * SEARCH_RESULT_CAP users (total_count is then the cap), or a search stopped counting early (ADR
   * 0020). With no result it means a search of so few letters looked through only part of the list.
   * Always false for the unfiltered list, whose count is exact.
   */
  total_capped: z.boolean(),
});
export type DirectoryResponse = z.infer<typeof directoryResponse>;

export const categoryScore = z.object({
  category: text(),
  score: z
    .number({ error: MSG.scoreRange })
    .int(MSG.scoreRange)
    .min(LIMITS.scoreMin, MSG.scoreRange)
    .max(LIMITS.scoreMax, MSG.scoreRange),
});
export type CategoryScore = z.infer<typeof categoryScore>;

export const createRatingRequest = z
  .object({
    ratee: bodyId(),
    role_context: roleContext,
    is_anonymous: bool().default(false),
    feedback_message: z
      .nullable(publishedText())
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || v.length <= LIMITS.feedbackMax, MSG.feedbackMax)
      .optional(),
    category_scores: z
      .array(categoryScore, { error: MSG.rateOneCategory })
      .min(1, MSG.rateOneCategory)
      .max(6),
  })
  .superRefine((value, ctx) => {
    const allowed: readonly string[] = RATING_CATEGORIES[value.role_context];
    const seen = new Set<string>();
    value.category_scores.forEach((entry, index) => {
      if (!allowed.includes(entry.category)) {
        ctx.addIssue({
          code: 'custom',
          message: MSG.categoryInvalid,
          path: ['category_scores', index, 'category'],
        });
      } else if (seen.has(entry.category)) {
        ctx.addIssue({
          code: 'custom',
          message: MSG.categoryDuplicate,
          path: ['category_scores', index, 'category'],
        });
      }
      seen.add(entry.category);
    });
  });
export type CreateRatingRequest = z.input<typeof createRatingRequest>;

/** The rated party's reply, shown under the rating to everyone who sees it. */
export const ratingReply = z.object({
  message: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type RatingReply = z.infer<typeof ratingReply>;

/** To the rated party alone: their reply that moderators hid (no one else sees it), and their reason. */
export const ratingHiddenReply = ratingReply.extend({ reason: z.string(), hidden_at: isoDateTime });
export type RatingHiddenReply = z.infer<typeof ratingHiddenReply>;

/** A dispute as the ratee and the rater see it on the rating. */
export const ratingDispute = z.object({
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  reason: z.string().nullable(),
  due_at: isoDateTime,
  /** Upheld, and the rating published again since by moderators (on the author's appeal, or not). */
  restored: z.boolean(),
});
export type RatingDispute = z.infer<typeof ratingDispute>;

/** Why the author's rating is hidden, and their appeal (only on the author's own view). */
export const ratingModeration = z.object({
  action: z.literal('hidden'),
  reason: z.string().nullable(),
  at: isoDateTime,
  appeal: z.object({ status: z.enum(APPEAL_STATUSES), reason: z.string().nullable() }).nullable(),
});
export type RatingModeration = z.infer<typeof ratingModeration>;

/**
 * A rating as others see it; `rater` is absent when anonymous, `status` and `moderation` only for
 * the rater, `dispute` only for the rater and the ratee (DESIGN §5, §8.1).
 */
export const rating = z.object({
  id: z.number().int(),
  ratee: z.number().int(),
  ratee_name: z.string(),
  rater: z.number().int().optional(),
  rater_name: z.string(),
  role_context: roleContext,
  is_anonymous: z.boolean(),
  feedback_message: z.string().nullable(),
  category_scores: z.array(z.object({ category: z.string(), score: z.number().int() })),
  overall_score: z.number(),
  created_at: isoDateTime,
  status: z.enum(RATING_STATUSES).optional(),
  /** When the author last edited it; null if never. */
  edited_at: isoDateTime.nullable(),
  /**
   * The author of this rating of a company proved, by a work email at its domain, that they work or
   * worked there (DESIGN §8.2); true on anonymous ratings too, with nothing to say which employee.
   */
  verified_employee: z.boolean(),
  reply: ratingReply.nullable(),
  /** To the rated party alone, in place of `reply` (null for them too): their reply moderators hid. */
  reply_hidden: ratingHiddenReply.optional(),
  dispute: ratingDispute.nullable().optional(),
  moderation: ratingModeration.nullable().optional(),
  /**
   * To its author alone: their edit of this anonymous rating waits for the start of the next day in
   * India, as a new anonymous rating does (ADR 0030). The rating shows it to them; others see it as it was.
   */
  edit_held: z.literal(true).optional(),
  /**
   * To its author alone: this anonymous rating, hidden by their suspension, is published again with the
   * next day's anonymous ratings now that they were reinstated (ADR 0030); nobody else sees it meanwhile.
   */
  return_held: z.literal(true).optional(),
  /**
   * To its author alone: written as a verified employee of the company, its badge is not shown yet,
   * since fewer of the company's raters than VERIFIED_BADGE_MIN carry it (DESIGN §9.1).
   */
  verified_pending: z.literal(true).optional(),
});
export type Rating = z.infer<typeof rating>;
export const ratingList = listEnvelope(rating);
export type RatingList = z.infer<typeof ratingList>;

export const eligibilityRequest = z.object({ ratee_id: bodyId(), role_context: roleContext });
export const eligibilityResponse = z.object({ eligible: z.boolean(), reason: z.string() });
export type EligibilityResponse = z.infer<typeof eligibilityResponse>;

export const categoryAverages = z.record(
  z.string(),
  z.object({ average: z.number(), count: z.number().int() }),
);

export const ratingSummary = z.object({
  average_rating: z.number(),
  total_ratings: z.number().int().nullable(),
  ratings_by_category: categoryAverages.nullable(),
  /** How many published ratings have each overall star (1..5, rounded half up); null when hidden. */
  distribution: z.record(z.string(), z.number().int()).nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const userStatsResponse = z.object({
  user_id: z.number().int(),
  full_name: z.string(),
  user_role: z.enum(USER_ROLES),
  average_rating: z.number(),
  total_ratings: z.number().int().nullable(),
  ratings_by_category: categoryAverages.nullable(),
  recent_ratings: z.array(rating),
});
export type UserStatsResponse = z.infer<typeof userStatsResponse>;

export const dashboardResponse = z.object({
  stats: z.object({
    ratings_received: z.number().int(),
    ratings_given: z.number().int(),
    average_rating: z.number(),
  }),
  recent_ratings: z.array(rating),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const healthResponse = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  database: z.string(),
  version: z.string(),
  timestamp: isoDateTime,
});
