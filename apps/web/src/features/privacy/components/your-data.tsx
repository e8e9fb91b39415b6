// The account page's privacy rights (DESIGN §8.3): download everything held, see and end sessions,
// follow one's grievances, delete the account.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MY_GRIEVANCES_ANCHOR, type OwnUser } from '@workspace/contracts';
import { Download, LogOut } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { translateApiMessage } from '@/lib/api-messages';
import { formatDate, formatDateTime } from '@/lib/format';
import { useAnchoredCard } from '@/lib/use-anchored-card';
import { useMyGrievances } from '../api/grievances';
import { useDownloadMyData, useEndOtherSessions, useEndSession, useSessions } from '../api/my-account';
import { DeleteAccountDialog } from './delete-account-dialog';

function DownloadMyData() {
  const { t } = useLingui();
  const download = useDownloadMyData();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Your data</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Everything we hold about you, as one JSON file: your profile, ratings you gave (anonymous ones
            too), ratings you received as others see them, replies, flags, disputes, grievances, consents and
            sessions.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button
          variant="outline"
          className="justify-self-start"
          // Not `disabled` while it works: a disabled button drops the keyboard's focus to the page.
          aria-disabled={download.isPending}
          onClick={() => {
            if (download.isPending) return;
            download.mutate(undefined, {
              // The browser saves it quietly on some phones: say that it did, and under what name.
              onSuccess: (fileName) =>
                toast({ title: t`Your data was downloaded`, description: fileName, variant: 'success' }),
              onError: (error) =>
                toast({
                  title: t`Could not download your data`,
                  description: translateApiMessage(getErrorMessage(error)),
                  variant: 'destructive',
                }),
            });
          }}
        >
          {download.isPending ? <Spinner label={t`Preparing...`} /> : <Download aria-hidden />}
          <Trans>Download my data</Trans>
        </Button>
        <p className="text-muted-foreground text-sm">
          <Trans>
            To correct something, edit your profile. How we use your data:{' '}
            <TextLink to={paths.privacy.getHref()}>privacy notice</TextLink>.
          </Trans>
        </p>
      </CardContent>
    </Card>
  );
}

function Sessions() {
  const { t } = useLingui();
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  // As the API orders them: this device first, where a person looks for it, then the last used.
  const results = sessions.data?.results ?? [];
  const failed = (error: unknown) =>
    toast({
      title: t`Could not end the session`,
      description: translateApiMessage(getErrorMessage(error)),
      variant: 'destructive',
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Where you are signed in</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>End a session you do not recognise; that device is signed out at once.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* A lost phone or a shared computer: every other device signed out at once, found before the list. */}
        {results.length > 2 && (
          <Button
            variant="outline"
            className="mb-3"
            size="sm"
            disabled={end.isPending || endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: () => toast({ title: t`Every other session ended`, variant: 'success' }),
                onError: failed,
              })
            }
          >
            <LogOut aria-hidden />
            <Trans>End all other sessions</Trans>
          </Button>
        )}
        {sessions.isPending ? (
          <Skeleton className="h-16" />
        ) : sessions.isError ? (
          <p className="text-muted-foreground text-sm">{t`Your sessions could not be loaded.`}</p>
        ) : (
          <ul aria-label={t`Sessions`} className="divide-y">
            {results.map((session) => {
              const { browser, os } = session;
              // Worded here, so that it reads in the page's language (the API's `device` is English).
              const device = browser && os ? t`${browser} on ${os}` : (browser ?? os ?? t`Unknown device`);
              return (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="grid gap-0.5">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {device}
                      {session.current && (
                        <Badge variant="secondary">
                          <Trans>This device</Trans>
                        </Badge>
                      )}
                    </span>
                    <span className="text-muted-foreground text-xs">
                      {/* The time of signing in tells two "Chrome on Linux" apart; this device is in use
                          now, whatever the last refresh said (issue 47). */}
                      {session.current
                        ? t`Signed in ${formatDateTime(session.created_at)} · in use now`
                        : t`Signed in ${formatDateTime(session.created_at)} · last used ${formatDateTime(session.last_used_at)}`}
                    </span>
                  </div>
                  {!session.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={end.isPending || endOthers.isPending}
                      onClick={() =>
                        end.mutate(session.id, {
                          onSuccess: () => toast({ title: t`Session ended`, variant: 'success' }),
                          onError: failed,
                        })
                      }
                    >
                      <LogOut aria-hidden />
                      <Trans>End session</Trans>
                      <span className="sr-only">: {device}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {results.length > 1 && (
          <p className="pt-2 text-muted-foreground text-xs">
            {t`${plural(results.length, { one: '# session', other: '# sessions' })} in all.`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function MyGrievances() {
  const { t } = useLingui();
  const grievances = useMyGrievances();
  const results = grievances.data?.results ?? [];
  // A grievance's answer is told by a notification that opens this card (the contracts'
  // NOTIFICATION_LINKS): brought into view once its list is here, which a page load paints later.
  const card = useAnchoredCard<HTMLDivElement>(MY_GRIEVANCES_ANCHOR, grievances.isSuccess);
  return (
    <Card id={MY_GRIEVANCES_ANCHOR} ref={card} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>
          <Trans>My grievances</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Complaints you filed with our Grievance Officer.{' '}
            <TextLink to={paths.grievance.getHref()}>File a grievance</TextLink>
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {grievances.isPending ? (
          <Skeleton className="h-12" />
        ) : results.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t`You have not filed any grievance.`}</p>
        ) : (
          <ul aria-label={t`My grievances`} className="divide-y">
            {results.map((grievance) => (
              <li key={grievance.id} className="grid gap-1 py-3">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {grievance.number}
                  <Badge variant={grievance.status === 'open' ? 'secondary' : 'outline'}>
                    {grievance.status === 'open' ? t`Open` : t`Closed`}
                  </Badge>
                </span>
                <span className="text-muted-foreground text-xs">
                  {grievance.status === 'open'
                    ? t`Filed ${formatDate(grievance.created_at)} · answer due by ${formatDate(grievance.due_at)}`
                    : t`Filed ${formatDate(grievance.created_at)} · closed ${formatDate(grievance.closed_at ?? grievance.created_at)}`}
                </span>
                {grievance.close_reason && (
                  <p className="text-sm">
                    <span className="font-medium">{t`Answer:`}</span> {grievance.close_reason}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Shown on the account page under the profile. */
export function YourDataAndPrivacy({ user }: { user: OwnUser }) {
  return (
    <section aria-labelledby="privacy-heading" className="grid gap-6">
      <h2 id="privacy-heading" className="font-semibold text-xl tracking-tight">
        <Trans>Privacy and your data</Trans>
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <DownloadMyData />
        <Sessions />
        <MyGrievances />
        {user.user_role !== 'moderator' && <DeleteAccountDialog />}
      </div>
    </section>
  );
}
