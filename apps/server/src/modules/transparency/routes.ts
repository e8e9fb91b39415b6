// GET /api/core/transparency/ (DESIGN §8.2): public, no personal data. Counted afresh at most every
// REPORT_TTL_MS per process, once however many ask at that moment: the figures are monthly, and a
// visitor flood costs one count a window.
import { transparencyReport as reportSchema, type TransparencyReport } from '@workspace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transparencyReport } from './repository.ts';

const REPORT_TTL_MS = 5 * 60_000;

export async function transparencyRoutes(app: FastifyInstance) {
  let cached: { report: TransparencyReport; at: number } | null = null;
  // Single flight (DESIGN §9.1): requests that find the report stale while it is being counted wait
  // for that count instead of starting one each.
  let counting: Promise<TransparencyReport> | null = null;
  // Monthly figures: a replica's may be a few seconds old like any other (DESIGN §9.2).
  const count = (request: FastifyRequest) => {
    counting ??= transparencyReport(app.reads.staleReads(request).db)
      .then((report) => {
        cached = { report, at: Date.now() };
        return report;
      })
      .finally(() => {
        counting = null;
      });
    return counting;
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/transparency',
    {
      schema: {
        tags: ['core'],
        summary:
          'The transparency report: month by month, what happened to ratings, flags, disputes, appeals',
        response: { 200: reportSchema },
      },
    },
    async (request, reply) => {
      const report = cached && Date.now() - cached.at <= REPORT_TTL_MS ? cached.report : await count(request);
      reply.header('cache-control', `public, max-age=${REPORT_TTL_MS / 1000}`);
      return report;
    },
  );
}
