// The label of an average (Excellent / Good / Fair / Needs Improvement) in its colour, by the
// shared contracts rules.
import { ratingLabel, ratingTone } from '@workspace/contracts';
import { Badge } from '@/components/ui/badge';

export const TONE_TEXT = {
  success: 'text-success',
  warning: 'text-warning',
  orange: 'text-orange',
  destructive: 'text-destructive',
} as const;

export function RatingLabelBadge({ average, className }: { average: number; className?: string }) {
  return (
    <Badge variant={ratingTone(average)} className={className}>
      {ratingLabel(average)}
    </Badge>
  );
}
