// Lingui (ADR 0011): English is the source language, written in the components through the macros;
// each language's PO catalogs live in src/locales/<locale>/. `npm run i18n:extract` (at the
// repository root) adds new messages to every catalog and marks removed ones obsolete. Three catalogs
// per language, so the landing page fetches only its own messages:
// - messages: the shell every page shows (layouts, the components they use, lib) and the landing page;
// - app: every other screen, fetched with the first of them (app/router.tsx awaits it with the route);
// - api: the API's and contracts' messages (lib/api-messages.ts), fetched with the first form.
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@workspace/contracts';

const tests = ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/testing/**'];
const apiMessages = '<rootDir>/src/lib/api-messages.ts';
const shell = [
  '<rootDir>/src/components/layouts',
  '<rootDir>/src/components/errors',
  '<rootDir>/src/components/language-switch.tsx',
  '<rootDir>/src/components/route-guard.tsx',
  '<rootDir>/src/components/ui/dialog.tsx',
  '<rootDir>/src/components/ui/spinner.tsx',
  '<rootDir>/src/components/ui/toaster.tsx',
  '<rootDir>/src/lib',
  '<rootDir>/src/config',
  '<rootDir>/src/main.tsx',
  '<rootDir>/src/app/provider.tsx',
  '<rootDir>/src/app/router.tsx',
  '<rootDir>/src/app/routes/landing.tsx',
  '<rootDir>/src/features/marketing/components',
  '<rootDir>/src/features/marketing/content.ts',
  // In the header of every signed-in page, before a screen's catalog has arrived: its label would
  // otherwise be a message id for a moment (a production build keeps no English to fall back on).
  '<rootDir>/src/features/notifications/components/notification-bell.tsx',
];

export default defineConfig({
  sourceLocale: DEFAULT_LANGUAGE,
  // The contracts' list, which the database, the switch and the i18n check read too.
  locales: [...LANGUAGES],
  // A message missing from the Hindi catalog shows in English rather than as an id.
  fallbackLocales: { default: DEFAULT_LANGUAGE },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: shell, exclude: [...tests, apiMessages] },
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      // Exclusions are patterns: a folder of the shell is excluded with everything in it.
      exclude: [...tests, apiMessages, ...shell.map((path) => (/\.tsx?$/.test(path) ? path : `${path}/**`))],
    },
    { path: '<rootDir>/src/locales/{locale}/api', include: [apiMessages] },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
