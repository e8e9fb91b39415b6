import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { activateLanguage, initialLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { prefetchSession } from '@/lib/session';
import './index.css';

// The server's Content-Security-Policy forbids eval. Unless told not to, zod probes `new Function`
// on its first object parse, and the browser reports that probe as a CSP violation.
z.config({ jitless: true });

const root = document.getElementById('root');
if (root) {
  // A stored sign-in's profile, the language's catalog (a small chunk of its own) and the route's code
  // are all fetched at once.
  const queryClient = createQueryClient();
  prefetchSession(queryClient);
  void activateLanguage(initialLanguage(), { remember: false }).then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
}
