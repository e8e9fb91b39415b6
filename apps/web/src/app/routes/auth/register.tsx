import { Trans, useLingui } from '@lingui/react/macro';
import { MSG } from '@workspace/contracts';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function RegisterRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign Up`);
  const navigate = useNavigate();
  // 'Join as Employer' on the landing page preselects the role.
  const state = useLocation().state as { role?: unknown } | null;
  return (
    <AuthLayout
      wide
      title={t`Create your account`}
      description={t`Join WorkTrust to rate and be rated, fairly.`}
      footer={
        <p>
          <Trans>
            Already have an account? <TextLink to={paths.login.getHref()}>Sign In</TextLink>
          </Trans>
        </p>
      }
    >
      <RegisterForm
        defaultRole={state?.role === 'employer' ? 'employer' : 'employee'}
        onSuccess={(email) =>
          navigate(paths.login.getHref(), {
            state: { message: MSG.registrationSuccess, registered: true, email },
          })
        }
      />
    </AuthLayout>
  );
}
