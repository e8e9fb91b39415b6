// Build step: for the pages people arrive on, the route chunk and the chunks it imports, written to
// dist/route-preloads.json ({ "/login": ["/assets/login-….js", …] }). The server puts them in the
// index.html it answers for that path as <link rel="modulepreload">, so the browser fetches the
// page's code alongside the entry script instead of after it has run (one round trip less before
// the page appears). The build fails if a page below is no longer a lazily loaded route chunk.
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { paths } from '../src/config/paths';

/** Pages worth preloading (where visitors land), and the route module each one renders. */
const ARRIVAL_PAGES: Record<string, string> = {
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
        const chunk = chunks.find(
          (c) => c.isDynamicEntry && c.facadeModuleId && relative(root, c.facadeModuleId) === source,
        );
        if (!chunk) this.error(`${source} (for ${page}) is not a lazily loaded route chunk`);
        const files = new Set<string>();
        closure(chunk.fileName, files);
        preloads[page] = [...files].filter((file) => !inHtml.has(file)).map((file) => `${base}${file}`);
      }
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
