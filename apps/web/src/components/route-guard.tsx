// Protected routes (SPEC §2 "Route guard"): a spinner while the session loads, sign-in for
// visitors (remembering the page), 'Access Denied' for the wrong role, else the page.

import { Trans, useLingui } from '@lingui/react/macro';
import type { UserRole } from '@workspace/contracts';
import { ShieldX } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths, safeRedirect } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export function PageSpinner() {
  return <Spinner className="min-h-[50dvh]" />;
}

function AccessDenied() {
  const { t } = useLingui();
  useDocumentTitle(t`Access Denied`);
  return (
    <StatusScreen
      icon={ShieldX}
      iconClassName="text-destructive"
      title={t`Access Denied`}
      actions={
        <Button asChild variant="outline">
          <Link to={paths.dashboard.getHref()}>
            <Trans>Go to Dashboard</Trans>
          </Link>
        </Button>
      }
    >
      {t`You don't have permission to access this page.`}
    </StatusScreen>
  );
}

export function RequireAuth({ requiredRole }: { requiredRole?: UserRole }) {
  const { status, user, signedOut, sessionEnded } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  // Signing out returns to the landing page (SPEC §2), not to sign-in.
  if (status === 'unauthenticated' && signedOut) return <Navigate to={paths.home.getHref()} replace />;
  if (status === 'unauthenticated') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.getHref(from)} replace state={sessionEnded ? { sessionEnded } : null} />;
  }
  if (requiredRole) {
    // Signed in but the profile could not be fetched: the role is unknown until it arrives.
    if (!user) return <PageSpinner />;
    if (user.user_role !== requiredRole) return <AccessDenied />;
  }
  return <Outlet />;
}

/** Where a signed-in user continues: the page they came from, else the dashboard. */
function useRedirectTarget() {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { from?: unknown } | null;
  return safeRedirect(params.get('redirectTo') ?? (typeof state?.from === 'string' ? state.from : null));
}

/**
 * Pages for visitors only (landing, sign-in, registration): a signed-in user goes on, which is also
 * how a successful sign-in leaves the login page.
 */
export function RedirectIfSignedIn() {
  const { status } = useSession();
  const target = useRedirectTarget();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated') return <Navigate to={target} replace />;
  return <Outlet />;
}
