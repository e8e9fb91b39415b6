// Serves the built single-page app: hashed assets cached for a year, index.html never cached, and
// every non-API path answered with index.html so the client router can take it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';

export async function registerWeb(app: FastifyInstance, dist: string) {
  if (!existsSync(join(dist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(res, path) {
      if (path.includes(`${join(dist, 'assets')}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  // A catch-all GET route rather than a second not-found handler (the error layer owns that one);
  // the static files' own routes win over it.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api') {
      return reply.code(404).send({ detail: MSG.notFound });
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.code(404).send({ detail: MSG.notFound });
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
