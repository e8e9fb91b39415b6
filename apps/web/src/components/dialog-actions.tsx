// The footer of every dialog that sends something: Cancel, and the action, which shows a spinner with
// `pendingLabel` while the request runs. Both are disabled meanwhile, so a second click sends nothing.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

export function DialogActions({
  label,
  pendingLabel,
  pending,
  onCancel,
  onAction,
  disabled = false,
  destructive = false,
}: {
  label: ReactNode;
  /** What the spinner says while the request runs ("Sending..."). */
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** Without it the action submits the dialog's form. */
  onAction?: () => void;
  /** Whether the action is unavailable for another reason than a pending request (an empty field). */
  disabled?: boolean;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        <Trans>Cancel</Trans>
      </Button>
      <Button
        type={onAction ? 'button' : 'submit'}
        onClick={onAction}
        variant={destructive ? 'destructive' : 'default'}
        disabled={pending || disabled}
      >
        {pending ? <Spinner label={pendingLabel} className="text-current" /> : label}
      </Button>
    </DialogFooter>
  );
}
