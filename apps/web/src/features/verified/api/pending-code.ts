// A mailed code that waits to be entered survives a reload, or the phone's browser dropping the tab
// while its owner reads the mail: the server's answer (what the code is for and until when, never the
// address it went to) is kept in sessionStorage under the account's id, so it ends with the tab, is
// never another account's, and is dropped once the code has expired or is used.
import { useCallback, useState } from 'react';

const keyOf = (name: string, userId: number) => `worktrust.pending-code.${name}.${userId}`;

function stored<T extends { expires_at: string }>(key: string): T | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null;
    if (value && Date.parse(value.expires_at) > Date.now()) return value;
    sessionStorage.removeItem(key);
  } catch {
    // Storage blocked or its entry unreadable: the code form starts empty, as without it.
  }
  return null;
}

/** The code sent for `name` to account `userId` and not yet used, with its setter (null: none). */
export function usePendingCode<T extends { expires_at: string }>(name: string, userId: number) {
  const key = keyOf(name, userId);
  const [state, setState] = useState(() => ({ key, value: stored<T>(key) }));
  // Another account (or the session's user, once loaded): read its own entry.
  if (state.key !== key) setState({ key, value: stored<T>(key) });
  const set = useCallback(
    (value: T | null) => {
      setState({ key, value });
      try {
        if (value) sessionStorage.setItem(key, JSON.stringify(value));
        else sessionStorage.removeItem(key);
      } catch {
        // Kept for this page only.
      }
    },
    [key],
  );
  return [state.key === key ? state.value : null, set] as const;
}
