// Deleting an account one cannot sign in to (a suspended person; DESIGN §8.3): email and password are
// checked as sign-in checks them, with the same limits, and the same choice for the ratings given.
import { Trans, useLingui } from '@lingui/react/macro';
import type { RatingsGivenChoice as Choice } from '@workspace/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { useDeleteAccountSignedOut } from '../api/my-account';
import { RatingsGivenChoice } from './delete-account-dialog';

export function DeleteSignedOut() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [choice, setChoice] = useState<Choice>('KEEP_ANONYMOUS');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccountSignedOut();
  const fieldError = (field: string) =>
    remove.error instanceof ApiError ? remove.error.fieldError(field) : undefined;
  const general =
    remove.isError && !fieldError('email') && !fieldError('password')
      ? getErrorMessage(remove.error)
      : undefined;

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
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirming) {
              setConfirming(true);
              return;
            }
            remove.mutate({ email, password, ratings_given: choice });
          }}
        >
          <Field label={t`Email`} error={fieldError('email')}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Field label={t`Password`} error={fieldError('password')}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <RatingsGivenChoice value={choice} onChange={setChoice} />
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
            disabled={remove.isPending || email === '' || password === ''}
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
