// Layout route around the signed-in screens (DESIGN §8.3): the consent gate while consent to the
// notice in force is due, else the screen. Small and loaded with the router; the gate's own code and
// the notice's texts come only for the person who must accept (consent-gate.tsx).
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/route-guard';
import { useSession } from '@/lib/session';

const ConsentGate = lazy(() => import('./consent-gate'));

export function RequireConsent() {
  const { user } = useSession();
  // Accepted: the gate gives way to the screen, and would drop the keyboard's focus to the page's
  // top; it goes to the screen's content (the layout's main, as "Skip to content" does).
  const due = user?.consent_required === true;
  const wasDue = useRef(due);
  useEffect(() => {
    const accepted = wasDue.current && !due;
    wasDue.current = due;
    if (accepted && (!document.activeElement || document.activeElement === document.body))
      document.getElementById('main')?.focus();
  }, [due]);
  if (user?.consent_required) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <ConsentGate updated={user.consent_version !== null} />
      </Suspense>
    );
  }
  return <Outlet />;
}
