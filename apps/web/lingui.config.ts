// Lingui (ADR 0011): English is the source language, written in the components through the macros;
// each language's PO catalogs live in src/locales/<locale>/ (messages.po, and api.po for lib/api-messages.ts). `npm run i18n:extract` (at the
// repository root) adds new messages to every catalog and marks removed ones obsolete.
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  // A message missing from the Hindi catalog shows in English rather than as an id.
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '<rootDir>/src/testing/**',
        '<rootDir>/src/lib/api-messages.ts',
      ],
    },
    // The API's and contracts' messages: loaded with the first form, not with every page (lib/api-messages.ts).
    { path: '<rootDir>/src/locales/{locale}/api', include: ['<rootDir>/src/lib/api-messages.ts'] },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
