// The public profile page's answer, separate so it can combine users and ratings.
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { publicUser } from './auth.ts';
import { rating, ratingSummary } from './core.ts';

/**
 * GET …/profile/?ratings=N: how many of the newest published ratings `all_ratings` carries (default
 * and most PAGE_SIZES.profileRatings, as DESIGN §5 has it); the web app asks for what it shows.
 */
export const profileQuery = z.object({
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
  can_rate: z.boolean(),
  user_has_rated: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;
