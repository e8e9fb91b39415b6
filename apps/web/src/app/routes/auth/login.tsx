import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A one-time message handed over by the page that sent the user here (registration, password reset). */
function useFlashMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { message?: unknown } | null;
  const [message] = useState(() => (typeof state?.message === 'string' ? state.message : null));
  useEffect(() => {
    // Shown once: clear it from history so a reload or Back does not show it again.
    if (typeof state?.message === 'string') {
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [state, navigate, location.pathname, location.search]);
  return message;
}

export default function LoginRoute() {
  useDocumentTitle('Sign In');
  const message = useFlashMessage();
  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your WorkTrust account"
      footer={
        <p>
          Don't have an account? <TextLink to={paths.register.getHref()}>Sign Up</TextLink>
        </p>
      }
    >
      {message && (
        <Alert variant="success" className="mb-5">
          <CheckCircle2 aria-hidden />
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}
      <LoginForm />
    </AuthLayout>
  );
}
