// Build step: for the pages people arrive on, the route chunk and the chunks it imports, and for every
// language the catalog chunks a first paint waits for, written to dist/route-preloads.json
// ({ pages: { "/login": ["/assets/login-….js", …] }, catalogs: { hi: { messages: "/assets/…", app:
// "/assets/…" } }, pageCatalogs: { "/": ["messages"], "/login": ["messages", "app"], … },
// otherCatalogs: ["messages", "app"] }). The server
// puts them in the index.html it answers for that path as <link rel="modulepreload">, the catalogs
// of the visitor's language (plugins/web.ts), so the browser fetches the page's code and messages
// alongside the entry script instead of after it has run (a round trip or two less before the page
// appears: main.tsx renders once the shell catalog is in, app/router.tsx a screen once `app` is, a
// signed-in screen once `api` is too).
// The build fails if a page below is no longer a lazily loaded route chunk, or a catalog is missing.
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { paths } from '../src/config/paths';

/** Pages worth preloading (where visitors land), and the route module each one renders. */
export const ARRIVAL_PAGES: Record<string, string> = {
  [paths.home.path]: 'src/app/routes/landing.tsx',
  [paths.login.path]: 'src/app/routes/auth/login.tsx',
  [paths.register.path]: 'src/app/routes/auth/register.tsx',
  [paths.about.path]: 'src/app/routes/about.tsx',
  [paths.howRatingsWork.path]: 'src/app/routes/how-ratings-work.tsx',
  [paths.dashboard.path]: 'src/app/routes/app/dashboard.tsx',
  [paths.companies.path]: 'src/app/routes/app/companies.tsx',
  [paths.employees.path]: 'src/app/routes/app/employees.tsx',
};

const PRELOADS_FILE = 'route-preloads.json';

/**
 * The catalogs a first paint waits for (lingui.config.ts, app/router.tsx): the landing page's, the
 * signed-in screens' (their modules are in routes/app/, loaded by `signedInRoute` with the contracts'
 * words from `api`), every other page's.
 */
const LANDING_CATALOGS = ['messages'];
const PAGE_CATALOGS = ['messages', 'app'];
const SIGNED_IN_CATALOGS = [...PAGE_CATALOGS, 'api'];
const SIGNED_IN_SCREENS = 'src/app/routes/app/';
const catalogsOf = (page: string) => {
  if (page === paths.home.path) return LANDING_CATALOGS;
  return ARRIVAL_PAGES[page]?.startsWith(SIGNED_IN_SCREENS) ? SIGNED_IN_CATALOGS : PAGE_CATALOGS;
};
const CATALOG_SOURCE = /(?:^|\/)src\/locales\/([a-z]+)\/([a-z]+)\.po$/;

export function routePreloads(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'worktrust:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // The entry and its static imports are already in index.html.
      const inHtml = new Set<string>();
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, inHtml);

      const preloads: Record<string, string[]> = {};
      for (const [page, source] of Object.entries(ARRIVAL_PAGES)) {
        // The file holding the route's module (a group of build/chunks.ts may hold more than the route).
        const chunk = chunks.find((c) => c.moduleIds.some((id) => relative(root, id) === source));
        if (!chunk || inHtml.has(chunk.fileName)) {
          this.error(`${source} (for ${page}) is not a lazily loaded route chunk`);
        }
        const files = new Set<string>();
        closure(chunk.fileName, files);
        preloads[page] = [...files].filter((file) => !inHtml.has(file)).map((file) => `${base}${file}`);
      }
      const catalogs: Record<string, Record<string, string>> = {};
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId ? CATALOG_SOURCE.exec(relative(root, chunk.facadeModuleId)) : null;
        if (!match) continue;
        const [, language = '', catalog = ''] = match;
        catalogs[language] = { ...catalogs[language], [catalog]: `${base}${chunk.fileName}` };
      }
      for (const [language, files] of Object.entries(catalogs)) {
        for (const catalog of SIGNED_IN_CATALOGS) {
          if (!files[catalog]) this.error(`no chunk for the ${language} catalog ${catalog}`);
        }
      }
      const source = JSON.stringify({
        pages: preloads,
        catalogs,
        pageCatalogs: Object.fromEntries(Object.keys(ARRIVAL_PAGES).map((page) => [page, catalogsOf(page)])),
        otherCatalogs: PAGE_CATALOGS,
      });
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source });
    },
  };
}
