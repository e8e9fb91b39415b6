// The moderators' screen (DESIGN §5, §7, §8.1, §8.3): open and resolved flag queues, disputes,
// appeals, grievances and the audit log, as tabs kept in the URL with their page.
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ListPager, showingText } from '@/components/list-paging';
import { QueryState } from '@/components/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { KEPT_FOCUS_ITEM, KEPT_FOCUS_RING, useKeptFocus } from '@/lib/use-kept-focus';
import { useTabAndPage } from '@/lib/use-tab-and-page';
import { FLAG_QUEUE_PAGE_SIZE, type FlagQueueStatus, useFlagQueue } from '../api/get-flags';
import { AuditLog } from './audit-log';
import { DecisionQueue } from './decision-queues';
import { FlaggedRatingCard } from './flagged-rating-card';
import { GrievanceQueue } from './grievance-queue';
import { MODERATION_TABS, type ModerationTab as Tab } from './tabs';

function FlagQueue({
  status,
  page,
  onPageChange,
}: {
  status: FlagQueueStatus;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useLingui();
  const queue = useFlagQueue(status, page);
  const keeper = useKeptFocus<HTMLDivElement>();
  return (
    <div {...keeper} className="grid gap-4 outline-none">
      {queue.isPending || queue.isError ? (
        <QueryState
          query={queue}
          failure={t`The queue could not be loaded.`}
          placeholder={
            <>
              <Skeleton className="h-48" />
              <Skeleton className="h-48" />
            </>
          }
        />
      ) : queue.data.results.length === 0 && page === 1 ? (
        <EmptyState
          focusFallback
          icon={ShieldCheck}
          tone="done"
          title={status === 'open' ? t`No open flags` : t`No resolved flags yet`}
          hint={
            status === 'open'
              ? t`Every reported review has been handled.`
              : t`Handled reports will appear here.`
          }
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {showingText(queue.data.results.length, queue.data.total_count)}
          </p>
          <ul className={cn('grid gap-4 transition-opacity', queue.isPlaceholderData && 'opacity-60')}>
            {queue.data.results.map((item) => (
              <li key={item.rating.id} {...KEPT_FOCUS_ITEM} className={KEPT_FOCUS_RING}>
                <FlaggedRatingCard item={item} />
              </li>
            ))}
          </ul>
          <ListPager
            page={page}
            pageSize={FLAG_QUEUE_PAGE_SIZE}
            total={queue.data.total_count}
            hasNext={queue.data.has_next}
            onPageChange={onPageChange}
            label={t`Flag queue pages`}
          />
        </>
      )}
    </div>
  );
}

export function ModerationPage() {
  const { i18n } = useLingui();
  const { tab, page, openTab, changePage } = useTabAndPage(Object.keys(MODERATION_TABS) as [Tab, ...Tab[]]);

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">
          <Trans>Moderation</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>
            Reported and disputed reviews, with their raters revealed, and appeals. Every action needs a
            reason and is logged.
          </Trans>
        </p>
      </div>
      <Tabs value={tab} onValueChange={(value) => openTab(value as Tab)} className="grid gap-4">
        <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-3 lg:flex lg:h-10 lg:w-fit">
          {(Object.keys(MODERATION_TABS) as Tab[]).map((key) => (
            <TabsTrigger key={key} value={key} className="h-8 lg:h-full">
              {i18n._(MODERATION_TABS[key])}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="open">
          {tab === 'open' && <FlagQueue status="open" page={page} onPageChange={changePage} />}
        </TabsContent>
        <TabsContent value="resolved">
          {tab === 'resolved' && <FlagQueue status="resolved" page={page} onPageChange={changePage} />}
        </TabsContent>
        <TabsContent value="disputes">
          {tab === 'disputes' && <DecisionQueue kind="disputes" page={page} onPageChange={changePage} />}
        </TabsContent>
        <TabsContent value="appeals">
          {tab === 'appeals' && <DecisionQueue kind="appeals" page={page} onPageChange={changePage} />}
        </TabsContent>
        <TabsContent value="grievances">{tab === 'grievances' && <GrievanceQueue />}</TabsContent>
        <TabsContent value="audit">
          {tab === 'audit' && <AuditLog page={page} onPageChange={changePage} />}
        </TabsContent>
      </Tabs>
    </div>
  );
}
