import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { resetRequest } from '@workspace/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { translateApiMessage } from '@/lib/api-messages';
import {
  type ResetRequestAnswer,
  resetRequestErrorMessage,
  useRequestPasswordReset,
} from '../api/request-password-reset';

/** Step one of a password reset: ask for a code by email. */
export function ForgotPasswordForm({
  onSent,
}: {
  onSent: (email: string, answer: ResetRequestAnswer) => void;
}) {
  const { t } = useLingui();
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof resetRequest>, unknown, z.output<typeof resetRequest>>({
    resolver: zodResolver(resetRequest),
    defaultValues: { email: '' },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ email }) =>
        request.mutate({ email }, { onSuccess: (answer) => onSent(email, answer) }),
      )}
      className="grid gap-5"
    >
      {request.isError && (
        <Alert variant="destructive">
          <AlertDescription>{translateApiMessage(resetRequestErrorMessage(request.error))}</AlertDescription>
        </Alert>
      )}
      <Field label={t`Email`} error={form.formState.errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? (
          <Spinner label={t`Sending...`} className="text-primary-foreground" />
        ) : (
          <Trans>Send Reset Code</Trans>
        )}
      </Button>
    </form>
  );
}
