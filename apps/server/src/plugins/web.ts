// Serves the built single-page app: hashed assets cached for a year, index.html never cached, and
// every non-API path answered with index.html so the client router can take it. For the pages people
// arrive on, that index.html also names the page's own chunks as modulepreload links (the build
// lists them in route-preloads.json, see apps/web/build/route-preloads.ts), so the browser fetches
// them alongside the entry script rather than after it has run. Every page also preloads the
// message catalogs its first paint waits for, in the visitor's likely language: the one remembered
// in the language cookie, else the first of Accept-Language's that the app has (the web app's own
// rule, lib/i18n.ts), and says so in <html lang>. A wrong guess costs a small unused download.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  MSG,
  preferredLanguage,
  WEB_PAGES,
} from '@workspace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** dist/route-preloads.json, written by the build (apps/web/build/route-preloads.ts). */
interface Preloads {
  pages: Record<string, string[]>;
  catalogs: Partial<Record<Language, Record<string, string>>>;
  /** The catalogs each arrival page's first paint waits for, and every other page's. */
  pageCatalogs: Record<string, string[]>;
  otherCatalogs: string[];
}

/** The answer for each page with preloads, in each language, and for every other path ('*'). */
type Pages = Map<string, Record<Language, string>>;

function indexWithPreloads(dist: string): Pages {
  const file = join(dist, 'route-preloads.json');
  if (!existsSync(file)) return new Map();
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Preloads;
  const page = (files: string[], catalogs: string[]) =>
    Object.fromEntries(
      LANGUAGES.map((language) => {
        const catalogFiles = catalogs.flatMap((name) => preloads.catalogs[language]?.[name] ?? []);
        const links = [...files, ...catalogFiles]
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
          .join('');
        const answer = html
          .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
          .replace('</head>', `${links}</head>`);
        return [language, answer];
      }),
    ) as Record<Language, string>;
  const pages: Pages = new Map(
    Object.entries(preloads.pages).map(([path, files]) => [
      path,
      page(files, preloads.pageCatalogs[path] ?? preloads.otherCatalogs),
    ]),
  );
  pages.set('*', page([], preloads.otherCatalogs));
  return pages;
}

const LANGUAGE_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The cookie's language if set, else Accept-Language's first the app has, by its q values. */
function visitorLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const cookie = request.headers.cookie?.match(LANGUAGE_IN_COOKIE)?.[1];
  if (isLanguage(cookie)) return cookie;
  const header = request.headers['accept-language'];
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return preferredLanguage(tags.map((entry) => entry.tag));
}

/** The web app's pages as patterns (a `:param` is one path segment); any other path is not found. */
const PAGES = Object.values(WEB_PAGES).map((page) => new RegExp(`^${page.replace(/:[^/]+/g, '[^/]+')}/?$`));
const isPage = (path: string) => PAGES.some((page) => page.test(path));

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
      // The brotli, gzip or plain copy is chosen by Accept-Encoding, so a cache must keep them apart
      // (said here: @fastify/static 10.0, which runs on Node 20 without warnings, does not say it).
      res.header('Vary', 'Accept-Encoding');
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
    // The app itself says "Page not found" for a path it does not know; the status says so too.
    if (!isPage(path)) reply.code(404);
    const page = pages.get(path.length > 1 ? path.replace(/\/+$/, '') : path) ?? pages.get('*');
    if (!page) return reply.sendFile('index.html');
    reply.header('Vary', 'Accept-Language, Cookie');
    return reply.type('text/html; charset=utf-8').send(page[visitorLanguage(request)]);
  });
}
