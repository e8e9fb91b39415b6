// A yes-or-no question before a change that cannot be taken back (withdrawing a rating, removing a
// reply). The dialog stays open while the change is sent and shows the server's refusal inside it.
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  problem,
  onReset,
}: {
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** Sends the change; `done` closes the dialog once it succeeded. */
  onConfirm: (done: () => void) => void;
  pending: boolean;
  /** The server's refusal (English, as the API says it), if the last attempt failed. */
  problem?: string;
  onReset?: () => void;
}) {
  useApiMessages();
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onReset?.();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {problem && (
          <Alert variant="destructive">
            <AlertDescription>{translateApiMessage(problem)}</AlertDescription>
          </Alert>
        )}
        <DialogActions
          label={confirmLabel}
          pendingLabel={t`Working...`}
          pending={pending}
          onCancel={() => setOpen(false)}
          onAction={() => onConfirm(() => setOpen(false))}
          destructive
        />
      </DialogContent>
    </Dialog>
  );
}
