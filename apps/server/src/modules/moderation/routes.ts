// /api/moderation (DESIGN §5 "Moderation"): the flag queue, the actions on ratings, flags and users,
// and the audit log. Moderators only; the token and the role are checked before anything else.
import {
  auditQuery,
  auditResponse,
  decideDisputeRequest,
  decisionQuery,
  errorBody,
  flagsQuery,
  flagsResponse,
  idParams,
  MSG,
  moderationActionResponse,
  moderationAppeals,
  moderationDisputes,
  moderationReason,
  ratingIdParams,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAnswer, pageWindow } from '../../lib/paging.ts';
import { authenticate, requireRole, sessionOf } from '../../plugins/session.ts';
import { appealQueue, disputeQueue } from '../rating-actions/repository.ts';
import { auditLog, flagQueue } from './repository.ts';
import {
  decideDispute,
  dismissFlag,
  hideRating,
  hideReply,
  reinstateUser,
  rejectAppeal,
  restoreRating,
  suspendUser,
} from './service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const common = { tags: ['moderation'], security: [{ bearerAuth: [] }] };
/** A moderator's action on the row of the path's id (a rating's ids reach 2^53: ratingIdParams). */
const action = (summary: string, params: typeof idParams | typeof ratingIdParams = idParams) => ({
  schema: {
    ...common,
    summary,
    params,
    body: moderationReason,
    response: { 200: moderationActionResponse, ...errors },
  },
});

export async function moderationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // onRequest, so a caller without the role learns nothing, not even whether an id exists.
  app.addHook('onRequest', authenticate(instance));
  app.addHook('onRequest', requireRole(['moderator'], MSG.onlyModerators));
  const db = instance.deps.db;
  const badgeMin = instance.deps.env.VERIFIED_BADGE_MIN;

  app.get(
    '/flags',
    {
      schema: {
        ...common,
        summary: 'Flagged ratings with their flags and the rater revealed',
        querystring: flagsQuery,
        response: { 200: flagsResponse, ...errors },
      },
    },
    async (request) => {
      const { total, items } = await flagQueue(db, request.query, badgeMin);
      return listAnswer(items, total, request.query);
    },
  );

  app.post('/ratings/:id/hide', action('Hide a published rating', ratingIdParams), async (request) => {
    await hideRating(db, sessionOf(request).userId, request.params.id, request.body.reason);
    return { message: MSG.ratingHidden };
  });

  app.post(
    '/ratings/:id/restore',
    action('Publish a hidden rating again', ratingIdParams),
    async (request) => {
      await restoreRating(db, sessionOf(request).userId, request.params.id, request.body.reason);
      return { message: MSG.ratingRestored };
    },
  );

  app.post(
    '/flags/:id/dismiss',
    action(
      "Dismiss an open flag; its reporter reads the reason (the rating's other reporters and author do not)",
    ),
    async (request) => {
      await dismissFlag(db, sessionOf(request).userId, request.params.id, request.body.reason);
      return { message: MSG.flagDismissed };
    },
  );

  app.post('/users/:id/suspend', action('Suspend a user and hide the ratings they gave'), async (request) => {
    await suspendUser(db, sessionOf(request).userId, request.params.id, request.body.reason, {
      hold: instance.deps.env.ANONYMOUS_HOLD,
    });
    return { message: MSG.userSuspended };
  });

  app.post(
    '/users/:id/reinstate',
    action(
      "Reinstate a user and publish the ratings their suspension hid (anonymous ones with the next day's release)",
    ),
    async (request) => {
      await reinstateUser(db, sessionOf(request).userId, request.params.id, request.body.reason, {
        hold: instance.deps.env.ANONYMOUS_HOLD,
      });
      return { message: MSG.userReinstated };
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        ...common,
        summary: 'The moderation log, newest first',
        querystring: auditQuery,
        response: { 200: auditResponse, ...errors },
      },
    },
    async (request) => {
      const { total, items } = await auditLog(db, request.query);
      return listAnswer(items, total, request.query);
    },
  );

  app.post(
    '/ratings/:id/hide-reply',
    action("Hide the rated party's reply to a rating", ratingIdParams),
    async (request) => {
      await hideReply(db, sessionOf(request).userId, request.params.id, request.body.reason);
      return { message: MSG.replyHidden };
    },
  );

  app.get(
    '/disputes',
    {
      schema: {
        ...common,
        summary: 'Disputes: open ones by due date (overdue first), or decided ones',
        querystring: decisionQuery,
        response: { 200: moderationDisputes, ...errors },
      },
    },
    async (request) => {
      const { total, items } = await disputeQueue(
        db,
        request.query.status,
        pageWindow(request.query),
        badgeMin,
      );
      return listAnswer(items, total, request.query);
    },
  );

  app.post(
    '/disputes/:id/decide',
    {
      schema: {
        ...common,
        summary: 'Decide a dispute: UPHELD hides the rating, REJECTED publishes it',
        params: idParams,
        body: decideDisputeRequest,
        response: { 200: moderationActionResponse, ...errors },
      },
    },
    async (request) => {
      // Both parties are told by notification, and by mail from it (ADR 0025).
      await decideDispute(db, sessionOf(request).userId, request.params.id, request.body);
      return { message: MSG.disputeDecided };
    },
  );

  app.get(
    '/appeals',
    {
      schema: {
        ...common,
        summary: 'Appeals against hidden ratings: open ones oldest first, or decided ones',
        querystring: decisionQuery,
        response: { 200: moderationAppeals, ...errors },
      },
    },
    async (request) => {
      const { total, items } = await appealQueue(
        db,
        request.query.status,
        pageWindow(request.query),
        badgeMin,
        sessionOf(request).userId,
      );
      return listAnswer(items, total, request.query);
    },
  );

  app.post(
    '/appeals/:id/reject',
    action('Reject an appeal; restoring the rating grants it instead'),
    async (request) => {
      await rejectAppeal(db, sessionOf(request).userId, request.params.id, request.body.reason);
      return { message: MSG.appealRejected };
    },
  );
}
