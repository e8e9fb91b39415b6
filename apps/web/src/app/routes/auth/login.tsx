import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { translateApiMessage } from '@/lib/api-messages';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * A one-time message handed over by the page that sent the user here (registration, password reset),
 * whether that was a sign-up, and whether the server had ended the session (the route guard says so).
 */
function useFlashMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as {
    message?: unknown;
    registered?: unknown;
    sessionEnded?: unknown;
    email?: unknown;
  } | null;
  const [message] = useState(() => (typeof state?.message === 'string' ? state.message : null));
  // The address someone has just signed up with: not asked for again.
  const [email] = useState(() => (typeof state?.email === 'string' ? state.email : undefined));
  const [registered] = useState(() => state?.registered === true);
  const [sessionEnded] = useState(() => state?.sessionEnded === true);
  useEffect(() => {
    // Shown once: clear it from history so a reload or Back does not show it again.
    if (state) {
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [state, navigate, location.pathname, location.search]);
  return { message, registered, sessionEnded, email };
}

export default function LoginRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign In`);
  const { message, registered, sessionEnded, email } = useFlashMessage();
  // Once a sign-in is tried, its own answer is what counts: a 'Registration successful!' above a
  // refused password would say two things at once.
  const [attempted, setAttempted] = useState(false);
  return (
    <AuthLayout
      // Someone who has just signed up is new here, not back.
      title={registered ? t`Welcome to WorkTrust` : t`Welcome back`}
      description={t`Sign in to your WorkTrust account`}
      footer={
        <p>
          <Trans>
            Don't have an account? <TextLink to={paths.register.getHref()}>Sign Up</TextLink>
          </Trans>
        </p>
      }
    >
      {message && !attempted && (
        <Alert variant="success" className="mb-5">
          <CheckCircle2 aria-hidden />
          <AlertDescription>{translateApiMessage(message)}</AlertDescription>
        </Alert>
      )}
      {sessionEnded && !attempted && (
        <Alert className="mb-5">
          <Info aria-hidden />
          <AlertDescription>
            <Trans>
              Your session has ended, for example because it was signed out on another device. Please sign in
              again.
            </Trans>
          </AlertDescription>
        </Alert>
      )}
      <LoginForm email={email} onAttempt={() => setAttempted(true)} />
    </AuthLayout>
  );
}
