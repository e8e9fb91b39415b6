// A user's average as lists and profile headers show it: stars, the score and how many reviews (or
// that they are private), or "Not rated yet" for nobody's average, never 0.0 and empty stars.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Stars } from '@/components/ratings/stars';
import { cn } from '@/lib/cn';
import { formatScore, isRated } from '@/lib/format';

export function AverageSummary({
  average,
  reviews,
  large = false,
}: {
  average: number;
  /** How many reviews, or null when the user keeps them private. */
  reviews: number | null;
  large?: boolean;
}) {
  const { t } = useLingui();
  if (!isRated(average)) return <span className="text-muted-foreground">{t`Not rated yet`}</span>;
  return (
    <>
      <Stars value={average} className={large ? 'text-lg' : undefined} />
      <span className={cn('font-semibold tabular-nums', large && 'text-lg')}>{formatScore(average)}</span>
      <span className={cn('text-muted-foreground', large && 'text-sm')}>
        {reviews === null
          ? t`(reviews private)`
          : `(${plural(reviews, { one: '# review', other: '# reviews' })})`}
      </span>
    </>
  );
}
