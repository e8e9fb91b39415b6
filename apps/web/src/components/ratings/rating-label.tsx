// The label of an average (Excellent / Good / Fair / Needs Improvement) in its colour, by the
// shared contracts rules.
import { ratingTone } from '@workspace/contracts';
import { Badge } from '@/components/ui/badge';
import { ratingLabelText, useApiMessages } from '@/lib/api-messages';

export const TONE_TEXT = {
  success: 'text-success',
  warning: 'text-warning',
  orange: 'text-orange',
  destructive: 'text-destructive',
} as const;

export function RatingLabelBadge({ average, className }: { average: number; className?: string }) {
  useApiMessages();
  return (
    <Badge variant={ratingTone(average)} className={className}>
      {ratingLabelText(average)}
    </Badge>
  );
}
