import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { activateLanguage, i18n, loadCatalog } from '@/lib/i18n';
import { settleRequests } from './render';

// findBy… and waitFor wait for the real API (a password hashed, a page of a real database) on a
// machine whose two cores run two test files at once: a second, the default, is not always enough.
configure({ asyncUtilTimeout: 10_000 });

// Every test starts in English (the source language), whatever the previous one switched to, with the
// screens' catalog loaded as the router loads it before a screen (app/router.tsx).
beforeEach(async () => {
  if (typeof document === 'undefined') return;
  if (i18n.locale !== 'en') await activateLanguage('en');
  await loadCatalog('app', 'en');
});

// A React warning (act, keys, invalid DOM) fails the test instead of scrolling by.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(async () => {
  await settleRequests();
  cleanup();
  vi.restoreAllMocks();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
