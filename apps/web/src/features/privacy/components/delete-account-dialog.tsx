// Delete my account (DESIGN §8.3, ADR 0015): the password confirms; ratings given are removed or kept
// with no link to the person. After success the session ends and the landing page says so.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type RatingsGivenChoice as Choice,
  type DeleteAccountRequest,
  RATINGS_GIVEN_CHOICES,
} from '@workspace/contracts';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSession } from '@/lib/session';
import { useDeleteAccount } from '../api/my-account';

const RATINGS_GIVEN_LABELS: Record<Choice, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  KEEP_ANONYMOUS: {
    label: msg`Keep my ratings, anonymously`,
    hint: msg`They stay on the profiles I rated, with no name and no link to me.`,
  },
  DELETE: {
    label: msg`Delete my ratings too`,
    hint: msg`They leave every profile and average: named ones at once, anonymous ones at the start of the next day in India, so that no one can tie their going to my account.`,
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

// The contracts' deleteAccountRequest, through zod, loaded once the dialog opens.
const checks = lazyResolver(() => import('../checks/delete').then((module) => module.deleteChecks));

export function DeleteAccountDialog() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const remove = useDeleteAccount();
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
        <FormDialog<DeleteAccountRequest>
          trigger={
            <Button variant="destructive">
              <Trash2 aria-hidden />
              <Trans>Delete my account</Trans>
            </Button>
          }
          title={<Trans>Delete your account?</Trans>}
          description={
            <Trans>
              Your account, profile and the ratings you received are erased, and your email address becomes
              free. This cannot be undone.
            </Trans>
          }
          checks={checks}
          defaultValues={{ password: '', ratings_given: 'KEEP_ANONYMOUS' }}
          sending={remove}
          onSend={({ password, ratings_given }) => remove.mutateAsync({ password, ratings_given })}
          onSent={() => {
            toast({
              title: t`Your account has been deleted`,
              description: t`Thank you for using WorkTrust.`,
              variant: 'success',
            });
            signOut();
            void navigate(paths.home.getHref(), { replace: true });
          }}
          actionLabel={<Trans>Delete my account</Trans>}
          pendingLabel={t`Deleting...`}
          destructive
        >
          {(form) => (
            <>
              <RatingsGivenChoice
                value={form.watch('ratings_given')}
                onChange={(choice) => form.setValue('ratings_given', choice)}
              />
              <Field label={t`Your password`} error={form.formState.errors.password?.message}>
                {(control) => (
                  <PasswordInput
                    {...control}
                    autoComplete="current-password"
                    {...form.register('password')}
                  />
                )}
              </Field>
            </>
          )}
        </FormDialog>
      </CardContent>
    </Card>
  );
}
