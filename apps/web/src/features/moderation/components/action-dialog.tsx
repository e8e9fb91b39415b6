// Every moderation action asks for a reason in a dialog first. Success: a toast with the server's
// message; refusal: the server's reason inside the dialog, which stays open.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ModerationReason } from '@workspace/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { type ModerationAction, useModerate } from '../api/moderate';

// The contracts' reason schemas, through zod, loaded once a dialog is touched.
const requiredReason = lazyResolver(() =>
  import('../checks/reason').then((module) => module.requiredReasonChecks),
);
const optionalReason = lazyResolver(() =>
  import('../checks/reason').then((module) => module.optionalReasonChecks),
);

export function ActionDialog({
  action,
  targetId,
  trigger,
  title,
  description,
  confirmLabel,
  destructive = false,
  reasonOptional = false,
}: {
  action: ModerationAction;
  targetId: number;
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  destructive?: boolean;
  reasonOptional?: boolean;
}) {
  const { t } = useLingui();
  useApiMessages();
  const id = useId();
  const [open, setOpen] = useState(false);
  const moderate = useModerate();
  const checks = reasonOptional ? optionalReason : requiredReason;
  const form = useForm<ModerationReason>({ resolver: checks.resolver, defaultValues: { reason: '' } });
  const problem = form.formState.errors.reason?.message;

  const submit = form.handleSubmit(({ reason }) => {
    moderate.mutate(
      { action, targetId, reason },
      {
        onSuccess: (answer) => {
          toast({ title: translateApiMessage(answer.message), variant: 'success' });
          setOpen(false);
        },
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset();
          moderate.reset();
          checks.preload();
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {moderate.isError && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(getErrorMessage(moderate.error))}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>{reasonOptional ? t`Reason (optional)` : t`Reason`}</Label>
            <Textarea
              id={`${id}-reason`}
              {...form.register('reason', { onChange: () => form.clearErrors('reason') })}
              rows={3}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
            />
            <p id={`${id}-hint`} className="text-muted-foreground text-xs">
              <Trans>Recorded in the audit log with your name.</Trans>
            </p>
            <FieldError id={`${id}-error`} message={problem} />
          </div>
          <DialogActions
            label={confirmLabel}
            pendingLabel={t`Working...`}
            pending={moderate.isPending}
            onCancel={() => setOpen(false)}
            destructive={destructive}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
