import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import {
  activateLanguage,
  browserLanguage,
  catalogLoader,
  catalogNames,
  i18n,
  initialLanguage,
  LANGUAGE_KEY,
} from './i18n';

describe('choosing the language', () => {
  it("follows the browser's first language we have", () => {
    expect(browserLanguage(['hi-IN', 'en-GB'])).toBe('hi');
    expect(browserLanguage(['sw-KE', 'en-IN', 'hi'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'HI'])).toBe('hi');
    expect(browserLanguage(['sw-KE'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('prefers the choice remembered in this browser, ignoring anything else stored', () => {
    localStorage.setItem(LANGUAGE_KEY, 'hi');
    expect(initialLanguage()).toBe('hi');
    localStorage.setItem(LANGUAGE_KEY, 'fr');
    expect(initialLanguage()).toBe(browserLanguage());
  });

  it('activating loads the catalog, sets <html lang> and remembers a choice, not a guess', async () => {
    await activateLanguage('hi');
    expect(i18n.locale).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    // The server reads the cookie to send the next page with the Hindi catalog preloaded.
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=hi`);
    await activateLanguage('en', { remember: false });
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi'); // a guess is not a choice
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=hi`);
    await activateLanguage('en');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
  });
});

describe('the languages of LANGUAGES', () => {
  it('each have every catalog, as a chunk the app can fetch', async () => {
    for (const language of LANGUAGES)
      for (const name of catalogNames) {
        const { messages } = await catalogLoader(name, language)();
        expect(Object.keys(messages).length, `${language}/${name}`).toBeGreaterThan(0);
      }
  });

  it("hold the header's bell in the shell's catalog, so its label is never a message id", async () => {
    // The bell shows on every signed-in page, before a screen's catalog ('app') has arrived.
    const labels = [
      'Notifications',
      '{unread, plural, one {Notifications, # unread} other {Notifications, # unread}}',
    ];
    for (const language of LANGUAGES) {
      const { messages } = await catalogLoader('messages', language)();
      for (const label of labels)
        expect(messages, `${language}: ${label}`).toHaveProperty(generateMessageId(label));
    }
  });

  it('name a missing catalog, rather than show ids', () => {
    expect(() => catalogLoader('app', 'sw' as Language)).toThrow('src/locales/sw/app.po is missing');
  });
});
