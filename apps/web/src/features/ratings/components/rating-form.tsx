// The rating form (SPEC §2, §5): a star radio group per category, optional feedback with a live
// counter, the anonymous choice with what it means, Submit (disabled until a category is rated)
// and Cancel. The form holds the request itself (only rated categories, in the categories' order),
// checked with the API's own schema.
import { Trans, useLingui } from '@lingui/react/macro';
import { type CreateRatingRequest, LIMITS, type RoleContext } from '@workspace/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { lazyResolver } from '@/lib/lazy-resolver';
import { CategoryScores } from './category-scores';

// The contracts' createRatingRequest, through zod, loaded once the form is touched.
const checks = lazyResolver(() => import('../checks/rating').then((module) => module.ratingChecks));

export function RatingForm({
  rateeId,
  rateeName,
  context,
  categories,
  onSubmit,
  onCancel,
  pending = false,
  error,
}: {
  rateeId: number;
  rateeName: string;
  context: RoleContext;
  categories: readonly string[];
  onSubmit: (request: CreateRatingRequest) => void;
  onCancel: () => void;
  pending?: boolean;
  /** A failed submission, as the screen should say it. */
  error?: string;
}) {
  const id = useId();
  const { t } = useLingui();
  const { scoreMin, scoreMax } = LIMITS;
  // Checked as they change, so the feedback's length problem shows while typing.
  const form = useForm<CreateRatingRequest>({
    resolver: checks.resolver,
    mode: 'onChange',
    defaultValues: {
      ratee: rateeId,
      role_context: context,
      is_anonymous: false,
      feedback_message: '',
      category_scores: [],
    },
  });
  const { errors } = form.formState;
  const scores = form.watch('category_scores');
  const anonymous = form.watch('is_anonymous') ?? false;
  const feedbackLength = (form.watch('feedback_message') ?? '').trim().length;
  const feedbackProblem = errors.feedback_message?.message;
  const problem = errors.category_scores?.message ?? errors.category_scores?.root?.message;
  const rated = scores.length;
  const available = categories.length;
  return (
    <form
      noValidate
      onFocus={checks.preload}
      onPointerDown={checks.preload}
      onSubmit={form.handleSubmit((request) => onSubmit(request))}
      aria-labelledby={`${id}-title`}
      className="grid gap-5"
    >
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-semibold text-xl">
          <Trans>Rate {rateeName}</Trans>
        </h2>
        <p className="text-muted-foreground text-sm">
          <Trans>
            Score the categories you can judge, from {scoreMin} to {scoreMax} stars. Categories you leave out
            are not counted.
          </Trans>
        </p>
      </div>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <CategoryScores
        categories={categories}
        scores={scores}
        disabled={pending}
        onChange={(next) => {
          form.setValue('category_scores', next, { shouldDirty: true });
          form.clearErrors('category_scores');
        }}
      >
        <p className="mt-2 text-muted-foreground text-sm" aria-live="polite">
          {t`${rated} of ${available} categories rated`}
        </p>
      </CategoryScores>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-feedback`}>{t`Feedback (optional)`}</Label>
        <Textarea
          id={`${id}-feedback`}
          {...form.register('feedback_message')}
          rows={5}
          placeholder={t`What was it like to work with them?`}
          aria-invalid={Boolean(feedbackProblem)}
          aria-describedby={`${id}-count${feedbackProblem ? ` ${id}-feedback-error` : ''}`}
          disabled={pending}
        />
        <p
          id={`${id}-count`}
          className={cn(
            'text-right text-xs tabular-nums',
            feedbackLength > LIMITS.feedbackMax ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          <Trans>
            {feedbackLength}/{LIMITS.feedbackMax} characters
          </Trans>
        </p>
        <FieldError id={`${id}-feedback-error`} message={feedbackProblem} />
      </div>
      <div className="grid gap-2 rounded-lg border bg-muted/40 p-3 sm:p-4">
        <div className="flex items-center gap-3">
          <Checkbox
            id={`${id}-anonymous`}
            checked={anonymous}
            onCheckedChange={(checked) => form.setValue('is_anonymous', checked === true)}
            aria-describedby={`${id}-anonymous-note`}
            disabled={pending}
          />
          <Label htmlFor={`${id}-anonymous`}>{t`Submit anonymously`}</Label>
        </div>
        <p id={`${id}-anonymous-note`} className="text-muted-foreground text-sm">
          {anonymous
            ? t`${rateeName} and everyone else will see "Anonymous" instead of your name, and only the date, not the time. Moderators can see who wrote it, only to act on reports, disputes and appeals.`
            : t`Your name will be shown with this review. Tick the box to show "Anonymous" instead; moderators can see who wrote a review, only to act on reports, disputes and appeals.`}{' '}
          {t`You cannot change this choice once the review is posted: withdraw it and rate again to change it.`}
        </p>
      </div>
      <FieldError message={problem} />
      {rated === 0 && (
        // Why Submit cannot be pressed yet, said beside it rather than left to guess.
        <p id={`${id}-submit-note`} className="text-muted-foreground text-sm sm:text-right">
          <Trans>Give at least one category a score to submit your rating.</Trans>
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          type="submit"
          disabled={rated === 0 || pending}
          aria-describedby={rated === 0 ? `${id}-submit-note` : undefined}
        >
          {pending ? (
            <Spinner label={t`Submitting...`} className="text-primary-foreground" />
          ) : (
            t`Submit Rating`
          )}
        </Button>
      </div>
    </form>
  );
}
