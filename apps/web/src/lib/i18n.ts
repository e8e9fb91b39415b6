// The active language (DESIGN §8.4, ADR 0011). English is the source; each language's catalog is a
// chunk of its own, fetched when that language is activated, so a visitor downloads only theirs.
// Choice order: the browser's remembered choice, else the browser's languages (Accept-Language);
// on sign-in the account's language wins, unless the person switched just before (lib/language.ts).
import { i18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  preferredLanguage,
} from '@workspace/contracts';

export { i18n };

export const LANGUAGE_KEY = 'worktrust.language';

type Catalog = { messages: Messages };
// Every catalog of every language, found by its file (src/locales/<language>/<catalog>.po), each a
// chunk of its own. Three per language (lingui.config.ts): `messages`, the shell's, activated with the
// language; `app`, every screen but the landing page, awaited by the router with the first such
// screen; `api`, the API's and contracts' messages (lib/api-messages.ts), fetched with the first form.
// The landing page carries neither of the last two. Once fetched, a catalog is fetched again in each
// language switched to. A language of LANGUAGES without its files fails i18n.test.ts.
const catalogFiles = import.meta.glob<Catalog>('../locales/*/*.po');
const CATALOG_NAMES = ['messages', 'app', 'api'] as const;
type CatalogName = (typeof CATALOG_NAMES)[number];
type ExtraCatalog = Exclude<CatalogName, 'messages'>;

/** The loader of one catalog in one language. */
export function catalogLoader(name: CatalogName, language: Language): () => Promise<Catalog> {
  const loader = catalogFiles[`../locales/${language}/${name}.po`];
  if (!loader) throw new Error(`src/locales/${language}/${name}.po is missing`);
  return loader;
}
export const catalogNames: readonly CatalogName[] = CATALOG_NAMES;
const extraLoading = new Map<string, Promise<void>>();
const extraLoaded = new Set<string>();
const extraInUse = new Set<ExtraCatalog>();

/** Adds a catalog's messages in `language` (once); every `useLingui` reader re-renders. */
export function loadCatalog(name: ExtraCatalog, language: Language = activeLanguage()): Promise<void> {
  extraInUse.add(name);
  const key = `${name}:${language}`;
  let loading = extraLoading.get(key);
  if (!loading) {
    loading = catalogLoader(name, language)().then(({ messages }) => {
      i18n.load(language, messages);
      extraLoaded.add(key);
    });
    extraLoading.set(key, loading);
  }
  return loading;
}

export const apiMessagesLoaded = (language: Language) => extraLoaded.has(`api:${language}`);
export const loadApiMessages = (language?: Language) => loadCatalog('api', language);

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage blocked
  }
}

/** The first of the browser's languages we have ("hi-IN" → "hi"), else English. */
export const browserLanguage = (preferred: readonly string[] = navigator.languages ?? []): Language =>
  preferredLanguage(preferred);

/** A year, renewed at every switch; the server reads it only to send a page's messages with it. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const initialLanguage = (): Language => storedLanguage() ?? browserLanguage();

export const activeLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/**
 * Loads the catalog and switches every `<Trans>`/`t` over. `remember`: keep it as this browser's
 * choice (a person's switch, or their account's language), not for a guess from the browser.
 */
export async function activateLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (i18n.locale !== language) {
    // A page that needed another catalog needs it in the new language too.
    const [{ messages }] = await Promise.all([
      catalogLoader('messages', language)(),
      ...[...extraInUse].map((name) => loadCatalog(name, language)),
    ]);
    // load merges (the API messages may already be there); loadAndActivate would replace them.
    i18n.load(language, messages);
    i18n.activate(language);
  }
  document.documentElement.lang = language;
  if (!remember) return;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed name and a value from LANGUAGES need no escaping; the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Intl locale for numbers and dates: Indian English or Hindi (Indian digit grouping both). */
export const intlLocale = (language: Language = activeLanguage()) => `${language}-IN`;
