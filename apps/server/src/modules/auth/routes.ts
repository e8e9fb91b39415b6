// /api/auth (DESIGN §5): HTTP only; the rules are in service.ts.
import {
  changePasswordRequest,
  errorBody,
  LIMITS,
  loginRequest,
  loginResponse,
  MSG,
  messageBody,
  noContent,
  ownUser,
  profileUpdateRequest,
  refreshRequest,
  refreshResponse,
  registerRequest,
  registerResponse,
  resetConfirmRequest,
  resetRequest,
  resetRequestResponse,
} from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_RATE_WINDOW } from '../../config/env.ts';
import { authenticate, sessionOf } from '../../plugins/session.ts';
import { createAuthService } from './service.ts';

const TAGS = ['auth'];
const bearer = [{ bearerAuth: [] }];

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.deps);
  // Sign-ups, reset requests and reset confirmations per IP: tighter than the global limit (DESIGN §2,
  // §6); reset codes and failed confirmations are also limited per account (service.ts).
  const authLimit = { rateLimit: { max: app.deps.env.AUTH_RATE_LIMIT, timeWindow: AUTH_RATE_WINDOW } };
  // onRequest, so a caller without a valid token is answered 401 before the body is judged: a client
  // that refreshes on 401 depends on it.
  const signedIn = { onRequest: authenticate(app) };

  app.post(
    '/register',
    {
      config: authLimit,
      schema: {
        tags: TAGS,
        summary: 'Create an employee or employer account (does not sign in)',
        body: registerRequest,
        response: { 201: registerResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      return reply.code(201).send({ message: MSG.registered, user });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in: access and refresh tokens and the own user',
        body: loginRequest,
        response: { 200: loginResponse, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request) => auth.login(request.body, request.ip, request.headers['user-agent'] ?? null),
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: TAGS,
        summary: 'Exchange a refresh token for a new access and refresh token (rotation)',
        body: refreshRequest,
        response: { 200: refreshResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'End the session the refresh token belongs to',
        body: refreshRequest,
        response: { 204: noContent, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body.refresh);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/profile',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: ownUser, 401: errorBody },
      },
    },
    async (request) => auth.profile(sessionOf(request).userId),
  );

  app.patch(
    '/profile',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Update the own profile; only the given fields change',
        security: bearer,
        body: profileUpdateRequest,
        response: { 200: ownUser, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => auth.updateProfile(sessionOf(request).userId, request.body),
  );

  app.put(
    '/change-password',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "Change the password; the user's other sessions end",
        security: bearer,
        body: changePasswordRequest,
        response: { 200: messageBody, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await auth.changePassword(session.userId, session.sessionId, request.body, request.log);
      return { message: MSG.passwordChanged };
    },
  );

  app.post(
    '/password-reset/request',
    {
      config: authLimit,
      schema: {
        tags: TAGS,
        summary: `Send a ${LIMITS.resetCodeLength}-digit reset code to the account, if it exists`,
        body: resetRequest,
        response: { 200: resetRequestResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const code = await auth.requestReset(request.body.email, request.log);
      return {
        message: MSG.resetRequested,
        expires_in: MSG.resetExpiresIn,
        ...(code !== null && app.deps.env.EXPOSE_RESET_CODE && { reset_code: code }),
      };
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: authLimit,
      schema: {
        tags: TAGS,
        summary: 'Set a new password with a reset code; every session of the account ends',
        body: resetConfirmRequest,
        response: { 200: messageBody, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await auth.confirmReset(request.body, request.log);
      return { message: MSG.resetDone };
    },
  );
}
