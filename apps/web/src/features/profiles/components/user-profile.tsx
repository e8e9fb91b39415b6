// Another user's page (SPEC §2 /user/{id}): back, rate (when allowed), header, employee background,
// reviews, statistics (only when the user shows rating details) and a quick action. The rating form
// and the actions on each review belong to other features, so the route passes them in.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  browseRole,
  contextForRole,
  MSG,
  myRatingsHref,
  type OwnUser,
  type ProfileResponse,
  type Rating,
} from '@workspace/contracts';
import { ArrowLeft, CheckCircle2, Star } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/route-guard';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUserProfile } from '../api/get-user-profile';
import { EmployeeBackground } from './employee-background';
import { ProfileHeader } from './profile-header';
import { RatingStatistics } from './rating-statistics';
import { Reviews } from './reviews';
import { UnusualActivityNotice } from './unusual-activity-notice';
import { VerifiedRatings } from './verified-ratings';

export interface RatingFormSlot {
  data: ProfileResponse;
  /** Closes the form (Cancel, Go Back, or after a rating was saved). */
  close: () => void;
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no history inside the app): go to the dashboard instead of leaving the site.
  const back = () => (location.key === 'default' ? navigate(paths.dashboard.getHref()) : navigate(-1));
  return (
    <Button variant="ghost" className="-ml-3 w-fit" onClick={back}>
      <ArrowLeft aria-hidden />
      <Trans>Back</Trans>
    </Button>
  );
}

/** Whether the viewer may rate this user (SPEC §6); the eligibility check runs when the form opens. */
function mayRate(viewer: OwnUser, data: ProfileResponse) {
  return browseRole(viewer.user_role) === data.user_profile.user_role && data.can_rate;
}

