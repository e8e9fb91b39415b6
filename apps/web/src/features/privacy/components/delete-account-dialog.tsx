// Delete my account (DESIGN §8.3, ADR 0015): the password confirms; ratings given are removed or kept
// with no link to the person. After success the session ends and the landing page says so.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type RatingsGivenChoice as Choice, RATINGS_GIVEN_CHOICES } from '@workspace/contracts';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogActions } from '@/components/dialog-actions';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { useSession } from '@/lib/session';
import { useDeleteAccount } from '../api/my-account';

const RATINGS_GIVEN_LABELS: Record<Choice, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  KEEP_ANONYMOUS: {
    label: msg`Keep my ratings, anonymously`,
    hint: msg`They stay on the profiles I rated, with no name and no link to me.`,
  },
  DELETE: {
    label: msg`Delete my ratings too`,
    hint: msg`They leave every profile and average at once.`,
  },
};

/** The choice for the ratings a person gave, as both delete forms ask it. */
export function RatingsGivenChoice({
  value,
  onChange,
}: {
  value: Choice;
  onChange: (value: Choice) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">
        <Trans>The ratings you gave</Trans>
      </legend>
      <RadioGroup value={value} onValueChange={(next) => onChange(next as Choice)} className="gap-3">
        {RATINGS_GIVEN_CHOICES.map((choice) => (
          <div key={choice} className="flex items-start gap-3">
            <RadioGroupItem id={`${id}-${choice}`} value={choice} className="mt-0.5" />
            <Label htmlFor={`${id}-${choice}`} className="grid gap-0.5 font-normal">
              <span className="font-medium">{i18n._(RATINGS_GIVEN_LABELS[choice].label)}</span>
              <span className="text-muted-foreground text-xs">
                {i18n._(RATINGS_GIVEN_LABELS[choice].hint)}
              </span>
            </Label>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

export function DeleteAccountDialog() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  // Said beside the field when the form is sent without it, as every other dialog does.
  const [missing, setMissing] = useState(false);
  const [choice, setChoice] = useState<Choice>('KEEP_ANONYMOUS');
  const remove = useDeleteAccount();
  const passwordError = remove.error instanceof ApiError ? remove.error.fieldError('password') : undefined;
  const otherError = remove.isError && !passwordError ? getErrorMessage(remove.error) : undefined;

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword('');
      remove.reset();
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    remove.mutate(
      { password, ratings_given: choice },
      {
        onSuccess: () => {
          toast({
            title: t`Your account has been deleted`,
            description: t`Thank you for using WorkTrust.`,
            variant: 'success',
          });
          signOut();
          void navigate(paths.home.getHref(), { replace: true });
        },
      },
    );
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <Trans>Delete my account</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Your account, profile and the ratings you received are erased for good. This cannot be undone.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={close}>
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden />
              <Trans>Delete my account</Trans>
            </Button>
          </DialogTrigger>
          <DialogContent>
            <form noValidate onSubmit={submit} className="grid gap-4">
              <DialogHeader>
                <DialogTitle>
                  <Trans>Delete your account?</Trans>
                </DialogTitle>
                <DialogDescription>
                  <Trans>
                    Your account, profile and the ratings you received are erased, and your email address
                    becomes free. This cannot be undone.
                  </Trans>
                </DialogDescription>
              </DialogHeader>
              <RatingsGivenChoice value={choice} onChange={setChoice} />
              <Field
                label={t`Your password`}
                error={passwordError ?? (missing ? t`Enter your password to confirm.` : undefined)}
              >
                {(control) => (
                  <PasswordInput
                    {...control}
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      setMissing(false);
                    }}
                  />
                )}
              </Field>
              {otherError && (
                <Alert variant="destructive">
                  <AlertDescription>{translateApiMessage(otherError)}</AlertDescription>
                </Alert>
              )}
              <DialogActions
                label={<Trans>Delete my account</Trans>}
                pendingLabel={t`Deleting...`}
                pending={remove.isPending}
                onCancel={() => close(false)}
                destructive
              />
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
