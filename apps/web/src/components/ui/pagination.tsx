import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/**
 * Previous / numbered pages / Next. `pageCount` omitted (lists that only know has_next) shows
 * Previous and Next alone.
 */
export function Pagination({
  page,
  pageCount,
  hasNext,
  onPageChange,
  label,
  className,
}: {
  page: number;
  pageCount?: number;
  hasNext?: boolean;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  const { t } = useLingui();
  const canNext = pageCount !== undefined ? page < pageCount : Boolean(hasNext);
  return (
    <nav
      aria-label={label ?? t`Pagination`}
      className={cn('flex flex-wrap items-center justify-center gap-2', className)}
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden />
        <Trans>Previous</Trans>
      </Button>
      {pageCount !== undefined &&
        Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <Button
            key={n}
            size="sm"
            variant={n === page ? 'default' : 'outline'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t`Page ${n}`}
            className="min-w-8"
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
      <Button variant="outline" size="sm" disabled={!canNext} onClick={() => onPageChange(page + 1)}>
        <Trans>Next</Trans>
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
