// /api/core: writing ratings, the categories and eligibility the rating form needs, and the caller's
// own ratings given and received. Every route here runs after authenticate (see core/routes.ts).
import {
  categoriesQuery,
  categoriesResponse,
  createRatingRequest,
  eligibilityRequest,
  eligibilityResponse,
  PAGE_SIZES,
  pageQuery,
  RATING_CATEGORIES,
  rating,
  ratingList,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { encodeJson, sendJson } from '../../lib/json-answer.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { listAnswer, listAnswerJson, pageWindow } from '../../lib/paging.ts';
import { bearerAuth, errorAnswers } from '../../lib/route-docs.ts';
import { sizeOfParts } from '../../lib/view-cache.ts';
import { sessionOf } from '../../plugins/session.ts';
import { flagCopiedText } from './copied-text.ts';
import { checkEligibility } from './eligibility.ts';
import { givenByPage, receivedPublishedPage } from './repository.ts';
import { toRatingView } from './serialize.ts';
import { createRating } from './service.ts';
import { flagUnusualActivity } from './unusual-activity.ts';

const myRatingsQuery = pageQuery(PAGE_SIZES.myRatings);

/** A page of the caller's ratings received, each as JSON, and their number. */
interface ReceivedPage {
  results: string[];
  total: number;
}

export async function ratingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, viewCache } = app.deps;
  const badgeMin = app.deps.env.VERIFIED_BADGE_MIN;

  r.post(
    '/ratings',
    {
      schema: {
        tags: ['ratings'],
        security: bearerAuth,
        summary: 'Rate a company (as an employee) or an employee (as an employer)',
        body: createRatingRequest,
        response: { 201: rating, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { record, burst, copies } = await createRating(
        db,
        session,
        request.body,
        app.deps.env.ANONYMOUS_HOLD,
      );
      // The rule's flags are written only when the rating's own statement counted a burst (ADR 0017). The
      // rating stands whatever the check meets: a failure there is the operators' to see.
      if (burst) {
        const rating = { ratingId: record.id, rateeId: record.rateeId, held: record.status === 'held' };
        await flagUnusualActivity(db, rating, burst).catch((error: unknown) =>
          request.log.error({ err: loggableError(error) }, 'unusual-activity check failed'),
        );
      }
      // Likewise the copied-text rule's flags (ADR 0023), when the statement found a near copy.
      if (copies.length > 0 && record.feedbackMessage) {
        const text = {
          ratingId: record.id,
          raterId: record.raterId,
          rateeId: record.rateeId,
          text: record.feedbackMessage,
        };
        await flagCopiedText(db, text, copies).catch((error: unknown) =>
          request.log.error({ err: loggableError(error) }, 'copied-text check failed'),
        );
      }
      return reply.code(201).send(toRatingView(record, session.userId, badgeMin));
    },
  );

  r.get(
    '/rating-categories',
    {
      schema: {
        tags: ['ratings'],
        security: bearerAuth,
        summary: 'The categories of a rating context, in their fixed order',
        querystring: categoriesQuery,
        response: { 200: categoriesResponse, ...errorAnswers(400, 401) },
      },
    },
    async (request) => ({ categories: [...RATING_CATEGORIES[request.query.role_context]] }),
  );

  r.post(
    '/check-rating-eligibility',
    {
      schema: {
        tags: ['ratings'],
        security: bearerAuth,
        summary: 'Whether the caller may rate a user, and why not',
        body: eligibilityRequest,
        response: { 200: eligibilityResponse, ...errorAnswers(400, 401) },
      },
    },
    async (request) =>
      checkEligibility(db, sessionOf(request), request.body.ratee_id, request.body.role_context),
  );

  r.get(
    '/my-ratings/given',
    {
      schema: {
        tags: ['ratings'],
        security: bearerAuth,
        summary: "The caller's ratings, hidden ones marked with status 'hidden'",
        querystring: myRatingsQuery,
        response: { 200: ratingList, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const { records, total } = await givenByPage(db, userId, pageWindow(request.query));
      return listAnswer(
        records.map((record) => toRatingView(record, userId, badgeMin)),
        total,
        request.query,
      );
    },
  );

  r.get(
    '/my-ratings/received',
    {
      schema: {
        tags: ['ratings'],
        security: bearerAuth,
        summary: 'Published ratings of the caller, anonymous raters hidden',
        querystring: myRatingsQuery,
        response: { 200: ratingList, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const { userId, viewVersion } = sessionOf(request);
      // The caller's ratings as others wrote them: cached, as JSON, at the caller's view version.
      const key = `received:${userId}:${request.query.page}:${request.query.page_size}`;
      let received = viewCache.get<ReceivedPage>(key, viewVersion);
      if (!received) {
        const { records, total } = await receivedPublishedPage(db, userId, pageWindow(request.query));
        const results = records.map((record) => encodeJson(rating, toRatingView(record, userId, badgeMin)));
        received = { results, total };
        viewCache.set(key, viewVersion, received, sizeOfParts(results));
      }
      return sendJson(reply, listAnswerJson(received.results, received.total, request.query));
    },
  );
}
