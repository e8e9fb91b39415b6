import { Trans, useLingui } from '@lingui/react/macro';
import { type LoginRequest, MSG } from '@workspace/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { loginErrorMessage, useLogin } from '../api/login';

// The contracts' loginRequest, through zod, loaded once the form is touched: the page paints without it.
const checks = lazyResolver(() => import('../checks/login').then((module) => module.loginChecks));

/**
 * Email and password; a successful sign-in updates the session and the page's guard moves on.
 * `email`: filled in (after a sign-up), the password field then focused. `onAttempt`: told of each
 * sign-in sent, so a message the page showed before it (a sign-up's success) can give way.
 */
export function LoginForm({ email, onAttempt }: { email?: string; onAttempt?: () => void } = {}) {
  const { t } = useLingui();
  const login = useLogin();
  const suspensionReason = login.error instanceof ApiError ? login.error.reason : undefined;
  const form = useForm<LoginRequest>({
    resolver: checks.resolver,
    defaultValues: { email: email ?? '', password: '' },
  });
  const { setFocus } = form;
  useEffect(() => {
    if (email) setFocus('password');
  }, [email, setFocus]);
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onFocus={checks.preload}
      onPointerDown={checks.preload}
      onSubmit={form.handleSubmit((values) => {
        onAttempt?.();
        login.mutate(values);
      })}
      className="grid gap-5"
    >
      {login.isError && (
        <Alert variant="destructive">
          <AlertDescription>
            {translateApiMessage(loginErrorMessage(login.error))}
            {/* A suspended person proved their password: the way on is the grievance form (issue 47). */}
            {loginErrorMessage(login.error) === MSG.accountSuspended && (
              <>
                {suspensionReason && (
                  <span className="my-2 block whitespace-pre-line wrap-anywhere">
                    <Trans>Moderators' reason: {suspensionReason}</Trans>
                  </span>
                )}{' '}
                <TextLink to={paths.grievance.getHref()}>
                  <Trans>Go to the grievance form</Trans>
                </TextLink>
              </>
            )}
          </AlertDescription>
        </Alert>
      )}
      <Field label={t`Email`} error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label={t`Password`} error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
        )}
      </Field>
      <div className="-mt-2 text-right text-sm">
        <TextLink to={paths.forgotPassword.getHref()}>
          <Trans>Forgot password?</Trans>
        </TextLink>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? (
          <Spinner label={t`Signing in...`} className="text-primary-foreground" />
        ) : (
          <Trans>Sign In</Trans>
        )}
      </Button>
    </form>
  );
}
