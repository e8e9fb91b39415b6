// /api/core/dashboard: the caller's own numbers and newest ratings received.
import { dashboardResponse, PAGE_SIZES } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { encodeJson, jsonObject, sendJson } from '../../lib/json-answer.ts';
import { bearerAuth, errorAnswers } from '../../lib/route-docs.ts';
import { sizeOfParts } from '../../lib/view-cache.ts';
import { sessionOf } from '../../plugins/session.ts';
import { ownDashboard } from '../ratings/repository.ts';
import { toRatingView } from '../ratings/serialize.ts';
import { fromTenths } from '../users/serialize.ts';

const stats = dashboardResponse.shape.stats;
const recentRatings = dashboardResponse.shape.recent_ratings;

/** The caller's dashboard but for the number given: their numbers, and the newest ratings as JSON. */
interface OwnDashboard {
  received: number;
  tenths: number;
  recentJson: string;
}

export async function dashboardRoutes(app: FastifyInstance) {
  const { db, viewCache } = app.deps;
  const badgeMin = app.deps.env.VERIFIED_BADGE_MIN;
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
    async (request, reply) => {
      const { userId, viewVersion, givenCount } = sessionOf(request);
      // Everything but the number given is the caller's as others rated them: cached at the caller's
      // view version, read with the session, as is the number given.
      const key = `dashboard:${userId}`;
      let own = viewCache.get<OwnDashboard>(key, viewVersion);
      if (!own) {
        const { received, tenths, recent } = await ownDashboard(db, userId, PAGE_SIZES.dashboardRecent);
        const views = recent.map((record) => toRatingView(record, userId, badgeMin));
        own = {
          received,
          tenths,
          recentJson: encodeJson(recentRatings, views),
        };
        viewCache.set(key, viewVersion, own, sizeOfParts([own.recentJson]));
      }
      const numbers = {
        ratings_received: own.received,
        ratings_given: givenCount ?? 0,
        average_rating: fromTenths(own.tenths),
      };
      return sendJson(
        reply,
        jsonObject({ stats: encodeJson(stats, numbers), recent_ratings: own.recentJson }),
      );
    },
  );
}
