// What the author can do with a rating they wrote (DESIGN §8.1), on My Ratings: edit the scores and
// feedback within 30 days of posting (not while hidden), withdraw it, and appeal once when moderators
// hid it. Anonymity and the rated person cannot change, so the edit form does not offer them.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type AppealRequest,
  editableUntil,
  LIMITS,
  RATE_AGAIN_AFTER_WITHDRAWAL_DAYS,
  RATING_CATEGORIES,
  type Rating,
  type RatingEditRequest,
  rateAgainFrom,
  withdrawalLocksRatingAgain,
} from '@workspace/contracts';
import { Megaphone, Pencil, Undo2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog, MessageField } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { getProblem } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useAppeal, useEditRating, useWithdrawRating } from '../api/author-actions';
import { CategoryScores } from './category-scores';

// The contracts' ratingEditRequest and appealRequest, through zod, loaded once a dialog opens.
const editChecks = lazyResolver(() => import('../checks/rating').then((module) => module.ratingEditChecks));
const appealChecks = lazyResolver(() => import('../checks/rating').then((module) => module.appealChecks));

function EditRatingDialog({ rating }: { rating: Rating }) {
  const { t } = useLingui();
  const categories = RATING_CATEGORIES[rating.role_context];
  const edit = useEditRating();
  const until = formatDate(editableUntil(rating.created_at).toISOString());
  const name = rating.ratee_name;
  return (
    <FormDialog<RatingEditRequest>
      className="sm:max-w-xl"
      trigger={
        // The whole name in one sentence, so that each language orders it (Hindi puts the verb last).
        <Button variant="outline" size="sm" aria-label={t`Edit your rating of ${name}`}>
          <Pencil aria-hidden />
          <Trans>Edit</Trans>
        </Button>
      }
      title={<Trans>Edit your rating of {name}</Trans>}
      description={
        <>
          {rating.status === 'held' ? (
            // Seen by nobody else yet (ADR 0030): published, as it is then, with the day's anonymous ratings.
            <Trans>
              You can change the scores and the feedback until {until}. Nobody else has seen this rating yet:
              it is published as you leave it at the start of the next day in India.
            </Trans>
          ) : rating.is_anonymous ? (
            // Held like a new anonymous rating (ADR 0030): the moment it changed would point at its author.
            <Trans>
              You can change the scores and the feedback until {until}. Others see your changes, marked
              "Edited", from the start of the next day in India, with the day's anonymous ratings; until then
              only you see them.
            </Trans>
          ) : (
            <Trans>
              You can change the scores and the feedback until {until}. The rating is marked "Edited", and
              averages follow at once.
            </Trans>
          )}{' '}
          {rating.is_anonymous ? (
            <Trans>It stays anonymous: to put your name on it, withdraw it and rate again.</Trans>
          ) : (
            <Trans>It stays under your name: to make it anonymous, withdraw it and rate again.</Trans>
          )}
        </>
      }
      checks={editChecks}
      defaultValues={{
        category_scores: rating.category_scores.map(({ category, score }) => ({ category, score })),
        feedback_message: rating.feedback_message ?? '',
      }}
      sending={edit}
      onSend={({ category_scores, feedback_message }) =>
        edit.mutateAsync({ ratingId: rating.id, category_scores, feedback_message })
      }
      onSent={() => {
        toast({ title: t`Your rating was updated`, variant: 'success' });
      }}
      actionLabel={<Trans>Save changes</Trans>}
      pendingLabel={t`Saving...`}
    >
      {(form) => (
        <>
          <CategoryScores
            categories={categories}
            scores={form.watch('category_scores') ?? []}
            disabled={edit.isPending}
            onChange={(scores) =>
              form.setValue('category_scores', scores, { shouldValidate: true, shouldDirty: true })
            }
          >
            <FieldError message={form.formState.errors.category_scores?.message} />
          </CategoryScores>
          <MessageField
            form={form}
            name="feedback_message"
            label={<Trans>Feedback (optional)</Trans>}
            max={LIMITS.feedbackMax}
            rows={5}
          />
        </>
      )}
    </FormDialog>
  );
}

