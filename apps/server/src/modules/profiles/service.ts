// A user's rating summary as a given viewer may see it (DESIGN §5 privacy): the average is always
// public; category scores, the count, the distribution and the individual ratings only when the
// user shows rating details, or to the user themselves.
import {
  browseRole,
  contextForRole,
  RATING_CATEGORIES,
  type RatingSummary,
  roundHalfUp1,
} from '@workspace/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import { fromTenths } from '../users/serialize.ts';

/** What a rating summary is made from. */
export type SummarisedUser = Pick<
  UserRow,
  | 'id'
  | 'userRole'
  | 'showRatingDetails'
  | 'ratingTenths'
  | 'totalRatingsReceived'
  | 'scoreHistogram'
  | 'categoryTotals'
>;

export const detailsVisible = (user: Pick<UserRow, 'id' | 'showRatingDetails'>, viewerId: number) =>
  user.showRatingDetails || user.id === viewerId;

type CategoryAverages = NonNullable<RatingSummary['ratings_by_category']>;

/** Per-category averages (half up, one decimal) in the fixed order of the context the user is rated in. */
function ratingsByCategory(user: SummarisedUser): CategoryAverages {
  // A user is rated by the opposite role, whose context names the categories.
  const raters = browseRole(user.userRole);
  const context = raters && contextForRole(raters);
  const order: readonly string[] = context ? RATING_CATEGORIES[context] : [];
  const result: CategoryAverages = {};
  const totals = Object.entries(user.categoryTotals);
  for (const [category, { sum, count }] of totals.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))) {
    result[category] = { average: roundHalfUp1(sum / count), count };
  }
  return result;
}

export function ratingSummary(user: SummarisedUser, viewerId: number): RatingSummary {
  const average_rating = fromTenths(user.ratingTenths);
  if (!detailsVisible(user, viewerId)) {
    return { average_rating, total_ratings: null, ratings_by_category: null, distribution: null };
  }
  return {
    average_rating,
    total_ratings: user.totalRatingsReceived,
    ratings_by_category: ratingsByCategory(user),
    distribution: Object.fromEntries(user.scoreHistogram.map((n, i) => [String(i + 1), n])),
  };
}
