// /api/auth/email/verify (DESIGN §9.1): an account proves its sign-in address; /api/auth/work-email
// (DESIGN §8.2, ADR 0018): verified employment. HTTP only; the rules are in service.ts. The caller is
// checked before the body on every route.
import {
  emailCodeSent,
  employmentVerification,
  employmentVerifications,
  idParams,
  MSG,
  messageBody,
  noContent,
  WORK_EMAIL_CODE_LENGTH,
  workEmailCodeSent,
  workEmailConfirmRequest,
  workEmailRequest,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_RATE_WINDOW } from '../../config/env.ts';
import { bearerAuth, errorAnswers } from '../../lib/route-docs.ts';
import { authenticate, requireRole, sessionOf } from '../../plugins/session.ts';
import { createVerifiedService } from './service.ts';

const tags = ['verified employment'];

export async function verifiedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const verified = createVerifiedService(app.deps);
  const signedIn = { onRequest: authenticate(app) };
  // Employees only, decided before the body is read (a company learns 403, not what it sent wrong).
  const employees = { onRequest: [authenticate(app), requireRole(['employee'], MSG.workEmailOnlyEmployees)] };
  // Per address as well as per account (service.ts): sending mail is what an attacker would abuse.
  const limit = { rateLimit: { max: app.deps.env.AUTH_RATE_LIMIT, timeWindow: AUTH_RATE_WINDOW } };

  app.post(
    '/email/verify',
    {
      ...signedIn,
      config: limit,
      schema: {
        tags,
        security: bearerAuth,
        summary: `Mail a ${WORK_EMAIL_CODE_LENGTH}-digit code to your own sign-in address, to prove it (companies before declaring a domain)`,
        response: { 202: emailCodeSent, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await verified.requestOwnCode(sessionOf(request), request.log)),
  );

  app.post(
    '/email/verify/confirm',
    {
      ...signedIn,
      config: limit,
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Confirm the code mailed to your sign-in address: the profile then says email_verified',
        body: workEmailConfirmRequest,
        response: { 200: messageBody, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request) => {
      await verified.confirmOwnCode(sessionOf(request), request.body.code);
      return { message: MSG.emailConfirmed };
    },
  );

  app.post(
    '/work-email',
    {
      ...employees,
      config: limit,
      schema: {
        tags,
        security: bearerAuth,
        summary: `Send a ${WORK_EMAIL_CODE_LENGTH}-digit code to a work address at a company's declared domain (employees)`,
        body: workEmailRequest,
        response: { 202: workEmailCodeSent, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await verified.requestCode(sessionOf(request), request.body.email, request.log)),
  );

  app.post(
    '/work-email/confirm',
    {
      ...employees,
      config: limit,
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Confirm the code: records the company, the domain and the date, never the address',
        body: workEmailConfirmRequest,
        response: { 200: employmentVerification, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request) => verified.confirmCode(sessionOf(request), request.body.code),
  );

  app.get(
    '/work-email',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Your verified employments',
        response: { 200: employmentVerifications, ...errorAnswers(401) },
      },
    },
    async (request) => ({ results: await verified.list(sessionOf(request)) }),
  );

  app.delete(
    '/work-email/:id',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Remove your verification at a company (its id)',
        params: idParams,
        response: { 204: noContent, ...errorAnswers(401, 404) },
      },
    },
    async (request, reply) => {
      await verified.remove(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
