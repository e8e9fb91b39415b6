// My Ratings (SPEC §2, DESIGN §8.1): Ratings Received, Ratings Given and the disputes one filed, 10 a
// page. The tab and page live in the URL. A given rating that moderators hid, or that is held back
// while disputed, stays visible to its author with what happened to it. The actions on each rating
// and the disputes list come from the route, which owns those features.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MY_RATINGS_TABS, type MyRatingsPageTab, PAGE_SIZES, type Rating } from '@workspace/contracts';
import { Clock, EyeOff, MessageSquare, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ListPager, showingText } from '@/components/list-paging';
import { QueryState } from '@/components/query-state';
import { CONTEXT_LABELS, raterName } from '@/components/ratings/labels';
import { RatingCard } from '@/components/ratings/rating-card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { KEPT_FOCUS_ITEM, KEPT_FOCUS_RING, useKeptFocus } from '@/lib/use-kept-focus';
import { useTabAndPage } from '@/lib/use-tab-and-page';
import { type MyRatingsTab, useMyRatings } from '../api/get-my-ratings';

const TABS: Record<MyRatingsPageTab, MessageDescriptor> = {
  received: msg`Ratings Received`,
  given: msg`Ratings Given`,
  disputes: msg`My Disputes`,
};

// A rating of an employee is held back while they dispute it (DESIGN §8.1): it leaves this list, and
// the empty list must not read as if it had gone for good.
const HELD_WHILE_DISPUTED = msg`When someone rates you, their review appears here. A rating you dispute is held back until moderators decide: you can follow it under My Disputes.`;

const EMPTY: Record<MyRatingsTab, { empty: MessageDescriptor; hint: MessageDescriptor }> = {
  received: {
    empty: msg`No ratings received yet`,
    hint: msg`When someone rates you, their review appears here.`,
  },
  given: {
    empty: msg`No ratings given yet`,
    hint: msg`Ratings you write about others appear here.`,
  },
};

function PersonLink({ id, name }: { id: number | undefined; name: string }) {
  if (id === undefined) return <>{name}</>;
  return (
    <Link to={paths.user.getHref(id)} className="hover:underline">
      {name}
    </Link>
  );
}

function StatusBadge({ rating }: { rating: Rating }) {
  if (rating.status === 'held' || rating.return_held)
    return (
      <Badge variant="warning">
        <Clock aria-hidden />
        <Trans>Published tomorrow</Trans>
      </Badge>
    );
  if (rating.status === 'hidden')
    return (
      <Badge variant="destructive">
        <EyeOff aria-hidden />
        <Trans>Hidden by moderators</Trans>
      </Badge>
    );
  if (rating.status === 'disputed')
    return (
      <Badge variant="warning">
        <Scale aria-hidden />
        <Trans>Held back while disputed</Trans>
      </Badge>
    );
  if (rating.edit_held)
    return (
      <Badge variant="warning">
        <Clock aria-hidden />
        <Trans>Edit published tomorrow</Trans>
      </Badge>
    );
  return null;
}

/** Why an anonymous rating waits (ADR 0030), said to its author, the only one who sees it meanwhile. */
function HeldNote({ rating }: { rating: Rating }) {
  return (
    <p className="basis-full text-muted-foreground text-sm">
      {rating.return_held ? (
        <Trans>
          Your account is back. This anonymous rating is published at the start of the next day in India, with
          the day's anonymous ratings, so that the moment your account came back cannot point at you. Until
          then only you can see it.
        </Trans>
      ) : (
        <Trans>
          Anonymous ratings are published together at the start of the next day in India, so that the time you
          wrote yours cannot point at you. Until then only you can see it.
        </Trans>
      )}
    </p>
  );
}

