// Changing the language: in this browser at once, and on the account when signed in (DESIGN §8.4).
// On sign-in the account's language wins over the browser's (LanguageSync).
import { useLingui } from '@lingui/react';
import type { Language, OwnUser } from '@workspace/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { api } from './api-client';
import { activateLanguage, isLanguage } from './i18n';
import { useSession } from './session';

export function useLanguage() {
  const { i18n } = useLingui();
  const { user, setUser } = useSession();
  const language: Language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const userId = user?.id;
  const accountLanguage = user?.language;
  const setLanguage = useCallback(
    async (next: Language) => {
      await activateLanguage(next);
      if (userId === undefined || accountLanguage === next) return;
      // Best effort: the page is already in the new language even if the account is not told.
      try {
        setUser(await api.patch<OwnUser>('/auth/profile/', { language: next }));
      } catch {}
    },
    [userId, accountLanguage, setUser],
  );
  return { language, setLanguage };
}

/** When a user signs in (or a stored session loads), switches to the account's language once. */
export function LanguageSync() {
  const { user } = useSession();
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!user) {
      applied.current = null;
      return;
    }
    if (applied.current === user.id) return;
    applied.current = user.id;
    void activateLanguage(user.language);
  }, [user]);
  return null;
}
