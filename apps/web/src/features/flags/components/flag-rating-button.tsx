// The Flag action on a review: a dialog with the reasons, optional details and a confirming button.
// The outcome is a toast: thanks, or the server's reason for refusing (e.g. already flagged).
import { FLAG_REASON_LABELS, FLAG_REASONS, type FlagReason, LIMITS } from '@workspace/contracts';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useFlagRating } from '../api/flag-rating';

const CHOOSE_REASON = 'Please choose a reason';

export function FlagRatingButton({ ratingId, authorName }: { ratingId: number; authorName: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<FlagReason>();
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string>();
  const flag = useFlagRating();
  const detailsTooLong = details.trim().length > LIMITS.flagDetailsMax;

  const reset = () => {
    setReason(undefined);
    setDetails('');
    setProblem(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem(CHOOSE_REASON);
      return;
    }
    if (detailsTooLong) return;
    flag.mutate(
      { ratingId, reason, details: details.trim() || null },
      {
        onSuccess: () => {
          toast({
            title: 'Review reported',
            description: 'Thank you. A moderator will look at it.',
            variant: 'success',
          });
          setOpen(false);
          reset();
        },
        onError: (error) => {
          toast({
            title: 'Could not report the review',
            description: getErrorMessage(error),
            variant: 'destructive',
          });
          setOpen(false);
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
          <Flag aria-hidden />
          Flag
          <span className="sr-only"> review by {authorName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Flag this review</DialogTitle>
            <DialogDescription>
              Tell the moderators what is wrong with it. They decide whether it stays; the author is not told
              who reported it.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">Reason</legend>
            <RadioGroup
              value={reason ?? ''}
              onValueChange={(value) => {
                setReason(value as FlagReason);
                setProblem(undefined);
              }}
              aria-label="Reason"
              className="gap-2"
            >
              {FLAG_REASONS.map((value) => (
                <div key={value} className="flex items-center gap-3">
                  <RadioGroupItem id={`${id}-${value}`} value={value} />
                  <Label htmlFor={`${id}-${value}`} className="font-normal">
                    {FLAG_REASON_LABELS[value]}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            <FieldError message={problem} />
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-details`}>Details (optional)</Label>
            <Textarea
              id={`${id}-details`}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              rows={3}
              aria-invalid={detailsTooLong}
              aria-describedby={`${id}-details-count`}
            />
            <p
              id={`${id}-details-count`}
              className={detailsTooLong ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}
            >
              {details.trim().length}/{LIMITS.flagDetailsMax} characters
            </p>
            <FieldError
              message={
                detailsTooLong ? `Details must be at most ${LIMITS.flagDetailsMax} characters` : undefined
              }
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={flag.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={flag.isPending}>
              {flag.isPending ? <Spinner label="Sending..." className="text-white" /> : 'Flag Review'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
