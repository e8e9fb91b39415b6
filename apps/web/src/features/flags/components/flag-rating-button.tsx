// The Flag action on a review: a dialog with the reasons, optional details and a confirming button
// (components/form-dialog.tsx). Thanks come as a toast; a refusal is said in the dialog, which stays
// open. Once sent, the button gives way to "Reported": a second flag of the same review is refused,
// and should not take filling the form again to learn it. After a reload the list does not know who
// reported what (it is the same for every reader), so opening the dialog asks, and says so.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FlagRequest, LIMITS, PERSON_FLAG_REASONS } from '@workspace/contracts';
import { Flag, FlagOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ChoiceField, FormDialog, MessageField } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { flagReasonLabel, translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { formatDate } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useFlagRating, useOwnFlag } from '../api/flag-rating';
import type { FlagFormValues } from '../checks/flag';

// The contracts' flagRequest, through zod, loaded once the dialog opens.
const checks = lazyResolver(() => import('../checks/flag').then((module) => module.flagChecks));

export function FlagRatingButton({ ratingId, authorName }: { ratingId: number; authorName: string }) {
  useApiMessages();
  const flag = useFlagRating();
  const [open, setOpen] = useState(false);
  const own = useOwnFlag(ratingId, open);
  const reported = own.data?.reported;
  const reportedOn = reported ? formatDate(reported.at) : null;
  const done = flag.isSuccess || (reported != null && !open);
  const doneRef = useRef<HTMLSpanElement>(null);
  // The dialog's trigger gives way to "Reported" as the dialog closes: keep a keyboard user's place.
  useEffect(() => {
    if (done && (!document.activeElement || document.activeElement === document.body))
      doneRef.current?.focus();
  }, [done]);
  const { t } = useLingui();
  if (done) {
    return (
      <span
        ref={doneRef}
        tabIndex={-1}
        className="inline-flex items-center gap-1.5 rounded-md px-3 text-muted-foreground text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <FlagOff aria-hidden className="size-4" />
        <Trans>Reported</Trans>
      </span>
    );
  }
  // A rating one may no longer flag (gone, or held back meanwhile) is refused on opening, not after.
  const refusal = own.isError ? (
    translateApiMessage(getProblem(own.error))
  ) : reported?.decided ? (
    <Trans>You reported this review on {reportedOn}, and the moderators have already decided on it.</Trans>
  ) : (
    reported && (
      <Trans>
        You reported this review on {reportedOn}. You will be told what the moderators decide, in your
        notifications.
      </Trans>
    )
  );
  return (
    <FormDialog<FlagFormValues, FlagRequest>
      trigger={
        // The whole name in one sentence, so that each language orders it (Hindi puts the verb last).
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground"
          aria-label={t`Flag review by ${authorName}`}
        >
          <Flag aria-hidden />
          <Trans>Flag</Trans>
        </Button>
      }
      title={<Trans>Flag this review</Trans>}
      description={
        <Trans>
          Tell the moderators what is wrong with it. They decide whether it stays, and you are told what they
          decide, in your notifications; the author is not told who reported it.
        </Trans>
      }
      onOpenChange={setOpen}
      refusal={refusal || undefined}
      actionDisabled={own.isPending}
      checks={checks}
      defaultValues={{ details: '' }}
      sending={flag}
      onSend={({ reason, details }) => flag.mutateAsync({ ratingId, reason, details })}
      onSent={() => {
        toast({
          title: t`Review reported`,
          description: t`Thank you. A moderator will look at it.`,
          variant: 'success',
        });
      }}
      actionLabel={t`Flag Review`}
      pendingLabel={t`Sending...`}
      destructive
    >
      {(form) => (
        <>
          <ChoiceField
            form={form}
            name="reason"
            legend={t`Reason`}
            choices={PERSON_FLAG_REASONS}
            labelOf={flagReasonLabel}
          />
          <MessageField
            form={form}
            name="details"
            label={t`Details (optional)`}
            max={LIMITS.flagDetailsMax}
            rows={3}
          />
        </>
      )}
    </FormDialog>
  );
}
