// The six-digit code from a mail, and Confirm: one piece for both codes the account page asks for
// (the sign-in address's and a work address's), so they read and behave alike.
import { Trans, useLingui } from '@lingui/react/macro';
import { WORK_EMAIL_CODE_LENGTH } from '@workspace/contracts';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

export function CodeEntry({
  code,
  onCodeChange,
  problem,
  pending,
  children,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  /** Why the last code was refused, in the reader's language. */
  problem?: string;
  pending: boolean;
  /** The second button: a new code, or another address. */
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field label={<Trans>Code from the email</Trans>} error={problem}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => onCodeChange(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={WORK_EMAIL_CODE_LENGTH}
            className="max-w-40 tracking-widest"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || code.trim().length !== WORK_EMAIL_CODE_LENGTH}>
          {pending ? <Spinner label={t`Checking...`} className="text-current" /> : <Trans>Confirm</Trans>}
        </Button>
        {children}
      </div>
    </>
  );
}
