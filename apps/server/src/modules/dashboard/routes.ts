// /api/core/dashboard: the caller's own numbers and newest ratings received.
import { dashboardResponse, PAGE_SIZES } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/session.ts';
import { bearerAuth, errorAnswers } from '../core/openapi.ts';
import { ownNumbers, receivedPublished } from '../ratings/repository.ts';
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
      const [numbers, recent] = await Promise.all([
        ownNumbers(db, userId),
        receivedPublished(db, userId, { limit: PAGE_SIZES.dashboardRecent, offset: 0 }),
      ]);
      return {
        stats: {
          ratings_received: numbers.received,
          ratings_given: numbers.given,
          average_rating: fromTenths(numbers.tenths),
        },
        recent_ratings: recent.map((record) => toRatingView(record, userId)),
      };
    },
  );
}
