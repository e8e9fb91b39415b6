// Read-only stars for an average or a score. The drawing is decorative; the label carries the value.
import { useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatScore } from '@/lib/format';

const FIVE = [1, 2, 3, 4, 5];

export function Stars({
  value,
  className,
  label,
}: {
  value: number;
  className?: string;
  /** Accessible text; by default "Rated 4.3 out of 5". Pass null when a visible number says it already. */
  label?: string | null;
}) {
  const { t } = useLingui();
  const percent = Math.max(0, Math.min(5, value)) * 20;
  const row = (filled: boolean) =>
    FIVE.map((n) => (
      <Star
        key={n}
        aria-hidden
        className={cn('size-[1em] shrink-0', filled ? 'fill-star text-star' : 'text-muted-foreground/40')}
      />
    ));
  const score = formatScore(value);
  const text = label === undefined ? t`Rated ${score} out of 5` : label;
  return (
    <span
      className={cn('relative inline-flex text-base leading-none', className)}
      {...(text ? { role: 'img', 'aria-label': text } : { 'aria-hidden': true })}
    >
      <span className="flex gap-0.5">{row(false)}</span>
      <span
        className="absolute inset-y-0 left-0 flex gap-0.5 overflow-hidden"
        style={{ width: `${percent}%` }}
      >
        {row(true)}
      </span>
    </span>
  );
}
