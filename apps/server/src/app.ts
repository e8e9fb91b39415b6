// Builds the whole API as a Fastify instance without listening (tests inject into it; server.ts
// listens). Layers, in order: compilers and errors, security, cross-cutting plugins, modules, web.
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { MAX_BODY_KB, MSG } from '@workspace/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { tooManyRequests } from './lib/errors.ts';
import { loggableError } from './lib/loggable-error.ts';
import { fallbackRateLimitStore, tallyRateLimitStore } from './lib/rate-limit-store.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { coreRoutes } from './modules/core/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { flagRoutes } from './modules/moderation/flag-routes.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { notificationRoutes, notificationSettingsRoutes } from './modules/notifications/routes.ts';
import { grievanceModerationRoutes, grievanceRoutes, privacyAuthRoutes } from './modules/privacy/routes.ts';
import { givenCount, rateAgainOn } from './modules/ratings/repository.ts';
import { countPersonalDataRefusal } from './modules/transparency/repository.ts';
import { transparencyRoutes } from './modules/transparency/routes.ts';
import { verifiedRoutes } from './modules/verified/routes.ts';
import { accountLimit } from './plugins/account-limit.ts';
import { clientErrors, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerReplicaReads } from './plugins/replica-reads.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { isApiPath, registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;
const BODY_LIMIT = MAX_BODY_KB * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** An existing pino logger (server.ts); Fastify 5 takes instances only through this option. */
  loggerInstance?: FastifyBaseLogger;
  /** Directory of the built web app to serve; omitted in API-only tests. */
  webDist?: string;
  /** Who may set X-Forwarded-For; env TRUST_PROXY (none by default) unless given. */
  trustProxy?: boolean | string[];
}

/**
 * Fastify's request lines, naming a request's route pattern (/api/core/ratings/:id), never its URL:
 * the id of an anonymous rating in the path of an edit or an appeal, which only its author may send,
 * would stand beside their address, and query strings hold searches and mail links' signatures. One
 * line a request, when it completes; none when it arrives.
 */
class RouteLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: loggableError(error) }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.info({ method: request.method }, 'route not found');
  }
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? deps.env.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    logController: new RouteLogController(),
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // Replaced by the closing hook below, which answers in the API's own error shape.
    return503OnClosing: false,
    // Each request gets an id, returned in X-Request-Id and present on every log line it causes;
    // a well-formed id from a proxy is kept so logs can be followed across hops.
    requestIdHeader: false,
    genReqId: (request) => {
      const inbound = request.headers['x-request-id'];
      return typeof inbound === 'string' && REQUEST_ID.test(inbound) ? inbound : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // While the process stops (server.ts calls close()), a request that still arrives on an open
  // connection is not processed: 503 in the API's error shape, and the connection closes so the
  // client (a proxy, a load balancer) tries again elsewhere. Requests already in flight finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    // Serialised here: a route's own 503 schema (the health check's) must not shape this answer.
    return reply
      .code(503)
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ detail: MSG.serviceUnavailable }));
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The transparency report counts the texts refused for personal data (ADR 0022).
  registerErrorHandling(app, {
    onPersonalDataRefused: ({ text, kind }) => countPersonalDataRefusal(deps.db, text, kind),
  });
  // JSON only (DESIGN §3): any other body type is answered 415.
  app.removeContentTypeParser('text/plain');
  registerSecurityHeaders(app);
  // Closed by default: the web app is served from the same origin. Not registered at all then, since
  // its hooks cost every request CPU (issue 4) only to add nothing.
  // The plugin's default methods are GET, HEAD and POST only: a browser's preflight for PATCH /profile
  // or PUT /change-password would be refused.
  if (deps.env.CORS_ORIGINS.length > 0) {
    await app.register(cors, {
      origin: deps.env.CORS_ORIGINS,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Retry-After'],
    });
  }
  await app.register(rateLimit, {
    // The per-address limit is the hook below, for every request; a route with limits of its own
    // (config.rateLimit: sign-ups, reset requests) gets the plugin's route hook as well.
    global: false,
    max: deps.env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // Counted in Redis, shared by every instance; in the server's memory (shared by its workers)
    // without Redis or while it is down, so the site stays up and still limited (DESIGN §1, issue 5).
    store: deps.redis
      ? fallbackRateLimitStore(
          deps.redis,
          'wt:rl:',
          (error) =>
            app.log.warn({ err: error.message }, 'Redis command failed: rate limit counted in server memory'),
          deps.tally,
        )
      : tallyRateLimitStore(deps.tally, 'wt:rl:'),
    skipOnError: true,
    // The limit guards the API. The web app's files and pages are cheap to send and cached by the
    // browser; counting them let a page's own chunks (twenty on a first visit) spend an address's
    // allowance, and a refused chunk left the page blank (people behind one office or carrier NAT
    // share an address). Only a request that reached a web route is let through, judged by the
    // route it matched as well as its URL: the router decodes paths, so /%61pi/… reaches the API.
    allowList: (request) => {
      const route = request.routeOptions.url;
      return route !== undefined && !isApiPath(route) && !isApiPath(request.url);
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: MSG.tooManyRequests,
      retryAfter: context.after,
    }),
  });
  // Per address (IPv6 by its /64, the plugin's default key), as a hook of the root, so it runs
  // before the hooks of the modules: requests with bad tokens are counted, and a flood is refused
  // before its session is read (issue 15 §6). The plugin's route hooks run after those.
  const perAddress = app.createRateLimit();
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.rateLimit === false) return;
    const limit = await perAddress(request);
    if (limit.isAllowed) return;
    reply.header('x-ratelimit-limit', limit.max);
    reply.header('x-ratelimit-remaining', limit.remaining);
    reply.header('x-ratelimit-reset', limit.ttlInSeconds);
    if (limit.isExceeded) {
      throw tooManyRequests(limit.ttlInSeconds);
    }
  });
  // The session check counts the ratings a user gave, and reads a cooldown on rating the shown user,
  // as the ratings module does (ADR 0007); it counts each request against its account's limits too.
  registerSession(
    app,
    { givenCount, rateAgainOn },
    accountLimit(app, { requests: deps.env.ACCOUNT_RATE_LIMIT, writes: deps.env.ACCOUNT_WRITE_LIMIT }),
  );

  await registerOpenApi(app);
  registerReplicaReads(app, deps.database, {
    stickySeconds: deps.env.REPLICA_STICKY_S,
    maxLagSeconds: deps.env.REPLICA_MAX_LAG_S,
  });
  registerMetrics(app);

  await app.register(
    async (api) => {
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(coreRoutes, { prefix: '/core' });
      await api.register(healthRoutes, { prefix: '/core' });
      await api.register(transparencyRoutes, { prefix: '/core' });
      await api.register(flagRoutes, { prefix: '/core' });
      await api.register(moderationRoutes, { prefix: '/moderation' });
      await api.register(privacyAuthRoutes, { prefix: '/auth' });
      await api.register(verifiedRoutes, { prefix: '/auth' });
      await api.register(grievanceRoutes, { prefix: '/core' });
      await api.register(grievanceModerationRoutes, { prefix: '/moderation' });
      await api.register(notificationRoutes, { prefix: '/core' });
      await api.register(notificationSettingsRoutes, { prefix: '/auth' });
    },
    { prefix: '/api' },
  );

  if (options.webDist) await registerWeb(app, options.webDist);
  return app;
}
