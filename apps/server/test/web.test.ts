// How the production web app is served (plugins/web.ts, issue 4): pre-compressed brotli or gzip
// copies chosen by Accept-Encoding, hashed assets cached for a year as immutable, index.html (and the
// client-side routes answered with it) never cached. A temporary dist folder stands in for a build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { createTestApp, type TestContext } from './helpers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX =
  '<!doctype html><html lang="en"><head><title>WorkTrust</title></head><body><div id="root"></div></body></html>';
const CATALOGS = {
  en: { messages: '/assets/messages-En1.js', app: '/assets/app-En2.js', api: '/assets/api-En3.js' },
  hi: { messages: '/assets/messages-Hi1.js', app: '/assets/app-Hi2.js', api: '/assets/api-Hi3.js' },
};
const PRELOADS = {
  pages: {
    '/': ['/assets/landing-As1.js'],
    '/login': ['/assets/login-Qw3Er5Ty.js', '/assets/zod-Zx8Cv6Bn.js'],
  },
  catalogs: CATALOGS,
  pageCatalogs: { '/': ['messages'], '/login': ['messages', 'app'] },
  otherCatalogs: ['messages', 'app'],
};
const links = (...hrefs: string[]) =>
  hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
/** index.html as answered: `lang` set and the preload links at the end of its head. */
const answered = (language: 'en' | 'hi', ...hrefs: string[]) =>
  INDEX.replace('lang="en"', `lang="${language}"`).replace('</head>', `${links(...hrefs)}</head>`);
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

let ctx: TestContext;
let app: App;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'wt-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = join(dist, 'assets', 'index-AbC123xy.js');
  writeFileSync(asset, SCRIPT);
  // Distinct bodies, so a test can tell which copy was sent.
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'only-plain-Zz9Yy8Xx.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'route-preloads.json'), JSON.stringify(PRELOADS));
  ctx = await createTestApp();
  app = await buildApp(ctx.deps, { webDist: dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: encoding ? { 'accept-encoding': encoding, ...headers } : headers,
  });

describe('hashed assets', () => {
  it('are sent as the brotli copy when the browser takes brotli, cached as immutable', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('are sent as the gzip copy to a browser without brotli', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
  });

  it('are sent as they are when no compression is accepted, or none was made', async () => {
    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);

    const css = await get('/assets/only-plain-Zz9Yy8Xx.css', 'br, gzip');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{margin:0}');
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answer a missing asset 404 in the API error shape, not with index.html', async () => {
    const res = await get('/assets/index-Missing1.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('index.html and the client routes', () => {
  it('is never cached, at / and at any screen of the app', async () => {
    for (const url of ['/', '/companies', '/user/12', '/about?next=%2Fdashboard', '/dashboard/']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toBe('Accept-Language, Cookie');
    }
  });

  it("names an arrival page's own chunks as modulepreload links, and only that page's", async () => {
    for (const url of ['/login', '/login/', '/login?redirectTo=%2Fdashboard']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(
        answered(
          'en',
          '/assets/login-Qw3Er5Ty.js',
          '/assets/zod-Zx8Cv6Bn.js',
          CATALOGS.en.messages,
          CATALOGS.en.app,
        ),
      );
    }
    expect((await get('/register')).body).toBe(answered('en', CATALOGS.en.messages, CATALOGS.en.app));
  });

  it('preloads the catalogs a first paint waits for: the shell for the landing page, the screens too elsewhere', async () => {
    expect((await get('/')).body).toBe(answered('en', '/assets/landing-As1.js', CATALOGS.en.messages));
    expect((await get('/users/12/profile')).body).toBe(answered('en', CATALOGS.en.messages, CATALOGS.en.app));
  });

  it("picks the visitor's language: the cookie, else Accept-Language's first the app has, by q", async () => {
    const languageOf = async (headers: Record<string, string>) => {
      const { body } = await get('/', undefined, headers);
      const language = /<html lang="([a-z]+)">/.exec(body)?.[1];
      const catalog = language === 'hi' ? CATALOGS.hi.messages : CATALOGS.en.messages;
      expect(body, JSON.stringify(headers)).toContain(links(catalog));
      return language;
    };
    expect(await languageOf({})).toBe('en');
    expect(await languageOf({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('hi');
    expect(await languageOf({ 'accept-language': 'sw-KE, en-IN;q=0.8, hi;q=0.9' })).toBe('hi');
    expect(await languageOf({ 'accept-language': 'fr, hi;q=0, en;q=0.5' })).toBe('en');
    expect(await languageOf({ 'accept-language': 'sw-KE' })).toBe('en');
    expect(await languageOf({ 'accept-language': 'en', cookie: 'a=1; worktrust_language=hi' })).toBe('hi');
    expect(await languageOf({ 'accept-language': 'hi', cookie: 'worktrust_language=en' })).toBe('en');
    // A cookie the app does not know falls back to the header.
    expect(await languageOf({ 'accept-language': 'hi', cookie: 'worktrust_language=xx' })).toBe('hi');
  });

  it('keeps unhashed public files revalidated', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a path that is no page of the app 404, with the app, which says "Page not found" (issue 47)', async () => {
    for (const url of ['/no-such-page', '/users/12/profile', '/user/12/extra', '/dashboardx']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('leaves unknown API paths to the API error answer', async () => {
    const res = await get('/api/no-such-endpoint/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('the per-address rate limit', () => {
  it("counts API requests only: a page's files never spend it, nor are refused when it is spent", async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '3' });
    const limitedApp = await buildApp(limited.deps, { webDist: dist });
    try {
      const fetchPage = async () => {
        for (const url of [
          '/login',
          '/',
          '/assets/index-AbC123xy.js',
          '/favicon.svg',
          '/assets/only-plain-Zz9Yy8Xx.css',
        ]) {
          const res = await limitedApp.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
        }
      };
      await fetchPage();
      await fetchPage();
      // A sign-in without a body: 400 until the limit answers first. The router decodes paths, so
      // an encoded one reaches the same route and must count the same.
      const api = (url = '/api/auth/login/') => limitedApp.inject({ method: 'POST', url, payload: {} });
      expect((await api()).statusCode).toBe(400);
      expect((await api('/%61pi/auth/login/')).statusCode).toBe(400);
      expect((await api()).statusCode).toBe(400);
      expect((await api('/%61pi/auth/login/')).statusCode).toBe(429);
      const refused = await api();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ detail: 'Too many requests. Please try again later.' });
      expect((await limitedApp.inject({ method: 'GET', url: '/api/no-such-endpoint/' })).statusCode).toBe(
        429,
      );
      await fetchPage();
    } finally {
      await limitedApp.close();
      await limited.close();
    }
  });
});
