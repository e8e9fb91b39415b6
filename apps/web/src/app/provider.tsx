import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ErrorBoundary } from '@/components/errors/main-error';
import { useToasts } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';
import { LanguageSync } from '@/lib/language';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

// Toasts only follow user actions, so their code loads with the first toast, not with the page.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** `queryClient`: one made before the first render (main.tsx starts the session's fetch in it). */
export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <LanguageSync />
            {children}
            <LazyToaster />
          </SessionProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </I18nProvider>
  );
}