/** Why the author's own "Verified employee" is not on their rating yet (DESIGN §9.1), said to them alone. */
function VerifiedPendingNote() {
  return (
    <p className="basis-full text-muted-foreground text-sm">
      <Trans>
        You wrote this as a verified employee. The badge shows once enough of the company's reviewers carry it
        that it cannot single you out.
      </Trans>
    </p>
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
  const { t, i18n } = useLingui();
  const list = useMyRatings(tab, page);
  const { user } = useSession();
  // A reply published or a dispute filed replaces the button that had the focus: keep it on the card.
  const keeper = useKeptFocus<HTMLDivElement>();
  if (list.isPending || list.isError) {
    return (
      <QueryState
        query={list}
        failure={t`Your ratings could not be loaded just now.`}
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
      // In the list's place (the same element), so that the last review withdrawn hands it the focus.
      <div {...keeper} className="grid gap-4 outline-none">
        <EmptyState
          focusFallback
          icon={MessageSquare}
          title={i18n._(EMPTY[tab].empty)}
          hint={i18n._(
            tab === 'received' && user?.user_role === 'employee' ? HELD_WHILE_DISPUTED : EMPTY[tab].hint,
          )}
        />
      </div>
    );
  }
  const label = i18n._(TABS[tab]);
  return (
    <div {...keeper} className="grid gap-4 outline-none">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {showingText(data.results.length, data.total_count)}
      </p>
      <ul className={cn('grid gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        {data.results.map((rating) => {
          const removed = rating.status === 'hidden' && !rating.return_held;
          return (
            <li key={rating.id} {...KEPT_FOCUS_ITEM} className={KEPT_FOCUS_RING}>
              <RatingCard
                rating={rating}
                className={removed ? 'border-destructive/40 bg-destructive/[0.03]' : undefined}
                title={
                  tab === 'received' ? (
                    <PersonLink
                      id={rating.is_anonymous ? undefined : rating.rater}
                      name={raterName(rating)}
                    />
                  ) : (
                    <Trans>
                      <span className="font-normal text-muted-foreground">To </span>
                      <PersonLink id={rating.ratee} name={rating.ratee_name} />
                    </Trans>
                  )
                }
                badges={
                  <>
                    <Badge variant="secondary">{i18n._(CONTEXT_LABELS[rating.role_context])}</Badge>
                    <Badge variant="outline">{rating.is_anonymous ? t`Anonymous` : t`Public`}</Badge>
                    <StatusBadge rating={rating} />
                  </>
                }
                actions={
                  rating.status === 'held' || rating.return_held || rating.verified_pending ? (
                    <>
                      {(rating.status === 'held' || rating.return_held) && <HeldNote rating={rating} />}
                      {rating.verified_pending && <VerifiedPendingNote />}
                      {renderActions?.(rating)}
                    </>
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
        label={t`${label} pages`}
      />
    </div>
  );
}

export function MyRatings({
  renderReceivedActions,
  renderGivenActions,
  renderDisputes,
}: {
  renderReceivedActions?: (rating: Rating) => ReactNode;
  renderGivenActions?: (rating: Rating) => ReactNode;
  renderDisputes: (page: number, onPageChange: (page: number) => void) => ReactNode;
}) {
  const { i18n } = useLingui();
  const { tab, page, openTab, changePage } = useTabAndPage(MY_RATINGS_TABS);

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">
          <Trans>My Ratings</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Reviews about you, the reviews you have written, and your disputes.</Trans>
        </p>
      </div>
      <Tabs value={tab} onValueChange={(value) => openTab(value as MyRatingsPageTab)} className="grid gap-4">
        <TabsList className="grid h-auto w-full grid-cols-3 sm:flex sm:h-10 sm:w-fit">
          {MY_RATINGS_TABS.map((key) => (
            <TabsTrigger
              key={key}
              value={key}
              // One line each at 360 px too: "Ratings Received" wrapped onto two (issue 47).
              className="h-auto min-h-8 whitespace-nowrap px-1 text-xs sm:h-full sm:px-3 sm:text-sm"
            >
              {i18n._(TABS[key])}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="received">
          {tab === 'received' && (
            <RatingsTab
              tab="received"
              page={page}
              onPageChange={changePage}
              renderActions={renderReceivedActions}
            />
          )}
        </TabsContent>
        <TabsContent value="given">
          {tab === 'given' && (
            <RatingsTab
              tab="given"
              page={page}
              onPageChange={changePage}
              renderActions={renderGivenActions}
            />
          )}
        </TabsContent>
        <TabsContent value="disputes">{tab === 'disputes' && renderDisputes(page, changePage)}</TabsContent>
      </Tabs>
    </div>
  );
}
