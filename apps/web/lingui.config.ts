// Lingui (ADR 0011): English is the source language, written in the components through the macros;
// each language's PO catalog lives in src/locales/<locale>/messages.po. `npm run i18n:extract` (at the
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
      exclude: ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/testing/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
