// Change password (DESIGN §7): old, new and confirmation, each message beside its field; a wrong
// old password is the server's 'Old password is incorrect' beside the field, labelled as the message names it.
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangePasswordRequest, changePasswordRequest, MSG } from '@workspace/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['old_password', 'new_password', 'new_password_confirm'] as const;

export function ChangePasswordForm() {
  const { t } = useLingui();
  const change = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { old_password: '', new_password: '', new_password_confirm: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => showServerFieldErrors(form.setError, error, FIELDS),
    }),
  );

  // Field problems are shown beside their fields; anything else above the form.
  const generalError =
    change.error instanceof ApiError && Object.keys(change.error.errors).length > 0
      ? null
      : change.isError
        ? change.error instanceof ApiError && change.error.status !== 0
          ? change.error.detail
          : MSG.passwordChangeFailed
        : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Change Password</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Changing it signs you out on every other device.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label={t`Change password`} className="grid gap-4">
          {change.isSuccess && (
            <Alert variant="success">
              <CheckCircle2 aria-hidden />
              <AlertDescription>{translateApiMessage(change.data.message)}</AlertDescription>
            </Alert>
          )}
          {generalError && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(generalError)}</AlertDescription>
            </Alert>
          )}
          <Field label={t`Old password`} error={errors.old_password?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                {...form.register('old_password')}
              />
            )}
          </Field>
          <NewPasswordFields register={form.register} errors={errors} />
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? (
              <Spinner label={t`Changing...`} className="text-primary-foreground" />
            ) : (
              <Trans>Change Password</Trans>
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
