// The signed-in home (SPEC §2 /dashboard): welcome, three number cards, a browse card for the
// opposite role, a profile card and the newest ratings received. A failed load is ignored (SPEC §8):
// the cards show dashes instead of numbers.
import { Trans, useLingui } from '@lingui/react/macro';
import { browseRole, type DashboardResponse, type OwnUser, ratingTone } from '@workspace/contracts';
import { ArrowRight, Building2, MessageSquare, Send, ShieldCheck, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTEXT_LABELS, raterName } from '@/components/ratings/labels';
import { TONE_TEXT } from '@/components/ratings/rating-label';
import { Stars } from '@/components/ratings/stars';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ratingLabelText, useApiMessages } from '@/lib/api-messages';
import { formatCity } from '@/lib/cities';
import { cn } from '@/lib/cn';
import { formatDate, formatScore, isRated } from '@/lib/format';
import { useDashboard } from '../api/get-dashboard';

function StatCard({
  title,
  icon,
  loading,
  children,
}: {
  title: string;
  icon: ReactNode;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="gap-3 py-4 sm:py-6">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4 sm:px-6">
        <CardTitle as="h2" className="font-medium text-muted-foreground text-sm">
          {title}
        </CardTitle>
        <span className="text-muted-foreground">{icon}</span>
      </CardHeader>
      <CardContent className="grid gap-1 px-4 sm:px-6">
        {loading ? <Skeleton className="h-8 w-20" /> : children}
      </CardContent>
    </Card>
  );
}

/**
 * The caller's own rating label (SPEC §2 thresholds, contracts ratingLabel/ratingTone). Without a
 * rating there is no average to label: a new account is "Not rated yet", not "Needs Improvement".
 */
export function OwnRatingCard({
  average,
  received,
  loading = false,
}: {
  average: number | null;
  received: number | null;
  loading?: boolean;
}) {
  const { t } = useLingui();
  useApiMessages();
  return (
    <StatCard title={t`Your Rating`} icon={<Star aria-hidden className="size-4" />} loading={loading}>
      {average === null ? (
        <p className="font-bold text-2xl">–</p>
      ) : received === 0 ? (
        <>
          <p className="font-bold text-2xl text-muted-foreground">{t`Not rated yet`}</p>
          <p className="text-muted-foreground text-sm">{t`Your label appears with your first rating.`}</p>
        </>
      ) : (
        <>
          <p className={cn('font-bold text-2xl', TONE_TEXT[ratingTone(average)])}>
            {ratingLabelText(average)}
          </p>
          <p className="text-muted-foreground text-sm">{t`Average ${formatScore(average)} out of 5`}</p>
        </>
      )}
    </StatCard>
  );
}

