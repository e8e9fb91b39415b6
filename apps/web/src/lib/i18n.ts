// The active language (DESIGN §8.4, ADR 0011). English is the source; each language's catalog is a
// chunk of its own, fetched when that language is activated, so a visitor downloads only theirs.
// Choice order: the browser's remembered choice, else the browser's languages (Accept-Language);
// on sign-in the account's language wins, unless the person switched just before (lib/language.ts).
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@workspace/contracts';

export { i18n };

export const LANGUAGE_KEY = 'worktrust.language';

/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  hi: () => import('../locales/hi/messages.po'),
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage blocked
  }
}

/** The first of the browser's languages we have ("hi-IN" → "hi"), else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? []): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export const initialLanguage = (): Language => storedLanguage() ?? browserLanguage();

export const activeLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/**
 * Loads the catalog and switches every `<Trans>`/`t` over. `remember`: keep it as this browser's
 * choice (a person's switch, or their account's language), not for a guess from the browser.
 */
export async function activateLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (i18n.locale !== language) {
    const { messages } = await catalogs[language]();
    i18n.loadAndActivate({ locale: language, messages });
  }
  document.documentElement.lang = language;
  if (!remember) return;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

/** Intl locale for numbers and dates: Indian English or Hindi (Indian digit grouping both). */
export const intlLocale = (language: Language = activeLanguage()) => `${language}-IN`;
