import { useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinner with a visible (or screen-reader-only) label, announced politely. */
export function Spinner({
  label,
  showLabel = true,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-2 text-muted-foreground', className)}
    >
      <Loader2 aria-hidden className="size-5 animate-spin" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label ?? t`Loading...`}</span>
    </div>
  );
}
