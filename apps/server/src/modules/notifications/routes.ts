// Notifications (DESIGN §9.3): GET /api/core/notifications/ and POST …/read/ for the signed-in owner;
// GET and PATCH /api/auth/notification-settings/; and /api/auth/unsubscribe/, which works without
// signing in from the link in every mail: GET shows what it will turn off (mail scanners follow
// links), POST turns it off (RFC 8058 one-click, and the page's button).
import {
  knownLanguage,
  type Language,
  MSG,
  markReadRequest,
  NOTIFICATION_MAIL_TYPES,
  noContent,
  notificationSettings,
  notificationSettingsPatch,
  notificationsQuery,
  notificationsResponse,
} from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jwtSecret } from '../../config/jwt-secret.ts';
import { queryRows } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { bearerAuth, errorAnswers } from '../../lib/route-docs.ts';
import { authenticate, sessionOf } from '../../plugins/session.ts';
import { validUnsubscribe } from './mail-render.ts';
import { mailSettings, markRead, notificationsPage, setMailSettings } from './repository.ts';
import { unsubscribe } from './worker.ts';

const tags = ['notifications'];

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const signedIn = { onRequest: authenticate(app) };

  app.get(
    '/notifications',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Your notifications, newest first, with their number and the unread number',
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, ...errorAnswers(400, 401) },
      },
    },
    async (request) => notificationsPage(db, sessionOf(request).userId, pageWindow(request.query)),
  );

  app.post(
    '/notifications/read',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Mark notifications read: {"ids": [...]} of yours, or {"all": true}',
        body: markReadRequest,
        response: { 204: noContent, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      await markRead(db, sessionOf(request).userId, request.body);
      return reply.code(204).send(null);
    },
  );
}

const unsubscribeQuery = z.object({
  u: z.coerce.number({ error: MSG.unsubscribeInvalid }).int().positive(),
  // Only a type whose mail may be turned off: no mail is ever signed for an app-only one (ADR 0034),
  // and a grievance's answer is mailed with the answer itself.
  t: z.enum([...NOTIFICATION_MAIL_TYPES, 'daily_digest'], { error: MSG.unsubscribeInvalid }),
  s: z.string({ error: MSG.unsubscribeInvalid }).max(100),
});

/** The unsubscribe pages, in the account's language. */
const UNSUBSCRIBE_PAGE = {
  en: {
    title: 'Stop this mail?',
    ask: 'WorkTrust will stop sending you this kind of mail. You can turn it on again in your account settings.',
    button: 'Stop this mail',
    doneTitle: 'Done',
    done: 'You will not get this kind of mail from WorkTrust any more. You can turn it on again in your account settings.',
  },
  hi: {
    title: 'यह मेल बंद करें?',
    ask: 'WorkTrust आपको इस तरह का मेल भेजना बंद कर देगा। आप इसे अपने अकाउंट की सेटिंग में फिर से चालू कर सकते हैं।',
    button: 'यह मेल बंद करें',
    doneTitle: 'हो गया',
    done: 'अब आपको WorkTrust से इस तरह का मेल नहीं मिलेगा। आप इसे अपने अकाउंट की सेटिंग में फिर से चालू कर सकते हैं।',
  },
} satisfies Record<Language, Record<string, string>>;

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family: Arial, sans-serif; max-width: 560px; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">${body}</body></html>`;

export async function notificationSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const secret = jwtSecret(app.deps.env);
  const signedIn = { onRequest: authenticate(app) };

  app.get(
    '/notification-settings',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Your notification mail: on or off for each type, and the daily digest',
        response: { 200: notificationSettings, ...errorAnswers(401) },
      },
    },
    async (request) => mailSettings(db, sessionOf(request).userId),
  );

  app.patch(
    '/notification-settings',
    {
      ...signedIn,
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Turn mail of notification types on or off, or the daily digest',
        body: notificationSettingsPatch,
        response: { 200: notificationSettings, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      await setMailSettings(db, userId, request.body);
      return mailSettings(db, userId);
    },
  );

  // RFC 8058's one-click POST is a form (List-Unsubscribe=One-Click), urlencoded or multipart, here
  // alone among JSON routes; its body says nothing the signed link does not.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    fastify.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) => done(null, null));
  }
  const languageOfUser = async (userId: number): Promise<Language> => {
    const [row] = await queryRows<{ language: string }>(
      db,
      sql`select language from users where id = ${userId}`,
    );
    return knownLanguage(row?.language);
  };

  const checked = (query: z.infer<typeof unsubscribeQuery>) => {
    if (!validUnsubscribe(secret, query.u, query.t, query.s)) throw badRequest(MSG.unsubscribeInvalid);
    return query;
  };

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'The page an unsubscribe link opens: what it turns off, and a button (no change until it is pressed)',
        querystring: unsubscribeQuery,
        response: { 200: z.string().describe('An HTML page'), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const { u, t, s } = checked(request.query);
      const text = UNSUBSCRIBE_PAGE[await languageOfUser(u)];
      const action = `?u=${u}&t=${t}&s=${encodeURIComponent(s)}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            text.title,
            `<h1>${text.title}</h1><p>${text.ask}</p><form method="post" action="${action}"><button type="submit">${text.button}</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'One-click unsubscribe (RFC 8058): turns off the mail the signed link names, without signing in',
        querystring: unsubscribeQuery,
        response: { 200: z.string().describe('An HTML page'), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const { u, t } = checked(request.query);
      await unsubscribe(db, u, t);
      const text = UNSUBSCRIBE_PAGE[await languageOfUser(u)];
      return reply
        .type('text/html; charset=utf-8')
        .send(page(text.doneTitle, `<h1>${text.doneTitle}</h1><p>${text.done}</p>`));
    },
  );
}
