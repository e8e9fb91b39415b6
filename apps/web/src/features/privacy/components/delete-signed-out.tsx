// Deleting an account one cannot sign in to (a suspended person; DESIGN §8.3): email and password are
// checked as sign-in checks them, with the same limits, and the same choice for the ratings given.
// The contracts' deleteAccountRequest checks the form (react-hook-form); a second press confirms.
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeleteAccountRequest } from '@workspace/contracts';

type SignedOutDeletion = DeleteAccountRequest & { email: string };

import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useDeleteAccountSignedOut } from '../api/my-account';
import { RatingsGivenChoice } from './delete-account-dialog';

// The contracts' deleteAccountRequest with the email required, loaded when the form is first touched.
const checks = lazyResolver(() => import('../checks/delete').then((module) => module.deleteSignedOutChecks));

export function DeleteSignedOut() {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccountSignedOut();
  const form = useForm<SignedOutDeletion>({
    resolver: checks.resolver,
    defaultValues: { email: '', password: '', ratings_given: 'KEEP_ANONYMOUS' },
  });
  const { errors } = form.formState;
  const serverError = (field: string) =>
    remove.error instanceof ApiError ? remove.error.fieldError(field) : undefined;
  const general =
    remove.isError && !serverError('email') && !serverError('password')
      ? getErrorMessage(remove.error)
      : undefined;
  const submit = form.handleSubmit((request) => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    remove.mutate(request);
  });

  if (remove.isSuccess) {
    return (
      <Alert variant="success">
        <CheckCircle2 aria-hidden />
        <AlertDescription>
          <Trans>The account has been deleted.</Trans>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Delete an account you cannot sign in to</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            For example a suspended account. Signed in, use "Delete my account" on your profile instead.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onFocus={checks.preload} onSubmit={submit}>
          <Field label={t`Email`} error={errors.email?.message ?? serverError('email')}>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
            )}
          </Field>
          <Field label={t`Password`} error={errors.password?.message ?? serverError('password')}>
            {(control) => (
              <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
            )}
          </Field>
          <RatingsGivenChoice
            value={form.watch('ratings_given')}
            onChange={(choice) => form.setValue('ratings_given', choice)}
          />
          {general && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(general)}</AlertDescription>
            </Alert>
          )}
          {confirming && (
            <p role="alert" className="font-medium text-destructive text-sm">
              <Trans>This erases the account for good. Press the button again to confirm.</Trans>
            </p>
          )}
          <Button
            type="submit"
            variant="destructive"
            className="justify-self-start"
            disabled={remove.isPending}
          >
            {remove.isPending ? (
              <Spinner label={t`Deleting...`} className="text-white" />
            ) : confirming ? (
              <Trans>Yes, delete the account</Trans>
            ) : (
              <Trans>Delete the account</Trans>
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
