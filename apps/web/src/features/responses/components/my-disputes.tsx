// The disputes one filed about ratings of oneself (DESIGN §8.1), newest first: the rating as one sees
// it (an anonymous author stays anonymous), what one said, and the moderators' outcome and reason.
// A disputed rating of an employee leaves the profile while open, so this is where it stays in view.
import { Trans, useLingui } from '@lingui/react/macro';
import { PAGE_SIZES } from '@workspace/contracts';
import { Scale } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ListPager, showingText } from '@/components/list-paging';
import { QueryState } from '@/components/query-state';
import { raterName } from '@/components/ratings/labels';
import { RatingCard } from '@/components/ratings/rating-card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { disputeReasonLabel } from '@/lib/api-messages';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useMyDisputes } from '../api/responses';

export function MyDisputes({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { t } = useLingui();
  const list = useMyDisputes(page);
  if (list.isPending || list.isError) {
    return (
      <QueryState
        query={list}
        failure={t`Your disputes could not be loaded just now.`}
        placeholder={<Skeleton className="h-40" />}
      />
    );
  }
  const { results, total_count, has_next } = list.data;
  if (results.length === 0 && page === 1) {
    return (
      <EmptyState
        icon={Scale}
        title={<Trans>No disputes</Trans>}
        hint={
          <Trans>If a rating of you is false or unfair, choose Dispute under it in Ratings Received.</Trans>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {showingText(results.length, total_count)}
      </p>
      <ul className={cn('grid gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        {results.map((dispute) => {
          const filed = formatDate(dispute.created_at);
          return (
            <li key={dispute.id}>
              <RatingCard
                rating={dispute.rating}
                title={raterName(dispute.rating)}
                badges={
                  dispute.status === 'open' ? (
                    <Badge variant="warning">{t`Open`}</Badge>
                  ) : dispute.outcome === 'UPHELD' ? (
                    <Badge variant="success">{t`Upheld`}</Badge>
                  ) : (
                    <Badge variant="secondary">{t`Rejected`}</Badge>
                  )
                }
                actions={
                  <div className="grid w-full gap-1 rounded-lg bg-muted/50 p-3 text-sm">
                    <p>
                      <span className="font-medium">
                        <Trans>You disputed it on {filed}:</Trans>
                      </span>{' '}
                      {disputeReasonLabel(dispute.reason)}
                    </p>
                    <p className="whitespace-pre-line wrap-anywhere text-muted-foreground">
                      {dispute.details}
                    </p>
                  </div>
                }
              />
            </li>
          );
        })}
      </ul>
      <ListPager
        page={page}
        pageSize={PAGE_SIZES.myRatings}
        total={total_count}
        hasNext={has_next}
        onPageChange={onPageChange}
        label={t`Dispute pages`}
      />
    </div>
  );
}