function BrowseCard({ user }: { user: OwnUser }) {
  const { t } = useLingui();
  const role = browseRole(user.user_role);
  const card =
    role === 'employer'
      ? {
          title: t`Browse Companies`,
          text: t`Search companies by name, city and rating, and share your experience.`,
          to: paths.companies.getHref(),
          action: t`Browse Companies`,
          icon: Building2,
        }
      : role === 'employee'
        ? {
            title: t`Browse Employees`,
            text: t`Search professionals by name, city, skills and rating, and rate the people you employ.`,
            to: paths.employees.getHref(),
            action: t`Browse Employees`,
            icon: Users,
          }
        : {
            title: t`Moderation`,
            text: t`Review flagged ratings, act on them and read the audit log.`,
            to: paths.moderation.getHref(),
            action: t`Open Moderation`,
            icon: ShieldCheck,
          };
  const Icon = card.icon;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-primary" />
          {card.title}
        </CardTitle>
        <CardDescription>{card.text}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <Button asChild>
          <Link to={card.to}>
            {card.action}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function ProfileCard({ user }: { user: OwnUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Your Profile</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Keep your details current; others see them on your profile.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <UserAvatar name={user.full_name} src={user.avatar} className="size-12" />
        <div className="grid min-w-0 gap-0.5">
          <p className="truncate font-medium">{user.full_name}</p>
          <p className="text-muted-foreground text-sm">
            {user.city ? `${user.user_code} · ${formatCity(user.city)}` : user.user_code}
          </p>
        </div>
      </CardContent>
      <CardContent className="mt-auto flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={paths.profile.getHref()}>
            <Trans>Edit Profile</Trans>
          </Link>
        </Button>
        {user.user_role !== 'moderator' && (
          <Button asChild variant="ghost">
            <Link to={paths.user.getHref(user.id)}>
              <Trans>View public profile</Trans>
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function RecentRatings({
  ratings,
  loading,
}: {
  ratings: DashboardResponse['recent_ratings'];
  loading: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <Trans>Recent Ratings</Trans>
        </CardTitle>
        <Button asChild variant="link" className="h-auto p-0">
          <Link to={paths.myRatings.getHref()}>
            <Trans>View all ratings</Trans>
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="grid gap-3">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : ratings.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-8 text-center">
            <MessageSquare aria-hidden className="size-8 text-muted-foreground" />
            <p className="font-medium">
              <Trans>No ratings yet</Trans>
            </p>
            <p className="text-muted-foreground text-sm">
              <Trans>Ratings you receive will appear here.</Trans>
            </p>
          </div>
        ) : (
          <ul className="divide-y">
            {ratings.map((rating) => (
              <li key={rating.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="grid min-w-0 gap-1">
                  <p className="truncate font-medium">{raterName(rating)}</p>
                  <div className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-sm">
                    <time dateTime={rating.created_at}>{formatDate(rating.created_at)}</time>
                    <Badge variant="secondary">{i18n._(CONTEXT_LABELS[rating.role_context])}</Badge>
                    {!rating.is_anonymous && (
                      <Badge variant="outline">
                        <Trans>Public</Trans>
                      </Badge>
                    )}
                  </div>
                </div>
                <div className="flex items-center gap-2">
                  <Stars value={rating.overall_score} />
                  <span className="font-semibold tabular-nums" aria-hidden>
                    {formatScore(rating.overall_score)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** How many ratings the caller received and their average; none yet is said, not shown as 0.0 stars. */
export function ReceivedCount({ received, average }: { received: number; average: number }) {
  const { t } = useLingui();
  return (
    <>
      <p className="font-bold text-2xl tabular-nums">{received}</p>
      {isRated(average) ? (
        <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-sm">
          <Stars value={average} label={null} className="text-sm" />
          <span className="whitespace-nowrap">{t`Average ${formatScore(average)}`}</span>
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">{t`Not rated yet`}</p>
      )}
    </>
  );
}

/** `moderatorWork`: for a moderator, what waits in their queues (the moderation feature's). */
export function Dashboard({ user, moderatorWork }: { user: OwnUser; moderatorWork?: ReactNode }) {
  const { t } = useLingui();
  const dashboard = useDashboard();
  const stats = dashboard.data?.stats;
  const loading = dashboard.isPending;
  const dash = <p className="font-bold text-2xl">–</p>;
  // Moderators are never rated and never rate: their home is the moderation card.
  const rated = user.user_role !== 'moderator';
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">
          <Trans>Welcome, {user.full_name}!</Trans>
        </h1>
        <p className="text-muted-foreground">
          {rated ? t`Here is how your reputation is doing.` : t`Here is what needs your attention.`}
        </p>
      </div>
      {rated && (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          <StatCard
            title={t`Ratings Received`}
            icon={<MessageSquare aria-hidden className="size-4" />}
            loading={loading}
          >
            {stats ? (
              <ReceivedCount received={stats.ratings_received} average={stats.average_rating} />
            ) : (
              dash
            )}
          </StatCard>
          <StatCard title={t`Ratings Given`} icon={<Send aria-hidden className="size-4" />} loading={loading}>
            {stats ? (
              <>
                <p className="font-bold text-2xl tabular-nums">{stats.ratings_given}</p>
                <p className="text-muted-foreground text-sm">
                  <Trans>Reviews you have written</Trans>
                </p>
              </>
            ) : (
              dash
            )}
          </StatCard>
          <div className="col-span-2 lg:col-span-1 [&>*]:h-full">
            <OwnRatingCard
              average={stats ? stats.average_rating : null}
              received={stats ? stats.ratings_received : null}
              loading={loading}
            />
          </div>
        </div>
      )}
      {!rated && moderatorWork}
      <div className="grid gap-4 md:grid-cols-2">
        <BrowseCard user={user} />
        <ProfileCard user={user} />
      </div>
      {rated && <RecentRatings ratings={dashboard.data?.recent_ratings ?? []} loading={loading} />}
    </div>
  );
}
