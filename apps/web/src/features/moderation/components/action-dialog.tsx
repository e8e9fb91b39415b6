// Every moderation action asks for a reason in a dialog first (components/form-dialog.tsx). Success:
// a toast with the server's message; refusal: the server's reason inside the dialog, which stays open.
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS } from '@workspace/contracts';
import type { ReactNode } from 'react';
import { FormDialog, MessageField } from '@/components/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { translateApiMessage } from '@/lib/api-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { type ModerationAction, useModerate } from '../api/moderate';

// The contracts' reason schemas, through zod, loaded once a dialog is touched.
const requiredReason = lazyResolver(() =>
  import('../checks/reason').then((module) => module.requiredReasonChecks),
);
const optionalReason = lazyResolver(() =>
  import('../checks/reason').then((module) => module.optionalReasonChecks),
);

/**
 * Whether the reason reaches the people concerned as written (a hidden, restored or appealed
 * rating's author; both parties of a dispute), not only the audit log: the hint then says to name
 * nobody, since the rated party must not learn an anonymous author, nor the author who reported them.
 */
const REASON_SHOWN: Record<ModerationAction, boolean> = {
  hide: true,
  restore: true,
  upholdDispute: true,
  rejectDispute: true,
  rejectAppeal: true,
  hideReply: false,
  dismiss: false,
  suspend: false,
  reinstate: false,
};

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
  const moderate = useModerate();
  return (
    <FormDialog
      trigger={trigger}
      title={title}
      description={description}
      checks={reasonOptional ? optionalReason : requiredReason}
      defaultValues={{ reason: '' }}
      sending={moderate}
      onSend={({ reason }) => moderate.mutateAsync({ action, targetId, reason })}
      onSent={(answer) => {
        toast({ title: translateApiMessage(answer.message), variant: 'success' });
      }}
      actionLabel={confirmLabel}
      pendingLabel={t`Working...`}
      destructive={destructive}
    >
      {(form) => (
        <MessageField
          form={form}
          name="reason"
          label={reasonOptional ? t`Reason (optional)` : t`Reason`}
          hint={
            REASON_SHOWN[action] ? (
              <Trans>
                Recorded in the audit log with your name, and shown as written: name no one, neither who wrote
                the rating nor who reported it.
              </Trans>
            ) : (
              <Trans>Recorded in the audit log with your name.</Trans>
            )
          }
          max={LIMITS.moderationReasonMax}
          rows={3}
        />
      )}
    </FormDialog>
  );
}
