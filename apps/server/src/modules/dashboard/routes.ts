// /api/core/dashboard: the caller's own numbers and newest ratings received.
import { dashboardResponse, PAGE_SIZES } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/session.ts';
import { bearerAuth, errorAnswers } from '../core/openapi.ts';
import { profiledUser } from '../profiles/repository.ts';
import { countGiven, receivedPublished } from '../ratings/repository.ts';
import { toRatingView } from '../ratings/serialize.ts';
import { fromTenths } from '../users/serialize.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      schema: {
        tags: ['profiles'],
        security: bearerAuth,
        summary: "The caller's rating numbers and five newest ratings received",
        response: { 200: dashboardResponse, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const [me, given, recent] = await Promise.all([
        profiledUser(db, userId),
        countGiven(db, userId),
        receivedPublished(db, userId, { limit: PAGE_SIZES.dashboardRecent, offset: 0 }),
      ]);
      return {
        stats: {
          // Moderators are never rated: their numbers are zero.
          ratings_received: me?.totalRatingsReceived ?? 0,
          ratings_given: given,
          average_rating: me ? fromTenths(me.ratingTenths) : 0,
        },
        recent_ratings: recent.map((record) => toRatingView(record, userId)),
      };
    },
  );
}
