// Reads behind the public profile pages: the profiled user (their per-category totals on the row), whether
// they are under review for unusual activity, their newest published ratings and, for a viewer,
// whether the viewer has rated them, in one round trip (issues 4 and 11: each round trip cost the
// server and PostgreSQL more than the reads themselves).
import type { RoleContext } from '@workspace/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { fromRatingJson, newestReceivedJson } from '../ratings/repository.ts';
import type { RatingRecord } from '../ratings/serialize.ts';
import { underReviewQuery } from '../ratings/unusual-activity.ts';
import type { PublicUserRow } from '../users/serialize.ts';
import type { SummarisedUser } from './service.ts';

/**
 * The profiled user's columns: what the profile shows and its rating summary is made from, and
 * whether they are active. Never their email or password hash, which no profile needs.
 */
const PROFILED_COLUMNS = {
  id: users.id,
  userCode: users.userCode,
  fullName: users.fullName,
  userRole: users.userRole,
  city: users.city,
  linkedinUrl: users.linkedinUrl,
  avatar: users.avatar,
  skills: users.skills,
  workHistory: users.workHistory,
  showRatingDetails: users.showRatingDetails,
  dateJoined: users.dateJoined,
  ratingTenths: users.ratingTenths,
  totalRatingsReceived: users.totalRatingsReceived,
  scoreHistogram: users.scoreHistogram,
  categoryTotals: users.categoryTotals,
  isActive: users.isActive,
};

export interface ProfiledUser {
  user: PublicUserRow & SummarisedUser & Pick<UserRow, 'isActive'>;
  /** Whether the viewer has a rating of this user in `viewer.context`, published or hidden. */
  viewerHasRated: boolean;
  /** Whether ratings of this user are flagged as unusual activity and await moderators (ADR 0017). */
  underReview: boolean;
  /**
   * For a company with at least `badgeMin` verified raters (ADR 0018), its published ratings that
   * carry the verified badge; null for anyone else.
   */
  verifiedCount: number | null;
  /**
   * The newest `ratings` published ratings of this user, in public order, whoever may see them:
   * the caller decides (profiles/service.ts detailsVisible).
   */
  newestRatings: RatingRecord[];
}

// Spelled out: in a one-table select Drizzle writes its columns unqualified ("id"), which inside a
// subquery would name the subquery's own column.
const PROFILED_ID = sql.raw('"users"."id"');

function profiledUserQuery(db: Executor, withViewer: boolean) {
  return db
    .select({
      user: PROFILED_COLUMNS,
      viewerHasRated: withViewer
        ? sql<boolean>`exists(select 1 from ratings r where r.rater_id = ${sql.placeholder('viewerId')}
            and r.ratee_id = ${PROFILED_ID} and r.role_context = ${sql.placeholder('context')})`
        : sql<boolean>`false`,
      underReview: sql<boolean>`${underReviewQuery(PROFILED_ID)}`,
      // From the verified ratings' own partial index (drizzle/0035), and only past the minimum.
      verifiedCount: sql<number | null>`(case when ${users.userRole} = 'employer'
        and ${users.verifiedRaters} >= ${sql.placeholder('badgeMin')}
        then (select count(*)::int from ratings r where r.ratee_id = ${PROFILED_ID}
              and r.status = 'published' and r.verified_employee) end)`,
      newestRatings: newestReceivedJson(db, PROFILED_ID, sql.placeholder('ratings')),
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), sql`${users.isActive}`, ne(users.userRole, 'moderator')));
}

// Built once (db/prepared.ts): every profile page runs one of the two.
const profiledUserStatement = preparedStatements((db, name, withViewer: boolean) =>
  profiledUserQuery(db, withViewer).prepare(name),
);

/**
 * An active employee or employer (suspended users and moderators have no public profile), their
 * category totals, their newest `ratings` published ratings, whether `viewer` rated them in the
 * viewer's context (false without one), and their verified ratings' count past `badgeMin`.
 */
export async function profiledUser(
  db: Executor,
  id: number,
  ratings: number,
  badgeMin: number,
  viewer?: { userId: number; context: RoleContext | null },
): Promise<ProfiledUser | null> {
  const [row] = viewer?.context
    ? await profiledUserStatement(db, 'profiled_user_viewer', true).execute({
        id,
        ratings,
        badgeMin,
        viewerId: viewer.userId,
        context: viewer.context,
      })
    : await profiledUserStatement(db, 'profiled_user', false).execute({ id, ratings, badgeMin });
  if (!row) return null;
  return { ...row, newestRatings: row.newestRatings.map(fromRatingJson) };
}
