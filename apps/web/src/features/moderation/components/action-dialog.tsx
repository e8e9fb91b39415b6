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
 * Who reads the reason as written besides the audit log: a hidden, restored or appealed rating's
 * author (who must not learn who reported it), or both parties of a dispute (where nothing may tell
 * the rated party who wrote an anonymous rating).
 */
const REASON_READ_BY: Record<ModerationAction, 'author' | 'both parties' | null> = {
  hide: 'author',
  restore: 'author',
  rejectAppeal: 'author',
  upholdDispute: 'both parties',
  rejectDispute: 'both parties',
  hideReply: null,
  dismiss: null,
  suspend: null,
  reinstate: null,
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
            REASON_READ_BY[action] === 'author' ? (
              <Trans>
                Recorded in the audit log with your name. The author reads it as written: do not name who
                reported the rating.
              </Trans>
            ) : REASON_READ_BY[action] === 'both parties' ? (
              <Trans>
                Recorded in the audit log with your name. Both parties read it as written: say nothing that
                could tell who wrote an anonymous rating.
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
