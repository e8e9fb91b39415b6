// The label of an average (Excellent / Good / Fair / Needs Improvement) in its colour, by the
// shared contracts rules.
import { useLingui } from '@lingui/react/macro';
import { ratingTone } from '@workspace/contracts';
import { Badge } from '@/components/ui/badge';
import { ratingLabelText, useApiMessages } from '@/lib/api-messages';
import { cn } from '@/lib/cn';

export const TONE_TEXT = {
  success: 'text-success',
  warning: 'text-warning',
  orange: 'text-orange',
  destructive: 'text-destructive',
} as const;

/** The label of an average over `count` ratings; without a rating there is no average to label. */
export function RatingLabelBadge({
  average,
  count,
  className,
}: {
  average: number;
  count: number;
  className?: string;
}) {
  useApiMessages();
  const { t } = useLingui();
  if (count === 0) {
    return (
      <Badge variant="outline" className={cn('text-muted-foreground', className)}>
        {t`Not rated yet`}
      </Badge>
    );
  }
  return (
    <Badge variant={ratingTone(average)} className={className}>
      {ratingLabelText(average)}
    </Badge>
  );
}
