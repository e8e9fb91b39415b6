// Lingui in the build and the tests (ADR 0011). Its macros (`<Trans>`, `t`, `msg`, `plural` from
// @lingui/react/macro and @lingui/core/macro) are compiled by a Babel plugin, but @vitejs/plugin-react 6
// has no Babel step (Oxc does JSX and refresh) and @rolldown/plugin-babel needs Node 22: so
// vite-plugin-babel runs just that one plugin, before Oxc, over our sources that import a macro.
// lingui() turns `import('…/messages.po')` into a compiled catalog, a chunk of its own.
import { fileURLToPath, URL } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin } from 'vite';
import babel from 'vite-plugin-babel';

const configPath = fileURLToPath(new URL('../lingui.config.ts', import.meta.url));
const MACRO_IMPORT = /from\s+['"]@lingui\/(?:react|core)\/macro['"]/;

export function linguiMacros(): Plugin {
  const plugin = babel({
    include: /\/src\/.*\.tsx?$/,
    babelConfig: {
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: ['typescript', 'jsx'] },
      plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: getConfig({ configPath }) }]],
    },
  });
  const transform = plugin.transform as (code: string, id: string) => Promise<{ code: string }>;
  return {
    ...plugin,
    // Babel parses only the files that need it; the rest go straight to Oxc.
    transform: (code, id) => (MACRO_IMPORT.test(code) ? transform(code, id) : undefined),
  };
}

export const linguiCatalogs = () => lingui({ configPath });
