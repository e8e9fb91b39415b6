import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { $ZodConfig } from 'zod/v4/core';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { activateLanguage, initialLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { prefetchSession } from '@/lib/session';
import './index.css';

// The server's Content-Security-Policy forbids eval. Unless told not to, zod probes `new Function`
// on its first object parse, and the browser reports that probe as a CSP violation. zod keeps its
// settings in this global, whichever copy of zod loads and whenever (zod#5889): set here rather than
// by z.config, the landing page, which parses nothing, does not load zod (e2e/csp.spec.ts checks).
const zodSettings = globalThis as { __zod_globalConfig?: $ZodConfig };
zodSettings.__zod_globalConfig = Object.assign(zodSettings.__zod_globalConfig ?? {}, { jitless: true });

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
