// Every route of SPEC §2. Each screen is a lazily loaded module (its own chunk) exporting a default
// component and optionally `handle`; guards are layout routes around the screens they protect.
import { type ComponentType, useEffect, useState } from 'react';
import {
  createBrowserRouter,
  createPath,
  Outlet,
  type RouteObject,
  RouterProvider,
  ScrollRestoration,
  useMatches,
} from 'react-router';
import type { RouteHandle } from '@/app/route-handle';
import { MainErrorFallback } from '@/components/errors/main-error';
import { AppLayout } from '@/components/layouts/app-layout';
import { RedirectIfSignedIn, RequireAuth } from '@/components/route-guard';
import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { RequireConsent } from '@/features/privacy/components/require-consent';
import { loadCatalog } from '@/lib/i18n';
import { reloadForNewBuild } from '@/lib/new-build';

interface RouteModule {
  default: ComponentType;
  handle?: RouteHandle;
}

/**
 * A screen's module and, unless it is the landing page (`shell`), the `app` catalog of messages with
 * it, so the screen renders in the chosen language from its first paint (lingui.config.ts). The
 * signed-in screens (`signedIn`) also show the contracts' words (rating labels, categories): their
 * `api` catalog comes with them too, or the screen would paint them in English and again once it came.
 */
const lazyRoute =
  (load: () => Promise<RouteModule>, { shell = false, signedIn = false } = {}) =>
  async () => {
    const [module] = await Promise.all([
      load(),
      shell ? null : loadCatalog('app'),
      signedIn ? loadCatalog('api') : null,
    ]);
    return { Component: module.default, handle: module.handle };
  };
/** A signed-in screen (its module in routes/app/, which build/route-preloads.ts reads as signed-in). */
const signedInRoute = (load: () => Promise<RouteModule>) => lazyRoute(load, { signedIn: true });

function NothingYet() {
  return null;
}

function Root() {
  const wide = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.wide);
  return (
    <AppLayout wide={wide} bell={<NotificationBell />}>
      <Outlet />
      {/* A new page opens at its top; Back returns to where the person was (issue 47). */}
      <ScrollRestoration />
    </AppLayout>
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    // Nothing shows while the first screen's module arrives (it is preloaded with the entry); naming
    // that spares React Router's console warning, and its cost, on every page load.
    HydrateFallback: NothingYet,
    errorElement: <MainErrorFallback />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { index: true, lazy: lazyRoute(() => import('./routes/landing'), { shell: true }) },
          { path: paths.login.path, lazy: lazyRoute(() => import('./routes/auth/login')) },
          { path: paths.register.path, lazy: lazyRoute(() => import('./routes/auth/register')) },
        ],
      },
      { path: paths.forgotPassword.path, lazy: lazyRoute(() => import('./routes/auth/forgot-password')) },
      { path: paths.resetPassword.path, lazy: lazyRoute(() => import('./routes/auth/reset-password')) },
      { path: paths.about.path, lazy: lazyRoute(() => import('./routes/about')) },
      { path: paths.contributors.path, lazy: lazyRoute(() => import('./routes/contributors')) },
      { path: paths.howRatingsWork.path, lazy: lazyRoute(() => import('./routes/how-ratings-work')) },
      { path: paths.testProfile.path, lazy: lazyRoute(() => import('./routes/test-profile')) },
      { path: paths.privacy.path, lazy: lazyRoute(() => import('./routes/privacy')) },
      { path: paths.terms.path, lazy: lazyRoute(() => import('./routes/terms')) },
      { path: paths.grievance.path, lazy: lazyRoute(() => import('./routes/grievance')) },
      { path: paths.transparency.path, lazy: lazyRoute(() => import('./routes/transparency')) },
      {
        // The signed-in screens wait for consent to the notice in force (DESIGN §8.3).
        element: <RequireConsent />,
        children: [
          {
            element: <RequireAuth />,
            children: [
              { path: paths.dashboard.path, lazy: signedInRoute(() => import('./routes/app/dashboard')) },
              { path: paths.user.path, lazy: signedInRoute(() => import('./routes/app/user')) },
              { path: paths.profile.path, lazy: signedInRoute(() => import('./routes/app/profile')) },
              { path: paths.myRatings.path, lazy: signedInRoute(() => import('./routes/app/my-ratings')) },
              {
                path: paths.notifications.path,
                lazy: signedInRoute(() => import('./routes/app/notifications')),
              },
            ],
          },
          {
            element: <RequireAuth requiredRole="employee" />,
            children: [
              { path: paths.companies.path, lazy: signedInRoute(() => import('./routes/app/companies')) },
            ],
          },
          {
            element: <RequireAuth requiredRole="employer" />,
            children: [
              { path: paths.employees.path, lazy: signedInRoute(() => import('./routes/app/employees')) },
            ],
          },
          {
            element: <RequireAuth requiredRole="moderator" />,
            children: [
              { path: paths.moderation.path, lazy: signedInRoute(() => import('./routes/app/moderation')) },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
    ],
  },
];

export function AppRouter() {
  // Created once per mount, after the providers exist.
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => {
    // A screen's chunk the server no longer has (a deploy since this tab opened): the page being gone
    // to, or the first one, opens afresh from the new build. Other imports (a form's checks, a
    // language's catalog) fail while someone may be typing; they are tried again by their own code.
    const openFromNewBuild = () => {
      const { navigation, location, initialized } = router.state;
      if (navigation.state === 'idle' && initialized) return;
      reloadForNewBuild(createPath(navigation.location ?? location));
    };
    window.addEventListener('vite:preloadError', openFromNewBuild);
    return () => window.removeEventListener('vite:preloadError', openFromNewBuild);
  }, [router]);
  return <RouterProvider router={router} />;
}
