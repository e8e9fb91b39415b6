// What the author can do with a rating they wrote (DESIGN §8.1), on My Ratings: edit the scores and
// feedback within 30 days of posting (not while hidden), withdraw it, and appeal once when moderators
// hid it. Anonymity and the rated person cannot change, so the edit form does not offer them.
import { Trans, useLingui } from '@lingui/react/macro';
import { editableUntil, LIMITS, MSG, RATING_CATEGORIES, type Rating } from '@workspace/contracts';
import { Megaphone, Pencil, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogActions } from '@/components/dialog-actions';
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
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { formatDate } from '@/lib/format';
import { useAppeal, useEditRating, useWithdrawRating } from '../api/author-actions';
import { StarInput } from './star-input';

function EditRatingDialog({ rating }: { rating: Rating }) {
  const { t } = useLingui();
  useApiMessages();
  const categories = RATING_CATEGORIES[rating.role_context];
  const initial = () => new Map(rating.category_scores.map((entry) => [entry.category, entry.score]));
  const [open, setOpen] = useState(false);
  const [scores, setScores] = useState(initial);
  const [feedback, setFeedback] = useState(rating.feedback_message ?? '');
  const edit = useEditRating();
  const length = feedback.trim().length;
  const feedbackProblem = length > LIMITS.feedbackMax ? MSG.feedbackMax : undefined;
  const scoresProblem = scores.size === 0 ? MSG.rateOneCategory : undefined;
  const until = formatDate(editableUntil(rating.created_at).toISOString());

  const setScore = (category: string, score: number | undefined) =>
    setScores((current) => {
      const next = new Map(current);
      if (score === undefined) next.delete(category);
      else next.set(category, score);
      return next;
    });

  const reset = () => {
    setScores(initial());
    setFeedback(rating.feedback_message ?? '');
    edit.reset();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (scores.size === 0 || feedbackProblem) return;
    edit.mutate(
      {
        ratingId: rating.id,
        category_scores: categories.flatMap((category) => {
          const score = scores.get(category);
          return score === undefined ? [] : [{ category, score }];
        }),
        feedback_message: feedback.trim() || null,
      },
      {
        onSuccess: () => {
          toast({ title: t`Your rating was updated`, variant: 'success' });
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
        if (next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden />
          <Trans>Edit</Trans>
          <span className="sr-only">
            {' '}
            <Trans>your rating of {rating.ratee_name}</Trans>
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Edit your rating of {rating.ratee_name}</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                You can change the scores and the feedback until {until}. The rating is marked "Edited", and
                averages follow at once.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          {edit.isError && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(getProblem(edit.error))}</AlertDescription>
            </Alert>
          )}
          <fieldset className="grid">
            <legend className="sr-only">{t`Category scores`}</legend>
            <div className="divide-y rounded-lg border px-3 sm:px-4">
              {categories.map((category) => (
                <StarInput
                  key={category}
                  category={category}
                  value={scores.get(category)}
                  disabled={edit.isPending}
                  onChange={(score) => setScore(category, score)}
                  onClear={() => setScore(category, undefined)}
                />
              ))}
            </div>
            <FieldError message={scoresProblem} />
          </fieldset>
          <Field
            label={<Trans>Feedback (optional)</Trans>}
            error={feedbackProblem}
            hint={`${length}/${LIMITS.feedbackMax}`}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                value={feedback}
                disabled={edit.isPending}
                onChange={(event) => setFeedback(event.target.value)}
              />
            )}
          </Field>
          <DialogActions
            label={<Trans>Save changes</Trans>}
            pendingLabel={t`Saving...`}
            pending={edit.isPending}
            onCancel={() => setOpen(false)}
            disabled={scores.size === 0 || Boolean(feedbackProblem)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function WithdrawRating({ rating }: { rating: Rating }) {
  const { t } = useLingui();
  const withdraw = useWithdrawRating();
  const name = rating.ratee_name;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive">
          <Undo2 aria-hidden />
          <Trans>Withdraw</Trans>
          <span className="sr-only">
            {' '}
            <Trans>your rating of {name}</Trans>
          </span>
        </Button>
      }
      title={<Trans>Withdraw your rating of {name}?</Trans>}
      description={
        <Trans>
          It leaves their profile and every average at once, and cannot be brought back. You may rate {name}{' '}
          again later.
        </Trans>
      }
      confirmLabel={<Trans>Withdraw rating</Trans>}
      pending={withdraw.isPending}
      problem={withdraw.isError ? getProblem(withdraw.error) : undefined}
      onReset={withdraw.reset}
      onConfirm={(done) =>
        withdraw.mutate(rating.id, {
          onSuccess: () => {
            toast({ title: t`Your rating was withdrawn`, variant: 'success' });
            done();
          },
        })
      }
    />
  );
}

function AppealDialog({ rating }: { rating: Rating }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [checked, setChecked] = useState(false);
  const appeal = useAppeal();
  const length = message.trim().length;
  const localProblem =
    length > LIMITS.appealMax
      ? MSG.appealMessageMax
      : checked && length === 0
        ? MSG.appealMessageRequired
        : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (length === 0 || length > LIMITS.appealMax) return;
    appeal.mutate(
      { ratingId: rating.id, message: message.trim() },
      {
        onSuccess: () => {
          toast({
            title: t`Appeal sent`,
            description: t`A moderator will look at the rating again. You will see the decision here.`,
            variant: 'success',
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
        if (next) {
          setMessage('');
          setChecked(false);
          appeal.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Megaphone aria-hidden />
          <Trans>Appeal</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Appeal the hiding of your rating</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Tell the moderators why the rating should be published again. You can appeal once, and you
                will see their decision and its reason here.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          {appeal.isError && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(getProblem(appeal.error))}</AlertDescription>
            </Alert>
          )}
          <Field
            label={<Trans>Your appeal</Trans>}
            error={localProblem}
            hint={`${length}/${LIMITS.appealMax}`}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </Field>
          <DialogActions
            label={<Trans>Send appeal</Trans>}
            pendingLabel={t`Sending...`}
            pending={appeal.isPending}
            onCancel={() => setOpen(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AuthorActions({ rating, now = new Date() }: { rating: Rating; now?: Date }) {
  const hidden = rating.status === 'hidden';
  const canEdit = !hidden && now < editableUntil(rating.created_at);
  const canAppeal =
    hidden && rating.moderation !== undefined && rating.moderation !== null && !rating.moderation.appeal;
  return (
    <>
      {canAppeal && <AppealDialog rating={rating} />}
      {canEdit && <EditRatingDialog rating={rating} />}
      <WithdrawRating rating={rating} />
    </>
  );
}
