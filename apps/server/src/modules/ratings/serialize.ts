// How a rating leaves the API (DESIGN §5): in full to its rater, and to everyone else without any
// trace of an anonymous rater (no id, no name, only the day it was written).
import { dayOnly, RATING_CATEGORIES, type Rating, type RoleContext } from '@workspace/contracts';
import type { RatingRow } from '../../db/schema/index.ts';
import { fromTenths } from '../users/serialize.ts';

const ANONYMOUS_NAME = 'Anonymous';

export interface ScoreEntry {
  category: string;
  score: number;
}

/** A rating row with the names it is shown with and its category scores. */
export interface RatingRecord
  extends Pick<
    RatingRow,
    | 'id'
    | 'raterId'
    | 'rateeId'
    | 'roleContext'
    | 'isAnonymous'
    | 'feedbackMessage'
    | 'overallTenths'
    | 'status'
    | 'createdAt'
  > {
  raterName: string;
  rateeName: string;
  scores: ScoreEntry[];
}

/** Category scores in the context's fixed category order. */
export function orderedScores(context: RoleContext, scores: readonly ScoreEntry[]): ScoreEntry[] {
  const order: readonly string[] = RATING_CATEGORIES[context];
  return [...scores]
    .sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category))
    .map(({ category, score }) => ({ category, score }));
}

/** The rating as `viewerId` may see it. */
export function toRatingView(record: RatingRecord, viewerId: number): Rating {
  const shared = {
    id: record.id,
    ratee: record.rateeId,
    ratee_name: record.rateeName,
    role_context: record.roleContext,
    is_anonymous: record.isAnonymous,
    feedback_message: record.feedbackMessage,
    category_scores: orderedScores(record.roleContext, record.scores),
    overall_score: fromTenths(record.overallTenths),
  };
  if (record.raterId === viewerId) {
    return {
      ...shared,
      rater: record.raterId,
      rater_name: record.raterName,
      created_at: record.createdAt.toISOString(),
      status: record.status,
    };
  }
  if (record.isAnonymous) {
    return { ...shared, rater_name: ANONYMOUS_NAME, created_at: dayOnly(record.createdAt) };
  }
  return {
    ...shared,
    rater: record.raterId,
    rater_name: record.raterName,
    created_at: record.createdAt.toISOString(),
  };
}
