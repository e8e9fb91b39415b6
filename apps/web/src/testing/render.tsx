// Renders UI inside the app's real providers (language, query client, session) and a memory router.
import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import { LanguageSync } from '@/lib/language';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

const rendered = new Set<QueryClient>();

/**
 * Waits until no page rendered by this test has a request in flight (run before the test's pages are
 * unmounted): one cut short is aborted, which happy-dom prints as "socket hang up". A request still
 * running after the wait is left to the unmount, as before.
 */
export async function settleRequests() {
  if (rendered.size === 0) return;
  const busy = () => [...rendered].some((client) => client.isFetching() + client.isMutating() > 0);
  await waitFor(() => {
    if (busy()) throw new Error('requests in flight');
  }).catch(() => undefined);
  rendered.clear();
}

/** `state`: the history state the page is reached with, as a page that navigates here hands it over. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', state }: { path?: string; state?: unknown } = {},
) {
  const queryClient = createQueryClient();
  rendered.add(queryClient);
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries: [{ ...parsePath(path), state }],
  });
  const user = userEvent.setup();
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <LanguageSync />
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, user, router, queryClient };
}

function WithLanguage({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** Testing Library's render with the active language's provider (components using `<Trans>`/`t`). */
export const renderWithI18n = (ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) =>
  render(ui, { wrapper: WithLanguage, ...options });
