// Paging text and controls for lists that page on the server (directory, my ratings, moderation).
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';

/** "Showing 20 of 143" (SPEC §2): the rows on this page out of all matches. */
export function showingText(shown: number, total: number) {
  return t`Showing ${shown} of ${total}`;
}

function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * "Page 2 of 8"; a page past the last one (a bookmark or typed address after the list shrank) says so
 * rather than "Page 7 of 1".
 */
export function pageText(page: number, total: number, pageSize: number) {
  const pages = pageCount(total, pageSize);
  return page > pages ? t`Page ${page} is past the last page, ${pages}` : t`Page ${page} of ${pages}`;
}

/**
 * Previous/Next with the page position. Shown (both disabled) even when everything fits on one page,
 * since SPEC §2 names Previous/Next on every list; only an empty first page has none. A page past the
 * last one also offers the last page (Previous would lead to another empty one).
 */
export function ListPager({
  page,
  pageSize,
  total,
  hasNext,
  onPageChange,
  label,
  className,
}: {
  page: number;
  pageSize: number;
  total: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  label: string;
  className?: string;
}) {
  if (page === 1 && !hasNext && total === 0) return null;
  const lastPage = pageCount(total, pageSize);
  return (
    <div className={cn('flex flex-col items-center gap-2', className)}>
      <Pagination page={page} hasNext={hasNext} onPageChange={onPageChange} label={label} />
      <p className="text-muted-foreground text-sm">{pageText(page, total, pageSize)}</p>
      {page > lastPage && (
        <Button variant="link" size="sm" onClick={() => onPageChange(lastPage)}>
          <Trans>Go to the last page</Trans>
        </Button>
      )}
    </div>
  );
}
