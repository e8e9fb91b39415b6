// The Notifications page (DESIGN §9.3): newest first, each with what it is about, when, the
// moderators' reason where there is one, a link to it and Mark as read; Mark all as read. A rating
// received shows its day only, as the rating itself does.
import { Trans, useLingui } from '@lingui/react/macro';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '@workspace/contracts';
import { BellOff, Check, CheckCheck, Settings } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ListPager } from '@/components/list-paging';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';
import { useTabAndPage } from '@/lib/use-tab-and-page';
import { useMarkRead, useNotifications } from '../api/notifications';
import { notificationText } from './notification-text';

function Item({ notification }: { notification: Notification }) {
  const { t } = useLingui();
  const markRead = useMarkRead();
  const { text, reason, grievance } = notificationText(notification);
  const textId = useId();
  const unread = notification.read_at === null;
  const when =
    notification.type === 'rating_received'
      ? formatDate(notification.created_at)
      : formatDateTime(notification.created_at);
  const read = () => {
    if (unread) markRead.mutate({ ids: [notification.id] });
  };
  return (
    <li
      className={cn(
        'grid gap-2 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-start',
        unread && 'border-primary/40 bg-primary/5',
      )}
    >
      <div className="grid gap-1">
        <p id={textId} className={cn(unread && 'font-medium')}>
          {unread && <span className="sr-only">{t`Unread:`} </span>}
          {text}
        </p>
        {reason && (
          <p className="text-muted-foreground text-sm wrap-anywhere">
            <Trans>Reason: {reason}</Trans>
          </p>
        )}
        {grievance && (
          <p className="text-sm">
            <TextLink to={paths.grievance.getHref()}>
              <Trans>Still think it is wrong? Write to the Grievance Officer</Trans>
            </TextLink>
          </p>
        )}
        <p className="text-muted-foreground text-xs">{when}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          {/* Which notice it opens, for a screen reader going from link to link. */}
          <Link to={notification.link} onClick={read} aria-describedby={textId}>
            <Trans>View</Trans>
          </Link>
        </Button>
        {unread && (
          <Button variant="ghost" size="sm" onClick={read} disabled={markRead.isPending}>
            <Check aria-hidden />
            <Trans>Mark as read</Trans>
          </Button>
        )}
      </div>
    </li>
  );
}

export function NotificationsPage() {
  const { t } = useLingui();
  const { page, changePage } = useTabAndPage(['all'] as const);
  const list = useNotifications(page);
  const markRead = useMarkRead();
  const data = list.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-3xl tracking-tight">
          <Trans>Notifications</Trans>
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {data && data.unread > 0 && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => markRead.mutate({ all: true })}
              disabled={markRead.isPending}
            >
              <CheckCheck aria-hidden />
              <Trans>Mark all as read</Trans>
            </Button>
          )}
          {/* Which of these also come by mail is set on the account page, where it was hard to find. */}
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.mailSettings.getHref()}>
              <Settings aria-hidden />
              <Trans>Mail settings</Trans>
            </Link>
          </Button>
        </div>
      </header>
      {list.isPending || list.isError ? (
        <QueryState
          query={list}
          failure={t`Your notifications could not be loaded just now.`}
          placeholder={<Skeleton className="h-40" />}
        />
      ) : data && data.results.length === 0 ? (
        <EmptyState
          icon={BellOff}
          title={<Trans>Nothing yet</Trans>}
          hint={
            <Trans>
              You will be told here when someone rates you, replies to or disputes your rating, and when
              moderators decide.
            </Trans>
          }
        />
      ) : (
        <>
          <ul className="grid gap-3" aria-label={t`Your notifications`}>
            {data?.results.map((n) => (
              <Item key={n.id} notification={n} />
            ))}
          </ul>
          <ListPager
            page={page}
            pageSize={NOTIFICATIONS_PAGE_SIZE}
            total={data?.count ?? 0}
            hasNext={page * NOTIFICATIONS_PAGE_SIZE < (data?.count ?? 0)}
            onPageChange={changePage}
            label={t`Notification pages`}
          />
        </>
      )}
    </div>
  );
}