function QuickActions({
  viewer,
  data,
  canRate,
  onRate,
}: {
  viewer: OwnUser;
  data: ProfileResponse;
  canRate: boolean;
  onRate: () => void;
}) {
  const user = data.user_profile;
  const own = viewer.id === user.id;
  const browse = browseRole(viewer.user_role);
  const { t } = useLingui();
  const name = user.full_name;
  const rateAgainOn = data.rate_again_on && formatDate(data.rate_again_on);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Quick Action</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {own ? (
          <>
            <p className="text-muted-foreground text-sm">
              <Trans>This is how others see your profile.</Trans>
            </p>
            <Button asChild variant="outline">
              <Link to={paths.profile.getHref()}>
                <Trans>Edit your profile</Trans>
              </Link>
            </Button>
          </>
        ) : canRate ? (
          <>
            <p className="text-muted-foreground text-sm">
              <Trans>Worked with {name}? Share your experience.</Trans>
            </p>
            {/* Not named 'Rate …': the header's Rate button is the one SPEC §2 names. */}
            <Button onClick={onRate}>
              <Star aria-hidden />
              <Trans>Write a Review</Trans>
            </Button>
          </>
        ) : rateAgainOn ? (
          // The wait after withdrawing a rating under moderation (DESIGN §9.1), said before a form is opened.
          <p className="text-muted-foreground text-sm">
            <Trans>
              You withdrew your rating of {name} while it was under moderation. You can rate {name} again on{' '}
              {rateAgainOn}.
            </Trans>
          </p>
        ) : data.user_has_rated ? (
          <>
            <p className="flex items-center gap-2 text-sm">
              <CheckCircle2 aria-hidden className="size-4 text-success" />
              {data.user_profile.user_role === 'employer' ? (
                <Trans>You have already rated this company.</Trans>
              ) : (
                <Trans>You have already rated this person.</Trans>
              )}
            </p>
            {/* Where an anonymous rating waiting for the next day is seen, and why (ADR 0030). */}
            <TextLink to={myRatingsHref('given')} className="text-sm">
              <Trans>See your rating in My Ratings</Trans>
            </TextLink>
          </>
        ) : (
          <p className="text-muted-foreground text-sm">
            {browse === null
              ? t`Moderators do not rate users.`
              : browse === 'employer'
                ? t`Only companies can be rated from your account.`
                : t`Only employees can be rated from your account.`}
          </p>
        )}
        {browse && (
          <Button asChild variant="ghost">
            <Link to={browse === 'employer' ? paths.companies.getHref() : paths.employees.getHref()}>
              {browse === 'employer' ? t`Browse Companies` : t`Browse Employees`}
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

export function UserProfile({
  userId,
  viewer,
  renderRatingForm,
  renderReviewActions,
}: {
  userId: string;
  viewer: OwnUser;
  renderRatingForm: (slot: RatingFormSlot) => ReactNode;
  renderReviewActions?: (rating: Rating) => ReactNode;
}) {
  // "Verified only" lives in the address, so that the view can be shared and survives a reload.
  const [search, setSearch] = useSearchParams();
  const verifiedOnly = search.get('verified') === 'true';
  const showVerifiedOnly = (on: boolean) =>
    setSearch(
      (params) => {
        if (on) params.set('verified', 'true');
        else params.delete('verified');
        return params;
      },
      { replace: true },
    );
  const profile = useUserProfile(userId, verifiedOnly);
  const { t } = useLingui();
  useApiMessages();
  useDocumentTitle(profile.data?.user_profile.full_name ?? t`User Profile`);
  const [formOpen, setFormOpen] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  // Another user's page: start closed.
  const [shownFor, setShownFor] = useState(userId);
  if (shownFor !== userId) {
    setShownFor(userId);
    setFormOpen(false);
  }

  // A shared "verified only" address of a profile that no longer offers it: the whole profile instead.
  const refusedVerified = verifiedOnly && profile.error instanceof ApiError && profile.error.status === 400;
  useEffect(() => {
    if (refusedVerified) showVerifiedOnly(false);
  });

  // Opened from a button further down: the form is shown, and the keyboard is taken there too, or
  // the next Tab would carry on below it.
  // Closed from inside (the rating sent, or cancelled), it would drop the focus to the page's top: it
  // goes on to the profile's actions, which then say it was rated.
  const actionsRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    const closed = wasOpen.current && !formOpen;
    wasOpen.current = formOpen;
    if (formOpen) {
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      formRef.current?.focus({ preventScroll: true });
    } else if (closed && (!document.activeElement || document.activeElement === document.body)) {
      actionsRef.current?.focus();
    }
  }, [formOpen]);

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="grid gap-4">
        <BackButton />
        <Alert variant="destructive">
          <AlertTitle>{translateApiMessage(notFound ? MSG.userNotFound : MSG.profileLoadFailed)}</AlertTitle>
          {!notFound && (
            <AlertDescription>
              <Button
                variant="outline"
                size="sm"
                className="w-fit text-foreground"
                onClick={() => profile.refetch()}
              >
                <Trans>Try again</Trans>
              </Button>
            </AlertDescription>
          )}
        </Alert>
      </div>
    );
  }

  const data = profile.data;
  const user = data.user_profile;
  const own = viewer.id === user.id;
  const canRate = mayRate(viewer, data);
  const summary = data.rating_summary;
  const detailsShown = summary.ratings_by_category !== null;
  // The context this user is rated in (by the opposite role) fixes the category order.
  const raters = browseRole(user.user_role);
  const ratedContext = raters ? contextForRole(raters) : null;

  return (
    <div className="grid gap-6">
      <BackButton />
      <ProfileHeader
        data={data}
        action={
          canRate && (
            // The same 'Rate' button shows and hides the form (SPEC §4); aria-expanded tells which.
            <Button
              variant={formOpen ? 'outline' : 'default'}
              onClick={() => setFormOpen((open) => !open)}
              aria-expanded={formOpen}
              aria-controls="rating-form"
            >
              <Star aria-hidden />
              <Trans>Rate</Trans>
            </Button>
          )
        }
      />
      {data.unusual_activity && <UnusualActivityNotice />}
      {data.verified_ratings && (
        <VerifiedRatings
          counts={data.verified_ratings}
          verifiedOnly={verifiedOnly}
          onChange={showVerifiedOnly}
        />
      )}
      {canRate && formOpen && (
        <div id="rating-form" ref={formRef} tabIndex={-1} className="scroll-mt-20 outline-none">
          {renderRatingForm({ data, close: () => setFormOpen(false) })}
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* First in reading order (a summary before the reviews on phones); the right column on desktops. */}
        <aside
          aria-label={t`Statistics and actions`}
          className="grid content-start gap-6 lg:col-start-2 lg:row-start-1"
        >
          {detailsShown && ratedContext && <RatingStatistics summary={summary} context={ratedContext} />}
          <div
            ref={actionsRef}
            tabIndex={-1}
            className="rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <QuickActions viewer={viewer} data={data} canRate={canRate} onRate={() => setFormOpen(true)} />
          </div>
        </aside>
        <div className="grid content-start gap-6 lg:col-start-1 lg:row-start-1">
          {user.user_role === 'employee' && <EmployeeBackground user={user} />}
          <Reviews
            key={String(verifiedOnly)}
            data={data}
            userId={userId}
            detailsHidden={!detailsShown && !own}
            verifiedOnly={verifiedOnly}
            renderActions={renderReviewActions}
          />
        </div>
      </div>
    </div>
  );
}
