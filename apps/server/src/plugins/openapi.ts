// OpenAPI document generated from the zod schemas of every route: /api/openapi.json, browsable at
// /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBody } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Methods whose requests Fastify reads a body of: malformed JSON is a 400, too large a 413, not JSON a 415. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers every API operation can give whatever its own code does (DESIGN §9.1), added to
 * its documented responses: 429 (the per-address limit covers every request), 400 when a path or
 * query parameter or the body is validated, 400, 413 and 415 where a body is read, and 503 while the
 * process stops. So the document lists every status a client can meet, and the error shape applies.
 */
function documentCommonAnswers(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || schema.hide || !route.url.startsWith('/api/')) return;
    const methods = [route.method].flat();
    const statuses = [429, 503];
    if (schema.params || schema.querystring || schema.body) statuses.push(400);
    if (methods.some((method) => BODY_METHODS.has(method))) statuses.push(400, 413, 415);
    const response = { ...(schema.response as Record<number, unknown> | undefined) };
    for (const status of statuses) response[status] ??= errorBody;
    schema.response = response;
  });
}

export async function registerOpenApi(app: FastifyInstance) {
  documentCommonAnswers(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'WorkTrust API',
        description:
          'Ratings of companies by employees and of employees by employers. Errors: {"detail", "errors"?}.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
