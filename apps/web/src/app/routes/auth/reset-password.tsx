import { Trans, useLingui } from '@lingui/react/macro';
import { Info, KeyRound } from 'lucide-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { translateApiMessage } from '@/lib/api-messages';
import { useDocumentTitle } from '@/lib/use-document-title';

interface SentState {
  message?: string;
  resetCode?: string;
  expiresIn?: string;
}

export default function ResetPasswordRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Reset Password`);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sent = (useLocation().state ?? {}) as SentState;
  return (
    <AuthLayout
      title={t`Reset your password`}
      description={t`Enter the code we emailed you and choose a new password.`}
      footer={
        <p>
          <Trans>
            No code? <TextLink to={paths.forgotPassword.getHref()}>Request a new one</TextLink>
          </Trans>
        </p>
      }
    >
      <div className="mb-5 grid gap-3">
        {sent.message && (
          <Alert variant="info">
            <Info aria-hidden />
            <AlertDescription>
              {translateApiMessage(sent.message)}
              {sent.expiresIn && ` ${t`The code expires in ${translateApiMessage(sent.expiresIn)}.`}`}
            </AlertDescription>
          </Alert>
        )}
        {/* Only a development server returns the code; production sends it by email alone. */}
        {sent.resetCode && (
          <Alert>
            <KeyRound aria-hidden />
            <AlertTitle>
              <Trans>Development mode</Trans>
            </AlertTitle>
            <AlertDescription>
              <p>
                <Trans>
                  Your reset code is{' '}
                  <strong className="font-mono text-base tracking-widest">{sent.resetCode}</strong>
                </Trans>
              </p>
            </AlertDescription>
          </Alert>
        )}
      </div>
      <ResetPasswordForm
        email={params.get('email') ?? ''}
        onDone={(message) => navigate(paths.login.getHref(), { state: { message } })}
      />
    </AuthLayout>
  );
}
