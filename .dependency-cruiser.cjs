// Architecture rules, checked by `npm run lint` (ADR 0014). Paths are from the repository root.
// The process shell is the code that owns the process: entry points (server.ts, cluster.ts, cli.ts)
// and bootstrap.ts, which turns the environment into live connections (database, Redis, secrets, mail).
const serverShell = '^apps/server/src/(server|cluster|cli|bootstrap)[.]ts$';
// Tests may check a shared piece together with its users, and the web's tests talk to the real
// server (apps/server/test helpers), so the layering rules below are about the shipped code.
const testCode = '([.]test[.]tsx?$|^apps/web/src/testing/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles, type-only ones included, make load order and ownership unclear; move the shared piece down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'features-stay-apart',
      severity: 'error',
      comment: 'A feature never imports another feature; routes in src/app compose them (STYLE.md habit 2).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-web-code-below-features',
      severity: 'error',
      comment:
        'lib, components and config are shared by every feature, so they import no feature and not the app.',
      from: { path: '^apps/web/src/(lib|components|config)/', pathNot: testCode },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-code-below-process-shell',
      severity: 'error',
      comment:
        'Modules, plugins, lib, db and config get what they need through the app (AppDeps), never from the process shell.',
      from: { path: '^apps/server/src/', pathNot: serverShell },
      to: { path: serverShell },
    },
    {
      name: 'plugins-do-not-import-modules',
      severity: 'error',
      comment:
        'Plugins (session, errors, OpenAPI, web) sit below the modules that use them; what a plugin needs of a module, the app gives it (app.ts: registerSession).',
      from: { path: '^apps/server/src/plugins/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'shared-server-code-below-modules',
      severity: 'error',
      comment:
        'lib, db and config are shared by every module and plugin, so they import neither (HTTP helpers such as paging and route docs live in lib).',
      from: { path: '^apps/server/src/(lib|db|config)/', pathNot: testCode },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
    {
      name: 'no-module-imports-another-service',
      severity: 'error',
      comment:
        "A module's service is its own business logic, reached through its routes; another module uses its repository, serializers or a piece split out for sharing (auth/sign-in-guard.ts).",
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/([^/]+)/service[.]ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'modules-do-not-import-core',
      severity: 'error',
      comment:
        'modules/core mounts the core routes of other modules; nothing imports it but the app, so no arrow points back up.',
      from: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/core/' },
      to: { path: '^apps/server/src/modules/core/' },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      scope: 'folder',
      comment:
        "Two of the server's folders never import each other, even through different files (auth and privacy did; modules and core did): move the shared piece down. (The web app's folders are kept apart by the rules above; its tests' helpers in src/testing import what they test.)",
      from: { path: '^apps/server/src/' },
      to: { circular: true },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'The contracts are shared by both apps and import neither.',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|bench)/' },
    },
    {
      name: 'apps-stay-apart',
      severity: 'error',
      comment: 'The web app and the server share code only through @workspace/contracts.',
      from: { path: '^apps/(web|server)/', pathNot: testCode },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every import resolves; an unresolved one would also hide its edges from the rules above.',
      from: {},
      // lighthouse/types/* are declaration files only (a type import in bench/lighthouse.ts).
      to: { couldNotResolve: true, pathNot: '^lighthouse/types/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with, so it reads each file
    // through Babel (see tools/dependency-cruiser-babel.cjs); @swc/core only lets it accept .ts/.tsx.
    babelConfig: { fileName: 'tools/dependency-cruiser-babel.cjs' },
    // The web app's `@/` alias (as in apps/web/tsconfig.json and vite.config.ts): without TypeScript's
    // API dependency-cruiser cannot read tsconfig paths, so it takes the alias in webpack's shape.
    webpackConfig: { fileName: 'tools/dependency-cruiser-alias.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    skipAnalysisNotInRules: true,
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
