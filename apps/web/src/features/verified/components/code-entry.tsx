// The code from a mail, and Confirm: one form for both codes the account page asks for (the sign-in
// address's and a work address's), so they read and behave alike. The contracts' schema checks the
// code's length and digits before anything is sent (react-hook-form).
import { Trans, useLingui } from '@lingui/react/macro';
import { WORK_EMAIL_CODE_LENGTH, type WorkEmailConfirmRequest } from '@workspace/contracts';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { lazyResolver } from '@/lib/lazy-resolver';

const checks = lazyResolver(() => import('../checks/verified').then((module) => module.codeChecks));

export function CodeForm({
  intro,
  onConfirm,
  problem,
  pending,
  children,
}: {
  /** What was sent where, said above the field. */
  intro: ReactNode;
  onConfirm: (code: string) => void;
  /** Why the server refused the last code, as it said it (shown in the reader's language). */
  problem?: string;
  pending: boolean;
  /** The second button: a new code, or another address. */
  children: ReactNode;
}) {
  const { t } = useLingui();
  const form = useForm<WorkEmailConfirmRequest>({ resolver: checks.resolver, defaultValues: { code: '' } });
  const typed = form.watch('code').trim().length;
  return (
    <form
      noValidate
      className="grid gap-3"
      onFocus={checks.preload}
      onSubmit={form.handleSubmit(({ code }) => onConfirm(code))}
    >
      {intro}
      <Field
        label={<Trans>Code from the email</Trans>}
        error={form.formState.errors.code?.message ?? problem}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={WORK_EMAIL_CODE_LENGTH}
            className="max-w-40 tracking-widest"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || typed !== WORK_EMAIL_CODE_LENGTH}>
          {pending ? <Spinner label={t`Checking...`} className="text-current" /> : <Trans>Confirm</Trans>}
        </Button>
        {children}
      </div>
    </form>
  );
}
