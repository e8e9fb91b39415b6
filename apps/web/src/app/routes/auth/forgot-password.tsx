import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS } from '@workspace/contracts';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ForgotPasswordRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Forgot Password`);
  const navigate = useNavigate();
  const codeLength = LIMITS.resetCodeLength;
  return (
    <AuthLayout
      title={t`Forgot your password?`}
      description={t`Enter your account's email and we will send you a ${codeLength}-character reset code.`}
      footer={
        <p>
          <Trans>
            Remembered it? <TextLink to={paths.login.getHref()}>Sign In</TextLink>
          </Trans>
        </p>
      }
    >
      <ForgotPasswordForm
        onSent={(email, answer) =>
          navigate(paths.resetPassword.getHref(email), {
            state: { message: answer.message, resetCode: answer.reset_code, expiresIn: answer.expires_in },
          })
        }
      />
    </AuthLayout>
  );
}
