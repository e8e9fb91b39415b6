import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS, resetConfirmRequest } from '@workspace/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { translateApiMessage } from '@/lib/api-messages';
import { resetConfirmErrorMessage, useConfirmPasswordReset } from '../api/confirm-password-reset';

/** Step two: the emailed LIMITS.resetCodeLength-character code and a new password, twice. */
export function ResetPasswordForm({ email, onDone }: { email: string; onDone: (message: string) => void }) {
  const { t } = useLingui();
  const confirm = useConfirmPasswordReset();
  const form = useForm<z.input<typeof resetConfirmRequest>, unknown, z.output<typeof resetConfirmRequest>>({
    resolver: zodResolver(resetConfirmRequest),
    defaultValues: { email, reset_code: '', new_password: '', new_password_confirm: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        confirm.mutate(values, { onSuccess: (answer) => onDone(answer.message) }),
      )}
      className="grid gap-5"
    >
      {confirm.isError && (
        <Alert variant="destructive">
          <AlertDescription>{translateApiMessage(resetConfirmErrorMessage(confirm.error))}</AlertDescription>
        </Alert>
      )}
      <Field label={t`Email`} error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field
        label={t`Reset code`}
        error={errors.reset_code?.message}
        hint={t`The ${LIMITS.resetCodeLength}-character code from the email.`}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono tracking-[0.3em]"
            {...form.register('reset_code')}
          />
        )}
      </Field>
      <NewPasswordFields register={form.register} errors={errors} />
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending ? (
          <Spinner label={t`Resetting...`} className="text-primary-foreground" />
        ) : (
          <Trans>Reset Password</Trans>
        )}
      </Button>
    </form>
  );
}
