// The one way the app talks to the API: JSON in and out, the stored bearer token on every call, and
// on a 401 exactly one token refresh and one replay. Concurrent 401s share a single refresh (and
// across tabs a Web Lock serialises it, because refresh tokens rotate and a reused one revokes the
// whole family). If the refresh is refused both tokens are removed and listeners hear "signed out".
import type { ErrorBody } from '@workspace/contracts';
import { MSG } from '@workspace/contracts';
import { env } from '@/config/env';

export const ACCESS_TOKEN_KEY = 'worktrust.access';
export const REFRESH_TOKEN_KEY = 'worktrust.refresh';

/** Every failed call ends as one of these: the status (0 when the network failed), detail and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: Record<string, string[]>;
  /** A moderator's reason, where the refusal follows from one (a suspended account's sign-in). */
  readonly reason?: string;

  constructor(status: number, detail: string, errors: Record<string, string[]> = {}, reason?: string) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
    this.reason = reason;
  }

  /** The first message for a field, if the server sent one. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

function isErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null;
}

/** The single translator from an HTTP answer to an ApiError. */
async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): the status alone must do.
  }
  const detail =
    isErrorBody(body) && typeof body.detail === 'string' && body.detail ? body.detail : MSG.unexpected;
  const errors = isErrorBody(body) && body.errors && typeof body.errors === 'object' ? body.errors : {};
  const reason = isErrorBody(body) && typeof body.reason === 'string' ? body.reason : undefined;
  return new ApiError(response.status, detail, errors, reason);
}

/**
 * A message for anything thrown, for places that only need text: the API's English; show it with
 * translateApiMessage (lib/api-messages.ts, kept out of this module so the entry stays small).
 */
export function getErrorMessage(error: unknown, fallback: string = MSG.unexpected): string {
  if (error instanceof ApiError) return error.detail;
  return fallback;
}

/** What to say about a failed write: the first field's problem when the server named one, else its detail. */
export function getProblem(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.errors)[0]?.[0] ?? error.detail;
  return MSG.unexpected;
}

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ApiClientConfig {
  /** Base address including '/api', e.g. '/api' or 'http://127.0.0.1:3100/api'. */
  baseUrl: string;
  /** Where tokens live; localStorage in the browser. */
  storage?: TokenStorage;
  fetch?: typeof fetch;
}

/** Query parameters; empty, null and undefined values are left out. */
export type Query = Record<string, unknown>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** false: send no token and never refresh (login, register, password reset). */
  auth?: boolean;
}

function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean') {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Runs `task` holding a lock shared by every tab of this origin, where the browser has Web Locks. */
function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('worktrust-token-refresh', task) : task();
}

export function createApiClient(config: ApiClientConfig) {
  const storage = (): TokenStorage | undefined =>
    config.storage ?? (typeof localStorage !== 'undefined' ? localStorage : undefined);
  const doFetch = (input: string, init: RequestInit) => (config.fetch ?? fetch)(input, init);
  const authLostListeners = new Set<() => void>();
  let refreshing: Promise<boolean> | null = null;

  const getAccessToken = () => storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
  const getRefreshToken = () => storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
  const setTokens = (access: string, refresh: string) => {
    storage()?.setItem(REFRESH_TOKEN_KEY, refresh);
    // Written last: other tabs follow the access key, and by then the refresh token is in place.
    storage()?.setItem(ACCESS_TOKEN_KEY, access);
  };
  const clearTokens = () => {
    storage()?.removeItem(REFRESH_TOKEN_KEY);
    storage()?.removeItem(ACCESS_TOKEN_KEY);
  };
  const authLost = () => {
    clearTokens();
    for (const listener of authLostListeners) listener();
  };

  async function send(path: string, options: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await doFetch(`${config.baseUrl}${withQuery(path, options.query)}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, MSG.unexpected);
    }
  }

  /** Refreshes once for everyone waiting; true when a usable access token is stored afterwards. */
  function refreshTokens(failedToken: string): Promise<boolean> {
    refreshing ??= withCrossTabLock(async () => {
      const current = getAccessToken();
      // Another request or tab already refreshed while this one waited.
      if (current && current !== failedToken) return true;
      const refresh = getRefreshToken();
      if (!refresh) {
        authLost();
        return false;
      }
      let response: Response;
      try {
        response = await send('/auth/refresh/', { method: 'POST', body: { refresh } }, null);
      } catch {
        return false; // network trouble is not a refused token: keep the session
      }
      if (!response.ok) {
        if (response.status >= 400 && response.status < 500) authLost();
        return false;
      }
      const tokens = (await response.json()) as { access: string; refresh?: string };
      // A server that does not rotate refresh tokens (REFRESH_ROTATION=off) sends none: keep ours.
      setTokens(tokens.access, tokens.refresh ?? refresh);
      return true;
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const useAuth = options.auth !== false;
    const token = useAuth ? getAccessToken() : null;
    let response = await send(path, options, token);
    if (response.status === 401 && token) {
      if (await refreshTokens(token)) response = await send(path, options, getAccessToken());
    }
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
    getAccessToken,
    getRefreshToken,
    setTokens,
    clearTokens,
    /** Called when a refresh is refused and the tokens have been removed. */
    onAuthLost(listener: () => void) {
      authLostListeners.add(listener);
      return () => {
        authLostListeners.delete(listener);
      };
    },
  };
}

/** The app's client; tests build their own with createApiClient. */
export const api = createApiClient({ baseUrl: env.apiUrl });
