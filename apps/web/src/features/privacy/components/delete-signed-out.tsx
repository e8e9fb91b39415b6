// Deleting an account one cannot sign in to (a suspended person; DESIGN §8.3): email and password are
// checked as sign-in checks them, with the same limits, and the same choice for the ratings given.
import { Trans, useLingui } from '@lingui/react/macro';
import { RATINGS_GIVEN_CHOICES, type RatingsGivenChoice } from '@workspace/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { useDeleteAccountSignedOut } from '../api/my-account';
import { RATINGS_GIVEN_LABELS } from './delete-account-dialog';

export function DeleteSignedOut() {
  const { t, i18n } = useLingui();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [choice, setChoice] = useState<RatingsGivenChoice>('KEEP_ANONYMOUS');
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
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">
              <Trans>The ratings you gave</Trans>
            </legend>
            <RadioGroup
              value={choice}
              onValueChange={(value) => setChoice(value as RatingsGivenChoice)}
              className="gap-3"
            >
              {RATINGS_GIVEN_CHOICES.map((value) => (
                <div key={value} className="flex items-start gap-3">
                  <RadioGroupItem id={`${id}-${value}`} value={value} className="mt-0.5" />
                  <Label htmlFor={`${id}-${value}`} className="grid gap-0.5 font-normal">
                    <span className="font-medium">{i18n._(RATINGS_GIVEN_LABELS[value].label)}</span>
                    <span className="text-muted-foreground text-xs">
                      {i18n._(RATINGS_GIVEN_LABELS[value].hint)}
                    </span>
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
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
