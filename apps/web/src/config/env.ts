// The web app's public configuration, read once. Only VITE_-prefixed values reach the browser.
export const env = {
  /** Base address of the API; the same origin by default (served by the API, or proxied by Vite). */
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined) || '/api',
} as const;