function WithdrawRating({ rating }: { rating: Rating }) {
  const { t } = useLingui();
  const withdraw = useWithdrawRating();
  const name = rating.ratee_name;
  const days = RATE_AGAIN_AFTER_WITHDRAWAL_DAYS;
  // The day the pair may rate again, if withdrawn now.
  const until = formatDate(rateAgainFrom(new Date()).toISOString());
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive"
          // The whole name in one sentence, so that each language orders it (Hindi puts the verb last).
          aria-label={t`Withdraw your rating of ${name}`}
        >
          <Undo2 aria-hidden />
          <Trans>Withdraw</Trans>
        </Button>
      }
      title={<Trans>Withdraw your rating of {name}?</Trans>}
      description={
        rating.status === 'held' ? (
          // Not yet published (ADR 0030): nobody else has seen it.
          <Trans>
            It is deleted before anyone else sees it, and cannot be brought back. You may rate {name} again.
          </Trans>
        ) : withdrawalLocksRatingAgain({ status: rating.status ?? 'published', dispute: rating.dispute }) ? (
          // Said before, not after: withdrawing must not undo moderation, so the pair waits (DESIGN §9.1).
          <Trans>
            It leaves their profile and every average at once, and cannot be brought back. Because it is
            hidden or disputed, you cannot rate {name} again for the next {days} days, until {until}.
          </Trans>
        ) : (
          <Trans>
            It leaves their profile and every average at once, and cannot be brought back. You may rate {name}{' '}
            again later.
          </Trans>
        )
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
  const appeal = useAppeal();
  return (
    <FormDialog<AppealRequest>
      trigger={
        <Button variant="outline" size="sm">
          <Megaphone aria-hidden />
          <Trans>Appeal</Trans>
        </Button>
      }
      title={<Trans>Appeal the hiding of your rating</Trans>}
      description={
        <Trans>
          Tell the moderators why the rating should be published again. You can appeal once, and you will see
          their decision and its reason here.
        </Trans>
      }
      checks={appealChecks}
      defaultValues={{ message: '' }}
      sending={appeal}
      onSend={({ message }) => appeal.mutateAsync({ ratingId: rating.id, message })}
      onSent={() => {
        toast({
          title: t`Appeal sent`,
          description: t`A moderator will look at the rating again. You will see the decision here.`,
          variant: 'success',
        });
      }}
      actionLabel={<Trans>Send appeal</Trans>}
      pendingLabel={t`Sending...`}
    >
      {(form) => (
        <MessageField
          form={form}
          name="message"
          label={<Trans>Your appeal</Trans>}
          hint={<Trans>Only moderators read this.</Trans>}
          max={LIMITS.appealMax}
          rows={5}
        />
      )}
    </FormDialog>
  );
}

/** Why the author's edit of an anonymous rating waits (ADR 0030), said to them, the only one who sees it. */
function EditHeldNote() {
  return (
    <p className="basis-full text-muted-foreground text-sm">
      <Trans>
        Your edit is published at the start of the next day in India, with the day's anonymous ratings, so
        that the time you made it cannot point at you. Until then only you see it.
      </Trans>
    </p>
  );
}

export function AuthorActions({ rating, now = new Date() }: { rating: Rating; now?: Date }) {
  const hidden = rating.status === 'hidden';
  const canEdit = !hidden && now < editableUntil(rating.created_at);
  const canAppeal =
    hidden && rating.moderation !== undefined && rating.moderation !== null && !rating.moderation.appeal;
  return (
    <>
      {rating.edit_held && <EditHeldNote />}
      {canAppeal && <AppealDialog rating={rating} />}
      {canEdit && <EditRatingDialog rating={rating} />}
      <WithdrawRating rating={rating} />
    </>
  );
}
