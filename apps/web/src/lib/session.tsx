// The signed-in session (SPEC §4), shared by every feature, so it lives in lib rather than in a
// feature. States: 'loading' while the profile of a stored token is fetched, then 'authenticated'
// or 'unauthenticated'. The profile is a query, so a feature that updates the user writes it back
// with setUser and every reader follows.

import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, OwnUser } from '@workspace/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ACCESS_TOKEN_KEY, ApiError, api } from './api-client';

type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface Session {
  status: SessionStatus;
  /** Null while loading, when signed out, or when the profile could not be fetched for a reason other than 401. */
  user: OwnUser | null;
  /** True after the user signed out in this tab (protected pages then lead home, not to sign-in). */
  signedOut: boolean;
  /**
   * True when the server ended the session (signed out from another device, suspended, expired):
   * sign-in then says so instead of appearing without a word (issue 47).
   */
  sessionEnded: boolean;
  signIn(answer: LoginResponse): void;
  /** Clears the tokens at once and tells the server to revoke the refresh token. */
  signOut(): void;
  /** Replaces the stored user, e.g. with the answer of a profile update. */
  setUser(user: OwnUser): void;
}

const ownProfileQuery = queryOptions({
  queryKey: ['auth', 'profile'],
  queryFn: ({ signal }) => api.get<OwnUser>('/auth/profile/', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Starts fetching the stored sign-in's profile before React first renders (main.tsx): every
 * signed-in screen waits for it, so it should not also wait for the first render's work.
 */
export function prefetchSession(queryClient: QueryClient) {
  if (api.getAccessToken()) void queryClient.prefetchQuery(ownProfileQuery);
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => Boolean(api.getAccessToken()));
  const [signedOut, setSignedOut] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const profile = useQuery({ ...ownProfileQuery, enabled: hasToken });

  const forget = useCallback(() => {
    setHasToken(false);
    // Nothing of the previous user may linger in the cache.
    queryClient.removeQueries();
  }, [queryClient]);

  useEffect(
    () =>
      api.onAuthLost(() => {
        setSessionEnded(true);
        forget();
      }),
    [forget],
  );

  // A profile 401 that survived the refresh-and-replay: the stored tokens are no good (SPEC §4).
  const profileRefused = profile.error instanceof ApiError && profile.error.status === 401;
  useEffect(() => {
    if (!profileRefused) return;
    api.clearTokens();
    setSessionEnded(true);
    forget();
  }, [profileRefused, forget]);

  // Another tab signing out or in (SPEC §4).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_KEY && event.key !== null) return;
      if (api.getAccessToken()) {
        setHasToken(true);
        void queryClient.invalidateQueries({ queryKey: ownProfileQuery.queryKey });
      } else {
        forget();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [forget, queryClient]);

  const signIn = useCallback(
    (answer: LoginResponse) => {
      api.setTokens(answer.access, answer.refresh);
      queryClient.setQueryData(ownProfileQuery.queryKey, answer.user);
      setHasToken(true);
      setSignedOut(false);
      setSessionEnded(false);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    const refresh = api.getRefreshToken();
    api.clearTokens();
    setSignedOut(true);
    forget();
    if (refresh) {
      // Best effort: the tokens are already gone here even if the server cannot be told.
      api.post('/auth/logout/', { refresh }, { auth: false }).catch(() => {});
    }
  }, [forget]);

  const setUser = useCallback(
    (user: OwnUser) => queryClient.setQueryData(ownProfileQuery.queryKey, user),
    [queryClient],
  );

  let status: SessionStatus;
  if (!hasToken) status = 'unauthenticated';
  else if (profile.data) status = 'authenticated';
  // Any failure other than 401 keeps the session while a token is stored.
  else if (profile.isError) status = profileRefused ? 'unauthenticated' : 'authenticated';
  else status = 'loading';

  const user = hasToken ? (profile.data ?? null) : null;
  const value = useMemo<Session>(
    () => ({ status, user, signedOut, sessionEnded, signIn, signOut, setUser }),
    [status, user, signedOut, sessionEnded, signIn, signOut, setUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
