// Dispute a rating of oneself (DESIGN §8.1): a reason from the contract's list and an explanation.
// The dialog says what happens next, which differs by who was rated: a rating of an employee is held
// back until moderators decide; a rating of a company stays up (companies cannot silence reviews).
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DISPUTE_DECISION_DAYS,
  DISPUTE_REASONS,
  type DisputeReason,
  LIMITS,
  MSG,
  type Rating,
} from '@workspace/contracts';
import { Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { raterName } from '@/components/ratings/labels';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { disputeReasonLabel, translateApiMessage } from '@/lib/api-messages';
import { formatDate } from '@/lib/format';
import { useFileDispute } from '../api/responses';

export function DisputeDialog({ rating }: { rating: Rating }) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DisputeReason>();
  const [details, setDetails] = useState('');
  const [checked, setChecked] = useState(false);
  const dispute = useFileDispute();
  const length = details.trim().length;
  const reasonProblem = checked && !reason ? MSG.disputeReasonRequired : undefined;
  const detailsProblem =
    length > LIMITS.disputeDetailsMax
      ? MSG.disputeDetailsMax
      : checked && length === 0
        ? MSG.disputeDetailsRequired
        : undefined;
  const serverProblem = dispute.isError ? getProblem(dispute.error) : undefined;
  const heldBack = rating.role_context === 'EMPLOYER_TO_EMPLOYEE';
  const days = DISPUTE_DECISION_DAYS;
  const authorName = raterName(rating);

  const reset = () => {
    setReason(undefined);
    setDetails('');
    setChecked(false);
    dispute.reset();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!reason || length === 0 || length > LIMITS.disputeDetailsMax) return;
    dispute.mutate(
      { ratingId: rating.id, reason, details: details.trim() },
      {
        onSuccess: (filed) => {
          const due = formatDate(filed.due_at);
          toast({
            title: t`Dispute filed`,
            description: t`Moderators will decide by ${due}. You will see the outcome on the rating.`,
            variant: 'success',
          });
          setOpen(false);
          reset();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground">
          <Scale aria-hidden />
          <Trans>Dispute</Trans>
          <span className="sr-only">
            {' '}
            <Trans>review by {authorName}</Trans>
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Dispute this rating</Trans>
            </DialogTitle>
            <DialogDescription>
              {heldBack ? (
                <Trans>
                  A moderator reviews your dispute within {days} days. Until they decide, the rating is not
                  shown on your profile and does not count in your average.
                </Trans>
              ) : (
                <Trans>
                  A moderator reviews your dispute within {days} days. The rating stays on your profile until
                  they decide: companies cannot take reviews down by disputing them.
                </Trans>
              )}{' '}
              <Trans>
                You can dispute a rating once. You and its author both see the outcome and the moderators'
                reason.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          {serverProblem && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(serverProblem)}</AlertDescription>
            </Alert>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">
              <Trans>What is wrong with it?</Trans>
            </legend>
            <RadioGroup
              value={reason ?? ''}
              onValueChange={(value) => setReason(value as DisputeReason)}
              aria-label={t`What is wrong with it?`}
              aria-invalid={Boolean(reasonProblem)}
              className="gap-2"
            >
              {DISPUTE_REASONS.map((value) => (
                <div key={value} className="flex items-center gap-3">
                  <RadioGroupItem id={`${id}-${value}`} value={value} />
                  <Label htmlFor={`${id}-${value}`} className="font-normal">
                    {disputeReasonLabel(value)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            <FieldError message={reasonProblem} />
          </fieldset>
          <Field
            label={<Trans>Explain what is wrong</Trans>}
            error={detailsProblem}
            hint={
              <Trans>
                Only moderators read this. {length}/{LIMITS.disputeDetailsMax}
              </Trans>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
              />
            )}
          </Field>
          <DialogActions
            label={<Trans>File dispute</Trans>}
            pendingLabel={t`Sending...`}
            pending={dispute.isPending}
            onCancel={() => setOpen(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
