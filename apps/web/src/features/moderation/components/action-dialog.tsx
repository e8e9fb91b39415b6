// Every moderation action asks for a reason in a dialog first (components/form-dialog.tsx). Success:
// a toast with the server's message; refusal: the server's reason inside the dialog, which stays open.
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS, REASON_READ_BY } from '@workspace/contracts';
import type { ReactNode } from 'react';
import { FormDialog, MessageField } from '@/components/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { translateApiMessage } from '@/lib/api-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { LOGGED_AS, type ModerationAction, useModerate } from '../api/moderate';

// The contracts' reason schemas, through zod, loaded once a dialog is touched.
const requiredReason = lazyResolver(() =>
  import('../checks/reason').then((module) => module.requiredReasonChecks),
);

/**
 * What the reason box says of who reads the reason as written besides the audit log (contracts
 * REASON_READ_BY), and what it must therefore not tell them.
 */
function ReasonHint({ action }: { action: ModerationAction }) {
  switch (REASON_READ_BY[LOGGED_AS[action]]) {
    case 'author':
      return (
        <Trans>
          Recorded in the audit log with your name. The author reads it as written: do not name who reported
          the rating.
        </Trans>
      );
    case 'both parties':
      return (
        <Trans>
          Recorded in the audit log with your name. Both parties read it as written: say nothing that could
          tell who wrote an anonymous rating.
        </Trans>
      );
    case 'reply author':
      return (
        <Trans>
          Recorded in the audit log with your name. The reply's author reads it as written: say nothing that
          could tell who wrote an anonymous rating.
        </Trans>
      );
    case 'account holder':
      return (
        <Trans>
          Recorded in the audit log with your name. The person reads it as written when they next sign in: do
          not name who reported them.
        </Trans>
      );
    case 'reporter':
      return (
        <Trans>
          Recorded in the audit log with your name. Whoever reported the rating reads it as written: say
          nothing that could tell who wrote an anonymous rating.
        </Trans>
      );
    default:
      return <Trans>Recorded in the audit log with your name.</Trans>;
  }
}

export function ActionDialog({
  action,
  targetId,
  trigger,
  title,
  description,
  confirmLabel,
  destructive = false,
}: {
  action: ModerationAction;
  targetId: number;
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  destructive?: boolean;
}) {
  const { t } = useLingui();
  const moderate = useModerate();
  return (
    <FormDialog
      trigger={trigger}
      title={title}
      description={description}
      checks={requiredReason}
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
          label={t`Reason`}
          hint={<ReasonHint action={action} />}
          max={LIMITS.moderationReasonMax}
          rows={3}
        />
      )}
    </FormDialog>
  );
}
