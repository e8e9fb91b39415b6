// /api/core/dashboard: the caller's own numbers and newest ratings received.
import { dashboardResponse, PAGE_SIZES } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/session.ts';
import { bearerAuth, errorAnswers } from '../core/openapi.ts';
import { ownNumbers, receivedPublished } from '../ratings/repository.ts';
import { type RatingRecord, recordsSize, toRatingView } from '../ratings/serialize.ts';
import { fromTenths } from '../users/serialize.ts';

interface OwnDashboard {
  received: number;
  tenths: number;
  recent: RatingRecord[];
}

export async function dashboardRoutes(app: FastifyInstance) {
  const { db, viewCache } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      schema: {
        tags: ['profiles'],
        security: bearerAuth,
        summary: "The caller's rating numbers and five newest ratings received",
        response: { 200: dashboardResponse, ...errorAnswers(401) },
      },
      config: { sessionReads: { givenCount: true } },
    },
    async (request) => {
      const { userId, viewVersion, givenCount } = sessionOf(request);
      // Everything but the number given is the caller's as others rated them: cached at the caller's
      // view version, read with the session, as is the number given.
      const key = `dashboard:${userId}`;
      let own = viewCache.get<OwnDashboard>(key, viewVersion);
      if (!own) {
        const [numbers, recent] = await Promise.all([
          ownNumbers(db, userId),
          receivedPublished(db, userId, { limit: PAGE_SIZES.dashboardRecent, offset: 0 }),
        ]);
        own = { received: numbers.received, tenths: numbers.tenths, recent };
        viewCache.set(key, viewVersion, own, recordsSize(recent));
      }
      return {
        stats: {
          ratings_received: own.received,
          ratings_given: givenCount ?? 0,
          average_rating: fromTenths(own.tenths),
        },
        recent_ratings: own.recent.map((record) => toRatingView(record, userId)),
      };
    },
  );
}
