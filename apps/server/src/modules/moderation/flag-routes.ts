// POST /api/core/ratings/{id}/flag/ (DESIGN §5): any signed-in user who can see a rating may flag
// it once; GET tells them whether they already did. Registered under /api/core beside the core routes.
import {
  errorBody,
  flagCreatedResponse,
  flagRequest,
  MSG,
  ownFlagResponse,
  ratingIdParams,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { authenticate, sessionOf } from '../../plugins/session.ts';
import { type FlagTarget, findFlagTarget, insertFlag, ownFlag, toFlagView } from './repository.ts';

export async function flagRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = instance.deps.db;

  /** The rating, if `userId` may flag it: a 404 for one they cannot see, as its page would. */
  const flaggableBy = async (ratingId: number, userId: number): Promise<FlagTarget> => {
    const target = await findFlagTarget(db, ratingId);
    if (!target) throw notFound(MSG.ratingNotFound);
    // The rater always sees their own rating, so telling them it is theirs reveals nothing.
    if (target.raterId === userId) throw badRequest(MSG.cannotFlagOwn);
    const visible =
      target.status === 'published' &&
      target.rateeActive &&
      (target.rateeShowsDetails || target.rateeId === userId);
    if (!visible) throw notFound(MSG.ratingNotFound);
    return target;
  };

  app.get(
    '/ratings/:id/flag',
    {
      onRequest: authenticate(instance),
      schema: {
        tags: ['moderation'],
        security: [{ bearerAuth: [] }],
        summary: 'Whether, and when, the caller already reported a rating, and whether it was decided',
        params: ratingIdParams,
        response: { 200: ownFlagResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      await flaggableBy(request.params.id, userId);
      const flag = await ownFlag(db, request.params.id, userId);
      return { reported: flag && { at: flag.at.toISOString(), decided: flag.status !== 'open' } };
    },
  );

  app.post(
    '/ratings/:id/flag',
    {
      onRequest: authenticate(instance),
      schema: {
        tags: ['moderation'],
        security: [{ bearerAuth: [] }],
        summary: 'Report a rating to the moderators',
        params: ratingIdParams,
        body: flagRequest,
        response: { 201: flagCreatedResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      const ratingId = request.params.id;
      await flaggableBy(ratingId, userId);
      const flag = await insertFlag(db, {
        ratingId,
        reporterId: userId,
        reason: request.body.reason,
        details: request.body.details ?? null,
      });
      if (!flag) throw badRequest(MSG.alreadyFlagged);
      return reply.code(201).send(toFlagView(flag));
    },
  );
}
