import { healthResponse } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const VERSION = '1.0.0';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['core'],
        summary: 'Liveness and database check',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const timestamp = new Date().toISOString();
      try {
        await app.deps.database.ping();
        return { status: 'healthy' as const, database: 'ok', version: VERSION, timestamp };
      } catch {
        return reply
          .code(503)
          .send({ status: 'unhealthy' as const, database: 'unavailable', version: VERSION, timestamp });
      }
    },
  );
}
