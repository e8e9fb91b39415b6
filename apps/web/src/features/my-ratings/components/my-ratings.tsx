// My Ratings (SPEC §2): Ratings Received and Ratings Given, 10 a page. The tab and page live in the
// URL. A given rating that moderators hid stays visible to its author, marked as removed.
import { PAGE_SIZES, type Rating } from '@workspace/contracts';
import { EyeOff, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListPager, showingText } from '@/components/list-paging';
import { QueryState } from '@/components/query-state';
import { CONTEXT_LABELS } from '@/components/ratings/labels';
import { RatingCard } from '@/components/ratings/rating-card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { type MyRatingsTab, useMyRatings } from '../api/get-my-ratings';

const TABS: Record<MyRatingsTab, { label: string; empty: string; hint: string }> = {
  received: {
    label: 'Ratings Received',
    empty: 'No ratings received yet',
    hint: 'When someone rates you, their review appears here.',
  },
  given: {
    label: 'Ratings Given',
    empty: 'No ratings given yet',
    hint: 'Ratings you write about others appear here.',
  },
};

const REMOVED_LABEL = 'Removed by moderators';

function PersonLink({ id, name }: { id: number | undefined; name: string }) {
  if (id === undefined) return <>{name}</>;
  return (
    <Link to={paths.user.getHref(id)} className="hover:underline">
      {name}
    </Link>
  );
}

function RatingsTab({
  tab,
  page,
  onPageChange,
  renderActions,
}: {
  tab: MyRatingsTab;
  page: number;
  onPageChange: (page: number) => void;
  renderActions?: (rating: Rating) => ReactNode;
}) {
  const list = useMyRatings(tab, page);
  const copy = TABS[tab];
  if (list.isPending || list.isError) {
    return (
      <QueryState
        query={list}
        failure="Your ratings could not be loaded just now."
        placeholder={
          <>
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </>
        }
      />
    );
  }
  const data = list.data;
  if (data.results.length === 0 && page === 1) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed bg-card py-12 text-center">
        <MessageSquare aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium">{copy.empty}</p>
        <p className="text-muted-foreground text-sm">{copy.hint}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {showingText(data.results.length, data.total_count)}
      </p>
      <ul className={cn('grid gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        {data.results.map((rating) => {
          const removed = rating.status === 'hidden';
          return (
            <li key={rating.id}>
              <RatingCard
                rating={rating}
                className={removed ? 'border-destructive/40 bg-destructive/[0.03]' : undefined}
                title={
                  tab === 'received' ? (
                    <PersonLink
                      id={rating.is_anonymous ? undefined : rating.rater}
                      name={rating.rater_name}
                    />
                  ) : (
                    <>
                      <span className="font-normal text-muted-foreground">To </span>
                      <PersonLink id={rating.ratee} name={rating.ratee_name} />
                    </>
                  )
                }
                badges={
                  <>
                    <Badge variant="secondary">{CONTEXT_LABELS[rating.role_context]}</Badge>
                    <Badge variant="outline">{rating.is_anonymous ? 'Anonymous' : 'Public'}</Badge>
                    {removed && (
                      <Badge variant="destructive">
                        <EyeOff aria-hidden />
                        {REMOVED_LABEL}
                      </Badge>
                    )}
                  </>
                }
                actions={
                  removed ? (
                    <p className="text-muted-foreground text-sm">
                      Moderators removed this rating: it no longer appears on the profile or counts in the
                      average.
                    </p>
                  ) : (
                    renderActions?.(rating)
                  )
                }
              />
            </li>
          );
        })}
      </ul>
      <ListPager
        page={page}
        pageSize={PAGE_SIZES.myRatings}
        total={data.total_count}
        hasNext={data.has_next}
        onPageChange={onPageChange}
        label={`${copy.label} pages`}
      />
    </div>
  );
}

export function MyRatings({
  renderReceivedActions,
}: {
  renderReceivedActions?: (rating: Rating) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const tab: MyRatingsTab = params.get('tab') === 'given' ? 'given' : 'received';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;

  const go = (nextTab: MyRatingsTab, nextPage: number) => {
    const next = new URLSearchParams();
    if (nextTab !== 'received') next.set('tab', nextTab);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">My Ratings</h1>
        <p className="text-muted-foreground">Reviews about you, and the reviews you have written.</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => go(value as MyRatingsTab, 1)} className="grid gap-4">
        <TabsList className="w-full sm:w-fit">
          {(Object.keys(TABS) as MyRatingsTab[]).map((key) => (
            <TabsTrigger key={key} value={key}>
              {TABS[key].label}
            </TabsTrigger>
          ))}
        </TabsList>
        {(Object.keys(TABS) as MyRatingsTab[]).map((key) => (
          <TabsContent key={key} value={key}>
            {key === tab && (
              <RatingsTab
                tab={key}
                page={page}
                onPageChange={(next) => {
                  go(key, next);
                  window.scrollTo({ top: 0 });
                }}
                renderActions={key === 'received' ? renderReceivedActions : undefined}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
