import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { activateLanguage, i18n } from '@/lib/i18n';

// Every test starts in English (the source language), whatever the previous one switched to.
beforeEach(async () => {
  if (typeof document !== 'undefined' && i18n.locale !== 'en') await activateLanguage('en');
});

// A React warning (act, keys, invalid DOM) fails the test instead of scrolling by.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
