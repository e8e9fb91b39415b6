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
  label = 'Pagination',
  className,
}: {
  page: number;
  pageCount?: number;
  hasNext?: boolean;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  const canNext = pageCount !== undefined ? page < pageCount : Boolean(hasNext);
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-center gap-2', className)}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      {pageCount !== undefined &&
        Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <Button
            key={n}
            size="sm"
            variant={n === page ? 'default' : 'outline'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            className="min-w-8"
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
      <Button variant="outline" size="sm" disabled={!canNext} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
