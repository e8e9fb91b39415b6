// Each category's score as a number beside its stars ("Work Environment 5/5"), DESIGN §7.
import { useLingui } from '@lingui/react/macro';
import { LIMITS, type Rating } from '@workspace/contracts';
import { categoryName, useApiMessages } from '@/lib/api-messages';
import { cn } from '@/lib/cn';
import { Stars } from './stars';

export function CategoryScores({
  scores,
  className,
}: {
  scores: Rating['category_scores'];
  className?: string;
}) {
  const { t } = useLingui();
  useApiMessages();
  if (scores.length === 0) return null;
  return (
    <ul
      aria-label={t`Category scores`}
      className={cn('grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2', className)}
    >
      {scores.map(({ category, score }) => (
        <li key={category} className="flex items-center justify-between gap-3">
          <span className="text-muted-foreground">{categoryName(category)}</span>{' '}
          <span className="flex shrink-0 items-center gap-2">
            <Stars value={score} label={null} className="text-sm" />
            <span className="w-7 text-right font-medium tabular-nums">
              {score}/{LIMITS.scoreMax}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
