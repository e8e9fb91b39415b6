// /api/core/ratings/{id}/…: the rated party's reply and dispute, the author's edit, withdrawal and
// appeal (DESIGN §8.1). Registered inside coreRoutes, so the caller is checked before the body.
import {
  appealCreated,
  appealRequest,
  DISPUTE_DECISION_DAYS,
  disputeCreated,
  disputeRequest,
  EDIT_WINDOW_DAYS,
  noContent,
  PAGE_SIZES,
  pageQuery,
  ratedPartyDisputes,
  ratingEditRequest,
  ratingIdParams,
  ratingReply,
  replyRequest,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loggableError } from '../../lib/loggable-error.ts';
import { listAnswer, pageWindow } from '../../lib/paging.ts';
import { bearerAuth, errorAnswers } from '../../lib/route-docs.ts';
import { sessionOf } from '../../plugins/session.ts';
import { comparable, flagCopiedText } from '../ratings/copied-text.ts';
import { disputesOfRatee } from './repository.ts';
import {
  addReply,
  deleteReply,
  editRating,
  editReply,
  fileAppeal,
  fileDispute,
  withdrawRating,
} from './service.ts';

const tags = ['both sides'];
const replyView = (row: { message: string; createdAt: Date; updatedAt: Date }) => ({
  message: row.message,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function ratingActionRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = instance.deps;

  app.patch(
    '/ratings/:id',
    {
      schema: {
        tags,
        security: bearerAuth,
        summary: `Edit your own rating within ${EDIT_WINDOW_DAYS} days (scores and/or feedback)`,
        params: ratingIdParams,
        body: ratingEditRequest,
        response: { 204: noContent, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const raterId = sessionOf(request).userId;
      const text = request.body.feedback_message;
      const { rateeId, held } = await editRating(db, raterId, request.params.id, request.body, {
        hold: instance.deps.env.ANONYMOUS_HOLD,
      });
      // An edited text meets the copied-text rule as a new one does (ADR 0023); the edit stands. A
      // held edit meets it when the release applies it, so that its flag does not date it either.
      if (!held && comparable(text)) {
        await flagCopiedText(db, { ratingId: request.params.id, raterId, rateeId, text }).catch(
          (error: unknown) => request.log.error({ err: loggableError(error) }, 'copied-text check failed'),
        );
      }
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/ratings/:id',
    {
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Withdraw your own rating: it leaves every list and average at once',
        params: ratingIdParams,
        response: { 204: noContent, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await withdrawRating(db, sessionOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  const replySchema = (summary: string) => ({
    schema: {
      tags,
      security: bearerAuth,
      summary,
      params: ratingIdParams,
      body: replyRequest,
      response: { 200: ratingReply, 201: ratingReply, ...errorAnswers(400, 401, 403, 404) },
    },
  });

  app.post('/ratings/:id/reply', replySchema('Reply, as the rated party, once'), async (request, reply) => {
    const row = await addReply(db, sessionOf(request).userId, request.params.id, request.body.message);
    return reply.code(201).send(replyView(row));
  });

  app.put('/ratings/:id/reply', replySchema('Edit your reply'), async (request) => {
    const row = await editReply(db, sessionOf(request).userId, request.params.id, request.body.message);
    return replyView(row);
  });

  app.delete(
    '/ratings/:id/reply',
    {
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Remove your reply',
        params: ratingIdParams,
        response: { 204: noContent, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteReply(db, sessionOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/ratings/:id/dispute',
    {
      schema: {
        tags,
        security: bearerAuth,
        summary: `Dispute a rating of yourself, once; decided within ${DISPUTE_DECISION_DAYS} days`,
        params: ratingIdParams,
        body: disputeRequest,
        response: { 201: disputeCreated, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await fileDispute(db, sessionOf(request).userId, request.params.id, request.body);
      return reply.code(201).send({ id: row.id, status: row.status, due_at: row.dueAt.toISOString() });
    },
  );

  app.post(
    '/ratings/:id/appeal',
    {
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Appeal, once, against the hiding of your rating',
        params: ratingIdParams,
        body: appealRequest,
        response: { 201: appealCreated, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await fileAppeal(db, sessionOf(request).userId, request.params.id, request.body.message);
      return reply.code(201).send({ id: row.id, status: row.status });
    },
  );

  app.get(
    '/my-ratings/disputes',
    {
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Disputes you filed, with the rating as you see it and the outcome',
        querystring: pageQuery(PAGE_SIZES.myRatings),
        response: { 200: ratedPartyDisputes, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const { items, total } = await disputesOfRatee(
        db,
        userId,
        pageWindow(request.query),
        instance.deps.env.VERIFIED_BADGE_MIN,
      );
      return listAnswer(items, total, request.query);
    },
  );
}
