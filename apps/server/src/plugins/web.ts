// Serves the built single-page app: hashed assets cached for a year, index.html never cached, and
// every non-API path answered with index.html so the client router can take it. For the pages people
// arrive on, that index.html also names the page's own chunks as modulepreload links (the build
// lists them in route-preloads.json, see apps/web/build/route-preloads.ts), so the browser fetches
// them alongside the entry script rather than after it has run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@workspace/contracts';
import type { FastifyInstance } from 'fastify';

/** index.html for each path with preloads, the links added at the end of its head. */
function indexWithPreloads(dist: string): Map<string, string> {
  const file = join(dist, 'route-preloads.json');
  if (!existsSync(file)) return new Map();
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(preloads).map(([page, files]) => {
      const links = files.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
      return [page, html.replace('</head>', `${links}</head>`)];
    }),
  );
}

/** Whether a request's URL (its query string included or not) is the API's rather than the web app's. */
export const isApiPath = (url: string) => /^\/api(?:[/?]|$)/.test(url);

export async function registerWeb(app: FastifyInstance, dist: string) {
  if (!existsSync(join(dist, 'index.html'))) return;
  const pages = indexWithPreloads(dist);
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
    if (isApiPath(path)) {
      return reply.code(404).send({ detail: MSG.notFound });
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.code(404).send({ detail: MSG.notFound });
    reply.header('Cache-Control', 'no-cache');
    const page = pages.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
    if (page) return reply.type('text/html; charset=utf-8').send(page);
    return reply.sendFile('index.html');
  });
}
