// Layout route around the signed-in screens (DESIGN §8.3): the consent gate while consent to the
// notice in force is due, else the screen. Small and loaded with the router; the gate's own code and
// the notice's texts come only for the person who must accept (consent-gate.tsx).
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/route-guard';
import { useSession } from '@/lib/session';

const ConsentGate = lazy(() => import('./consent-gate'));

export function RequireConsent() {
  const { user } = useSession();
  if (user?.consent_required) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <ConsentGate updated={user.consent_version !== null} />
      </Suspense>
    );
  }
  return <Outlet />;
}
