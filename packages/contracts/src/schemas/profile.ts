// The public profile page's answer, separate so it can combine users and ratings.
import { z } from 'zod';
import { publicUser } from './auth.ts';
import { rating, ratingSummary } from './core.ts';

export const profileResponse = z.object({
  user_profile: publicUser,
  rating_summary: ratingSummary,
  all_ratings: z.array(rating),
  can_rate: z.boolean(),
  user_has_rated: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;
