// The Flag action on a review: a dialog with the reasons, optional details and a confirming button.
// The outcome is a toast: thanks, or the server's reason for refusing (e.g. already flagged).
import { Trans, useLingui } from '@lingui/react/macro';
import { type FlagRequest, LIMITS, PERSON_FLAG_REASONS, type PersonFlagReason } from '@workspace/contracts';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogActions } from '@/components/dialog-actions';
import { Button } from '@/components/ui/button';
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
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { flagReasonLabel, translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useFlagRating } from '../api/flag-rating';
import type { FlagFormValues } from '../checks/flag';

// The contracts' flagRequest, through zod, loaded once the dialog opens.
const checks = lazyResolver(() => import('../checks/flag').then((module) => module.flagChecks));

export function FlagRatingButton({ ratingId, authorName }: { ratingId: number; authorName: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const flag = useFlagRating();
  const { t } = useLingui();
  useApiMessages();
  // Checked as they change, so the details' length problem shows while typing.
  const form = useForm<FlagFormValues, unknown, FlagRequest>({
    resolver: checks.resolver,
    mode: 'onChange',
    defaultValues: { details: '' },
  });
  const { errors } = form.formState;
  const reason = form.watch('reason');
  const detailsLength = (form.watch('details') ?? '').trim().length;
  const detailsTooLong = Boolean(errors.details);

  const reset = () => form.reset();

  const submit = form.handleSubmit(({ reason, details }) => {
    flag.mutate(
      { ratingId, reason, details },
      {
        onSuccess: () => {
          toast({
            title: t`Review reported`,
            description: t`Thank you. A moderator will look at it.`,
            variant: 'success',
          });
          setOpen(false);
          reset();
        },
        onError: (error) => {
          toast({
            title: t`Could not report the review`,
            description: translateApiMessage(getErrorMessage(error)),
            variant: 'destructive',
          });
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
        if (next) checks.preload();
        else reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground">
          <Flag aria-hidden />
          <Trans>Flag</Trans>
          <span className="sr-only">
            {' '}
            <Trans>review by {authorName}</Trans>
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Flag this review</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Tell the moderators what is wrong with it. They decide whether it stays; the author is not
                told who reported it.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">
              <Trans>Reason</Trans>
            </legend>
            <RadioGroup
              value={reason ?? ''}
              onValueChange={(value) =>
                form.setValue('reason', value as PersonFlagReason, {
                  shouldValidate: true,
                  shouldDirty: true,
                })
              }
              aria-label={t`Reason`}
              className="gap-2"
            >
              {PERSON_FLAG_REASONS.map((value) => (
                <div key={value} className="flex items-center gap-3">
                  <RadioGroupItem id={`${id}-${value}`} value={value} />
                  <Label htmlFor={`${id}-${value}`} className="font-normal">
                    {flagReasonLabel(value)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            <FieldError message={errors.reason?.message} />
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-details`}>{t`Details (optional)`}</Label>
            <Textarea
              id={`${id}-details`}
              {...form.register('details')}
              rows={3}
              aria-invalid={detailsTooLong}
              aria-describedby={`${id}-details-count`}
            />
            <p
              id={`${id}-details-count`}
              className={detailsTooLong ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}
            >
              <Trans>
                {detailsLength}/{LIMITS.flagDetailsMax} characters
              </Trans>
            </p>
            <FieldError message={errors.details?.message} />
          </div>
          <DialogActions
            label={t`Flag Review`}
            pendingLabel={t`Sending...`}
            pending={flag.isPending}
            onCancel={() => setOpen(false)}
            destructive
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
