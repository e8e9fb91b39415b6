// What a region shows while its query loads, or after the load failed: placeholders shaped like the
// content with a "Loading..." status for screen readers, or a calm message and "Try again" (SPEC §8:
// a failed load is not announced as an error). One block for every list of the app.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function QueryState({
  query,
  placeholder,
  failure,
  className,
}: {
  /** Rendered only while the query is pending or has failed. */
  query: { isPending: boolean; refetch: () => unknown };
  placeholder: ReactNode;
  /** Said when the load failed. */
  failure: string;
  /** Layout of the placeholders. */
  className?: string;
}) {
  const { t } = useLingui();
  if (query.isPending) {
    return (
      <div className={cn('grid gap-4', className)} aria-busy>
        <p className="sr-only" role="status">
          {t`Loading...`}
        </p>
        {placeholder}
      </div>
    );
  }
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed py-12 text-center">
      <p className="text-muted-foreground">{failure}</p>
      <Button variant="outline" onClick={() => query.refetch()}>
        {t`Try again`}
      </Button>
    </div>
  );
}
