// Changing the language: in this browser at once, and on the account when signed in (DESIGN §8.4).
// On sign-in the account's language wins, except over a switch made in this tab while signed out:
// that is the person's latest choice, so the account takes it instead.
import { useLingui } from '@lingui/react';
import { isLanguage, type Language, type OwnUser } from '@workspace/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { api } from './api-client';
import { activateLanguage } from './i18n';
import { useSession } from './session';

/** A switch made while signed out, in this tab, not yet given to an account. */
const CHOSEN_SIGNED_OUT_KEY = 'worktrust.language-chosen-signed-out';

function takeChoiceMadeSignedOut(): Language | null {
  try {
    const value = sessionStorage.getItem(CHOSEN_SIGNED_OUT_KEY);
    sessionStorage.removeItem(CHOSEN_SIGNED_OUT_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Stores the language on the account; best effort, the page has switched either way. */
async function saveOnAccount(language: Language, setUser: (user: OwnUser) => void) {
  try {
    setUser(await api.patch<OwnUser>('/auth/profile/', { language }));
  } catch {}
}

export function useLanguage() {
  const { i18n } = useLingui();
  const { user, setUser } = useSession();
  const language: Language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const signedIn = user !== null;
  const accountLanguage = user?.language;
  const setLanguage = useCallback(
    async (next: Language) => {
      await activateLanguage(next);
      if (!signedIn) {
        try {
          sessionStorage.setItem(CHOSEN_SIGNED_OUT_KEY, next);
        } catch {}
        return;
      }
      if (accountLanguage !== next) await saveOnAccount(next, setUser);
    },
    [signedIn, accountLanguage, setUser],
  );
  return { language, setLanguage };
}

/** When a user signs in (or a stored session loads), reconciles the page's and the account's language once. */
export function LanguageSync() {
  const { user, setUser } = useSession();
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!user) {
      applied.current = null;
      return;
    }
    if (applied.current === user.id) return;
    applied.current = user.id;
    const chosen = takeChoiceMadeSignedOut();
    if (chosen && chosen !== user.language) void saveOnAccount(chosen, setUser);
    else void activateLanguage(user.language);
  }, [user, setUser]);
  return null;
}
