// The rating form (SPEC §2, §5): a star radio group per category, optional feedback with a live
// counter, the anonymous choice with what it means, Submit (disabled until a category is rated)
// and Cancel. Only rated categories are sent; the request is checked with the API's own schema.
import {
  type CreateRatingRequest,
  createRatingRequest,
  LIMITS,
  MSG,
  type RoleContext,
} from '@workspace/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { StarInput } from './star-input';

function buildRatingRequest(input: {
  rateeId: number;
  context: RoleContext;
  categories: readonly string[];
  scores: Partial<Record<string, number>>;
  feedback: string;
  anonymous: boolean;
}): CreateRatingRequest {
  const category_scores = input.categories.flatMap((category) => {
    const score = input.scores[category];
    return score === undefined ? [] : [{ category, score }];
  });
  const feedback = input.feedback.trim();
  return {
    ratee: input.rateeId,
    role_context: input.context,
    is_anonymous: input.anonymous,
    feedback_message: feedback || null,
    category_scores,
  };
}

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
  const [scores, setScores] = useState<Partial<Record<string, number>>>({});
  const [feedback, setFeedback] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [problem, setProblem] = useState<string>();

  const ratedCount = categories.filter((c) => scores[c] !== undefined).length;
  const feedbackLength = feedback.trim().length;
  const feedbackTooLong = feedbackLength > LIMITS.feedbackMax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = buildRatingRequest({ rateeId, context, categories, scores, feedback, anonymous });
    const result = createRatingRequest.safeParse(request);
    if (!result.success) {
      setProblem(result.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    onSubmit(request);
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="grid gap-5">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-semibold text-xl">
          Rate {rateeName}
        </h2>
        <p className="text-muted-foreground text-sm">
          Score the categories you can judge, from 1 to 5 stars. Categories you leave out are not counted.
        </p>
      </div>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <fieldset className="grid">
        <legend className="sr-only">Category scores</legend>
        <div className="divide-y rounded-lg border px-3 sm:px-4">
          {categories.map((category) => (
            <StarInput
              key={category}
              category={category}
              value={scores[category]}
              disabled={pending}
              onChange={(score) => {
                setScores((s) => ({ ...s, [category]: score }));
                setProblem(undefined);
              }}
              onClear={() =>
                setScores((s) => {
                  const { [category]: _removed, ...rest } = s;
                  return rest;
                })
              }
            />
          ))}
        </div>
        <p className="mt-2 text-muted-foreground text-sm" aria-live="polite">
          {ratedCount} of {categories.length} categories rated
        </p>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-feedback`}>Feedback (optional)</Label>
        <Textarea
          id={`${id}-feedback`}
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
          rows={5}
          placeholder="What was it like to work with them?"
          aria-invalid={feedbackTooLong}
          aria-describedby={`${id}-count${feedbackTooLong ? ` ${id}-feedback-error` : ''}`}
          disabled={pending}
        />
        <p
          id={`${id}-count`}
          className={cn(
            'text-right text-xs tabular-nums',
            feedbackTooLong ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {feedbackLength}/{LIMITS.feedbackMax} characters
        </p>
        <FieldError id={`${id}-feedback-error`} message={feedbackTooLong ? MSG.feedbackMax : undefined} />
      </div>
      <div className="grid gap-2 rounded-lg border bg-muted/40 p-3 sm:p-4">
        <div className="flex items-center gap-3">
          <Checkbox
            id={`${id}-anonymous`}
            checked={anonymous}
            onCheckedChange={(checked) => setAnonymous(checked === true)}
            aria-describedby={`${id}-anonymous-note`}
            disabled={pending}
          />
          <Label htmlFor={`${id}-anonymous`}>Submit anonymously</Label>
        </div>
        <p id={`${id}-anonymous-note`} className="text-muted-foreground text-sm">
          {anonymous
            ? `${rateeName} and everyone else will see "Anonymous" instead of your name, and only the date, not the time. Moderators can still see who wrote it if the review is reported.`
            : `Your name will be shown with this review. Tick the box to show "Anonymous" instead; moderators can still see who wrote a reported review.`}
        </p>
      </div>
      {problem && !feedbackTooLong && <FieldError message={problem} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={ratedCount === 0 || pending}>
          {pending ? <Spinner label="Submitting..." className="text-primary-foreground" /> : 'Submit Rating'}
        </Button>
      </div>
    </form>
  );
}
