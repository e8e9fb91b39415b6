// /api/core/users/{id}/…: another user's (or one's own) public page, statistics and ratings.
// Suspended users and moderators answer 404 like unknown ids.
import {
  contextForRole,
  idParams,
  MSG,
  PAGE_SIZES,
  pageQuery,
  profileResponse,
  ratingList,
  userStatsResponse,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type Session, sessionOf } from '../../plugins/session.ts';
import { bearerAuth, errorAnswers } from '../core/openapi.ts';
import { emptyList, listAnswer, pageWindow } from '../core/paging.ts';
import { receivedPublished } from '../ratings/repository.ts';
import { toRatingView } from '../ratings/serialize.ts';
import { canRate } from '../ratings/service.ts';
import { toPublicUser } from '../users/serialize.ts';
import { profiledUser } from './repository.ts';
import { detailsVisible, ratingSummary } from './service.ts';

const userRatingsQuery = pageQuery(PAGE_SIZES.userRatings);

/** The newest published ratings of `user` as `viewerId` sees them; none when details are private. */
async function visibleRatings(db: Executor, user: UserRow, viewerId: number, limit: number) {
  if (!detailsVisible(user, viewerId)) return [];
  const records = await receivedPublished(db, user.id, { limit, offset: 0 });
  return records.map((record) => toRatingView(record, viewerId));
}

/** Whether the viewer has rated `user` in the viewer's context, and may rate them now. */
function ratingState(session: Session, user: UserRow, rated: boolean) {
  const party = { id: user.id, role: user.userRole, isActive: user.isActive };
  return { can_rate: canRate(session, party, rated), user_has_rated: rated };
}

export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  const loadUser = async (id: number, viewer?: Session) => {
    const found = await profiledUser(
      db,
      id,
      viewer && { userId: viewer.userId, context: contextForRole(viewer.role) },
    );
    if (!found) throw notFound(MSG.userNotFound);
    return found;
  };

  r.get(
    '/users/:id/stats',
    {
      schema: {
        tags: ['profiles'],
        security: bearerAuth,
        summary: "A user's rating statistics and newest ratings",
        params: idParams,
        response: { 200: userStatsResponse, ...errorAnswers(401, 404) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const { user, categoryTotals } = await loadUser(request.params.id);
      const summary = ratingSummary(user, categoryTotals, userId);
      const recent = await visibleRatings(db, user, userId, PAGE_SIZES.dashboardRecent);
      return {
        user_id: user.id,
        full_name: user.fullName,
        user_role: user.userRole,
        average_rating: summary.average_rating,
        total_ratings: summary.total_ratings,
        ratings_by_category: summary.ratings_by_category,
        recent_ratings: recent,
      };
    },
  );

  r.get(
    '/users/:id/profile',
    {
      schema: {
        tags: ['profiles'],
        security: bearerAuth,
        summary: "A user's profile, rating summary and 50 newest ratings",
        params: idParams,
        response: { 200: profileResponse, ...errorAnswers(401, 404) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { user, categoryTotals, viewerHasRated } = await loadUser(request.params.id, session);
      const summary = ratingSummary(user, categoryTotals, session.userId);
      const ratings = await visibleRatings(db, user, session.userId, PAGE_SIZES.profileRatings);
      const state = ratingState(session, user, viewerHasRated);
      const profile = toPublicUser(user);
      if (user.id === session.userId) profile.total_ratings_received = user.totalRatingsReceived;
      return { user_profile: profile, rating_summary: summary, all_ratings: ratings, ...state };
    },
  );

  r.get(
    '/users/:id/ratings',
    {
      schema: {
        tags: ['profiles'],
        security: bearerAuth,
        summary: "A user's published ratings, page by page",
        params: idParams,
        querystring: userRatingsQuery,
        response: { 200: ratingList, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const { user } = await loadUser(request.params.id);
      if (!detailsVisible(user, userId)) return emptyList(request.query);
      const records = await receivedPublished(db, user.id, pageWindow(request.query));
      return listAnswer(
        records.map((record) => toRatingView(record, userId)),
        user.totalRatingsReceived,
        request.query,
      );
    },
  );
}
