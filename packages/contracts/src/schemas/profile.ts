// The public profile page's answer, separate so it can combine users and ratings.
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { publicUser } from './auth.ts';
import { queryParam } from './common.ts';
import { rating, ratingSummary } from './core.ts';

/**
 * GET …/profile/?ratings=N: how many of the newest published ratings `all_ratings` carries (default
 * and most PAGE_SIZES.profileRatings, as DESIGN §5 has it); the web app asks for what it shows.
 */
export const profileQuery = z.object({
  /**
   * ?verified=true: the ratings and the summary of verified employees' ratings only (DESIGN §9.4), for
   * a company whose `verified_ratings` the answer shows; anywhere else a 400.
   */
  verified: queryParam(
    z
      .enum(['true', 'false'], { error: 'Must be true or false.' })
      .default('false')
      .transform((v) => v === 'true'),
  ),
  ratings: z.coerce
    .number({ error: MSG.notNumber })
    .int(MSG.notNumber)
    .min(0, 'Must be 0 or more.')
    .max(PAGE_SIZES.profileRatings, `Must be ${PAGE_SIZES.profileRatings} or less.`)
    .default(PAGE_SIZES.profileRatings),
});

export const profileResponse = z.object({
  user_profile: publicUser,
  rating_summary: ratingSummary,
  all_ratings: z.array(rating),
  /**
   * Ratings of this profile were flagged automatically for unusual activity and moderators have not
   * decided yet: the page shows a neutral notice (DESIGN §8.2).
   */
  unusual_activity: z.boolean(),
  /**
   * For a company with at least VERIFIED_BADGE_MIN raters whose ratings carry the verified badge, and
   * whose details the caller may see: how many of its published ratings come from verified employees
   * (`count`) of how many (`total`). Null anywhere else: the number would tell which ratings carry a
   * badge that anonymity keeps hidden below the minimum (ADR 0018).
   */
  verified_ratings: z.object({ count: z.number().int(), total: z.number().int() }).nullable(),
  can_rate: z.boolean(),
  user_has_rated: z.boolean(),
  /**
   * The day (YYYY-MM-DD, India's) the caller may rate this user again, having withdrawn a rating of
   * them while it was under moderation (DESIGN §9.1); `can_rate` is false until then. Null when no
   * such wait runs. The caller's own, like the two fields above.
   */
  rate_again_on: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;
