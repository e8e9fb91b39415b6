// HTTP of the privacy rights and grievances (DESIGN §8.3): own data, consent, sessions and account
// deletion under /api/auth; filing and following grievances under /api/core; the moderators' queue
// under /api/moderation. The caller is checked (onRequest) before any body is judged.
import {
  closeGrievanceRequest,
  consentRequest,
  consentResponse,
  deleteAccountRequest,
  errorBody,
  GRIEVANCE_ACKNOWLEDGE_HOURS,
  GRIEVANCE_DUE_DAYS,
  grievanceCreated,
  grievanceList,
  grievanceOfficer,
  grievanceQuery,
  grievanceRequest,
  idParams,
  MSG,
  messageBody,
  moderationGrievanceList,
  myDataFileName,
  myDataResponse,
  PRIVACY_NOTICE_EFFECTIVE_AT,
  PRIVACY_NOTICE_PATH,
  PRIVACY_NOTICE_VERSION,
  privacyNotice,
  sessionParams,
  sessionsResponse,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_RATE_WINDOW } from '../../config/env.ts';
import { authenticate, optionalAuth, requireRole, sessionOf } from '../../plugins/session.ts';
import { createPrivacyService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const noContent = z.null().describe('No content');
const errors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorBody])) as Record<S, typeof errorBody>;

export async function privacyAuthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const privacy = createPrivacyService(instance.deps);
  const signedIn = { onRequest: authenticate(instance) };
  const tags = ['privacy'];

  app.post(
    '/consent',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Accept the current privacy notice version (PRIVACY_NOTICE_VERSION); older ones: 400',
        security: bearer,
        body: consentRequest,
        response: { 200: consentResponse, ...errors(400, 401) },
      },
    },
    async (request) => privacy.consent(sessionOf(request).userId, request.body.version),
  );

  app.get(
    '/my-data',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Everything held about the caller, as a JSON download',
        security: bearer,
        response: { 200: myDataResponse, ...errors(401, 429) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const data = await privacy.myData(session.userId, session.sessionId);
      reply.header('content-disposition', `attachment; filename="${myDataFileName(data.generated_at)}"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.get(
    '/sessions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's signed-in devices (live sessions)",
        security: bearer,
        response: { 200: sessionsResponse, ...errors(401) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return { results: await privacy.sessions(session.userId, session.sessionId) };
    },
  );

  app.delete(
    '/sessions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "End every one of the caller's sessions but this one: their tokens stop at once",
        security: bearer,
        response: { 204: noContent, ...errors(401) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      await privacy.endOtherSessions(session.userId, session.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/sessions/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "End one of the caller's sessions: its refresh and access tokens stop at once",
        security: bearer,
        params: sessionParams,
        response: { 204: noContent, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await privacy.endSession(sessionOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/account',
    {
      onRequest: optionalAuth(instance),
      schema: {
        tags,
        summary:
          'Delete the own account. Signed in: {password, ratings_given}; without a token (suspended ' +
          'users too): {email, password, ratings_given}, checked and limited as sign-in is',
        body: deleteAccountRequest,
        response: { 204: noContent, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await privacy.deleteAccount(request.session?.userId ?? null, request.body, request.ip);
      return reply.code(204).send(null);
    },
  );
}

export async function grievanceRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const privacy = createPrivacyService(instance.deps);
  const { env } = instance.deps;
  const tags = ['grievances'];

  app.get(
    '/privacy-notice',
    {
      schema: {
        tags: ['privacy'],
        summary: 'The privacy notice in force (public): its version, for clients that record consent',
        response: { 200: privacyNotice },
      },
    },
    async () => ({
      version: PRIVACY_NOTICE_VERSION,
      effective_at: PRIVACY_NOTICE_EFFECTIVE_AT,
      url: PRIVACY_NOTICE_PATH,
    }),
  );

  app.get(
    '/grievance-officer',
    {
      schema: {
        tags,
        summary: 'The Grievance Officer and the timelines (public)',
        response: { 200: grievanceOfficer },
      },
    },
    async () => ({
      name: env.GRIEVANCE_OFFICER_NAME,
      email: env.GRIEVANCE_OFFICER_EMAIL,
      acknowledge_within_hours: GRIEVANCE_ACKNOWLEDGE_HOURS,
      resolve_within_days: GRIEVANCE_DUE_DAYS,
    }),
  );

  app.post(
    '/grievances',
    {
      onRequest: optionalAuth(instance),
      // Per address like registration; per account and per email in the service.
      config: { rateLimit: { max: env.AUTH_RATE_LIMIT, timeWindow: AUTH_RATE_WINDOW } },
      schema: {
        tags,
        summary: "File a grievance (visitors too; signed in, email defaults to the account's)",
        body: grievanceRequest,
        response: { 201: grievanceCreated, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const created = await privacy.fileGrievance(request.session?.userId ?? null, request.body, request.log);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/grievances/mine',
    {
      onRequest: authenticate(instance),
      schema: {
        tags,
        summary: 'The grievances the caller filed, with their outcome',
        security: bearer,
        response: { 200: grievanceList, ...errors(401) },
      },
    },
    async (request) => ({ results: await privacy.myGrievances(sessionOf(request).userId) }),
  );
}

export async function grievanceModerationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', authenticate(instance));
  app.addHook('onRequest', requireRole(['moderator'], MSG.onlyModerators));
  const privacy = createPrivacyService(instance.deps);
  const common = { tags: ['moderation'], security: bearer };

  app.get(
    '/grievances',
    {
      schema: {
        ...common,
        summary: 'Grievances by due date, earliest first (open), overdue ones marked',
        querystring: grievanceQuery,
        response: { 200: moderationGrievanceList, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ results: await privacy.queue(request.query.status) }),
  );

  app.post(
    '/grievances/:id/close',
    {
      schema: {
        ...common,
        summary: 'Close a grievance with the answer the complainant is sent',
        params: idParams,
        body: closeGrievanceRequest,
        response: { 200: messageBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await privacy.close(sessionOf(request).userId, request.params.id, request.body.reason, request.log);
      return { message: MSG.grievanceClosed };
    },
  );
}
