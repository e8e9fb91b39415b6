// One rating as a card: who (given by the caller: rater or ratee), date, badges, overall score,
// category scores and feedback. Used by the profile reviews, my ratings and the moderation queue.
import type { Rating } from '@workspace/contracts';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatDate, formatScore } from '@/lib/format';
import { CategoryScores } from './category-scores';
import { Stars } from './stars';

const NO_FEEDBACK = 'No written feedback provided';

export function RatingCard({
  rating,
  title,
  badges,
  actions,
  className,
  headingLevel: Heading = 'h3',
}: {
  rating: Rating;
  /** The person the card is about from the reader's side (rater name, or ratee link). */
  title: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  className?: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  return (
    <article className={cn('grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5', className)}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <Heading className="break-words font-semibold leading-tight">{title}</Heading>
          <p className="text-muted-foreground text-sm">
            <time dateTime={rating.created_at}>
              {formatDate(rating.created_at, { utcDay: rating.is_anonymous })}
            </time>
          </p>
          {badges && <div className="flex flex-wrap gap-1.5 pt-1">{badges}</div>}
        </div>
        <div className="flex items-center gap-2">
          <Stars value={rating.overall_score} label={null} />
          <span className="font-semibold tabular-nums">
            <span className="sr-only">Overall </span>
            {formatScore(rating.overall_score)}
            <span className="sr-only"> out of 5</span>
          </span>
        </div>
      </header>
      <CategoryScores scores={rating.category_scores} />
      {rating.feedback_message ? (
        <p className="whitespace-pre-line break-words text-sm leading-relaxed">{rating.feedback_message}</p>
      ) : (
        <p className="text-muted-foreground text-sm italic">{NO_FEEDBACK}</p>
      )}
      {actions && <footer className="-my-1 flex flex-wrap justify-end gap-2">{actions}</footer>}
    </article>
  );
}
