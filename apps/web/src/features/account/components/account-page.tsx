// The own profile (SPEC §2 /profile): view and edit modes, a rating card, account information and
// change password. After a save the view returns with 'Profile updated successfully!' for 3 seconds.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MSG, type OwnUser, SUCCESS_MESSAGE_MS } from '@workspace/contracts';
import { ArrowRight, Briefcase, CheckCircle2, Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS, RoleBadge } from '@/components/layouts/app-layout';
import { RatingLabelBadge } from '@/components/ratings/rating-label';
import { Stars } from '@/components/ratings/stars';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { translateApiMessage } from '@/lib/api-messages';
import { formatCity } from '@/lib/cities';
import { formatDate, formatScore } from '@/lib/format';
import { ChangePasswordForm } from './change-password-form';
import { PRIVACY_LABELS, ProfileEditForm } from './profile-edit-form';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

function ProfileDetails({ user }: { user: OwnUser }) {
  const { t, i18n } = useLingui();
  return (
    <dl className="divide-y">
      <Row label={user.user_role === 'employer' ? t`Company name` : t`Full name`}>{user.full_name}</Row>
      {user.city && <Row label={t`City`}>{formatCity(user.city)}</Row>}
      <Row label="LinkedIn">
        {user.linkedin_url ? (
          <a
            href={user.linkedin_url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline-offset-4 hover:underline"
          >
            {user.linkedin_url}
          </a>
        ) : (
          <span className="text-muted-foreground">
            <Trans>Not added</Trans>
          </span>
        )}
      </Row>
      {/* Moderators are not rated: whether others read their reviews does not apply. */}
      {user.user_role !== 'moderator' && (
        <Row label={t`Rating details`}>
          {i18n._(user.show_rating_details ? PRIVACY_LABELS.public : PRIVACY_LABELS.private)}
          <span className="block text-muted-foreground text-sm">
            {user.show_rating_details
              ? t`Others can read your reviews and category scores.`
              : t`Others see only your average rating.`}
          </span>
        </Row>
      )}
      {user.user_role === 'employee' && (
        <>
          <Row label={t`Skills`}>
            {user.skills.length === 0 ? (
              <span className="text-muted-foreground">
                <Trans>No skills added</Trans>
              </span>
            ) : (
              <ul aria-label={t`Skills`} className="flex flex-wrap gap-1.5">
                {user.skills.map((skill) => (
                  <li key={skill}>
                    <Badge variant="secondary">{skill}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Row>
          <Row label={t`Work history`}>
            {user.work_history.length === 0 ? (
              <span className="text-muted-foreground">
                <Trans>No work experience added</Trans>
              </span>
            ) : (
              <ol className="grid gap-3">
                {user.work_history.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
                  <li key={index} className="flex gap-2">
                    <Briefcase aria-hidden className="mt-1 size-4 shrink-0 text-primary" />
                    <span>
                      <Trans>
                        <span className="font-medium">{entry.position}</span> at {entry.company}
                      </Trans>
                      <span className="block text-muted-foreground text-sm">{entry.duration}</span>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Row>
        </>
      )}
    </dl>
  );
}

function OwnRatingCard({ user }: { user: OwnUser }) {
  const { t } = useLingui();
  const count = user.total_ratings_received;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Your Rating</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>What others have said about you, on average.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {count === 0 ? (
          // No average to show: a 0.0 beside empty stars would read as the lowest score.
          <p className="text-muted-foreground text-sm">{t`Your label appears with your first rating.`}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-bold text-4xl tabular-nums">{formatScore(user.rating_received)}</span>
            <div className="grid gap-1">
              <Stars value={user.rating_received} />
              <span className="text-muted-foreground text-sm">
                {t`${plural(count, { one: '# rating', other: '# ratings' })}`}
              </span>
            </div>
          </div>
        )}
        <RatingLabelBadge average={user.rating_received} count={count} />
        <div className="flex flex-wrap gap-2 pt-1">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.myRatings.getHref()}>
              <Trans>My Ratings</Trans>
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.user.getHref(user.id)}>
              <Trans>View public profile</Trans>
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function AccountInfo({ user }: { user: OwnUser }) {
  const { t, i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Account Information</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {(
            [
              [t`User code`, user.user_code],
              [t`Role`, i18n._(ROLE_LABELS[user.user_role])],
              [t`Email`, user.email],
              [t`Status`, user.is_active ? t`Active` : t`Suspended`],
              [t`Member since`, formatDate(user.date_joined)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-all font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** `children`: more sections under the profile (the route adds the privacy rights). */
export function AccountPage({ user, children }: { user: OwnUser; children?: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const leaveEditing = () => {
    setEditing(false);
    headingRef.current?.focus();
  };

  const rated = user.user_role !== 'moderator';
  return (
    <div className="grid gap-6">
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-2xl tracking-tight outline-none sm:text-3xl"
      >
        <Trans>My Profile</Trans>
      </h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="min-w-0 self-start">
          <CardHeader className="flex flex-row flex-wrap items-center gap-4">
            <UserAvatar name={user.full_name} src={user.avatar} className="size-16 text-xl" />
            {/* At least 12rem for the name: on a phone the Edit button wraps below instead of squeezing it. */}
            <div className="grid min-w-0 flex-1 basis-48 gap-1">
              <CardTitle className="text-xl">{user.full_name}</CardTitle>
              <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
                <RoleBadge role={user.user_role} />
                <span className="whitespace-nowrap">{user.user_code}</span>
              </div>
            </div>
            {!editing && (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden />
                <Trans>Edit Profile</Trans>
              </Button>
            )}
          </CardHeader>
          <CardContent className="grid gap-4">
            {saved && !editing && (
              <Alert variant="success">
                <CheckCircle2 aria-hidden />
                <AlertDescription>{translateApiMessage(MSG.profileUpdated)}</AlertDescription>
              </Alert>
            )}
            {editing ? (
              <ProfileEditForm
                user={user}
                onSaved={() => {
                  setSaved(true);
                  leaveEditing();
                }}
                onCancel={leaveEditing}
              />
            ) : (
              <ProfileDetails user={user} />
            )}
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          {rated && <OwnRatingCard user={user} />}
          <AccountInfo user={user} />
          <ChangePasswordForm />
        </div>
      </div>
      {children}
    </div>
  );
}
