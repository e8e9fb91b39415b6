// Dispute a rating of oneself (DESIGN §8.1): a reason from the contract's list and an explanation.
// The dialog says what happens next, which differs by who was rated: a rating of an employee is held
// back until moderators decide; a rating of a company stays up (companies cannot silence reviews).
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DISPUTE_DECISION_DAYS,
  DISPUTE_REASONS,
  disputeHoldsRating,
  LIMITS,
  type Rating,
} from '@workspace/contracts';
import { Scale } from 'lucide-react';
import { ChoiceField, FormDialog, MessageField } from '@/components/form-dialog';
import { raterName } from '@/components/ratings/labels';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { disputeReasonLabel } from '@/lib/api-messages';
import { formatDate } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useFileDispute } from '../api/responses';

// The contracts' disputeRequest, through zod, loaded once the dialog opens.
const checks = lazyResolver(() => import('../checks/responses').then((module) => module.disputeChecks));

export function DisputeDialog({ rating }: { rating: Rating }) {
  const { t } = useLingui();
  const dispute = useFileDispute();
  const heldBack = disputeHoldsRating(rating.role_context);
  const days = DISPUTE_DECISION_DAYS;
  const authorName = raterName(rating);
  return (
    <FormDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground"
          // The whole name in one sentence, so that each language orders it (Hindi puts the verb last).
          aria-label={t`Dispute review by ${authorName}`}
        >
          <Scale aria-hidden />
          <Trans>Dispute</Trans>
        </Button>
      }
      title={<Trans>Dispute this rating</Trans>}
      description={
        <>
          {heldBack ? (
            <Trans>
              A moderator reviews your dispute within {days} days. Until they decide, the rating is not shown
              on your profile and does not count in your average.
            </Trans>
          ) : (
            <Trans>
              A moderator reviews your dispute within {days} days. The rating stays on your profile until they
              decide: companies cannot take reviews down by disputing them.
            </Trans>
          )}{' '}
          <Trans>
            You can dispute a rating once. You and its author both see the outcome and the moderators' reason.
          </Trans>
        </>
      }
      checks={checks}
      defaultValues={{ details: '' }}
      sending={dispute}
      onSend={({ reason, details }) => dispute.mutateAsync({ ratingId: rating.id, reason, details })}
      onSent={(filed) => {
        const due = formatDate(filed.due_at);
        toast({
          title: t`Dispute filed`,
          description: t`Moderators will decide by ${due}. You will see the outcome on the rating.`,
          variant: 'success',
        });
      }}
      actionLabel={<Trans>File dispute</Trans>}
      pendingLabel={t`Sending...`}
    >
      {(form) => (
        <>
          <ChoiceField
            form={form}
            name="reason"
            legend={t`What is wrong with it?`}
            choices={DISPUTE_REASONS}
            labelOf={disputeReasonLabel}
          />
          <MessageField
            form={form}
            name="details"
            label={<Trans>Explain what is wrong</Trans>}
            hint={<Trans>Only moderators read this.</Trans>}
            min={LIMITS.disputeDetailsMin}
            max={LIMITS.disputeDetailsMax}
          />
        </>
      )}
    </FormDialog>
  );
}
