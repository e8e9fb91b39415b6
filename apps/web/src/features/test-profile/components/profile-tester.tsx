// Developer test page (SPEC §2 /test-profile): fetch the own profile, or update it with the current
// full_name and city, and show status, error and response data.
import { Trans, useLingui } from '@lingui/react/macro';
import { MSG, type OwnUser } from '@workspace/contracts';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError, api } from '@/lib/api-client';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { useSession } from '@/lib/session';

interface Outcome {
  ok: boolean;
  message: string;
  status: number | null;
  error?: string;
  data?: unknown;
}

async function attempt(
  run: () => Promise<OwnUser>,
  success: string,
  failure: string,
): Promise<Outcome & { user?: OwnUser }> {
  try {
    const user = await run();
    return { ok: true, message: success, status: 200, data: user, user };
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        ok: false,
        message: failure,
        status: error.status || null,
        error: error.detail,
        data: { detail: error.detail, ...(Object.keys(error.errors).length > 0 && { errors: error.errors }) },
      };
    }
    return { ok: false, message: failure, status: null, error: MSG.unexpected };
  }
}

export function ProfileTester() {
  const { status, user, setUser } = useSession();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = status === 'authenticated';

  const run = async (kind: 'fetch' | 'update') => {
    setBusy(true);
    const result =
      kind === 'fetch'
        ? await attempt(
            () => api.get<OwnUser>('/auth/profile/'),
            MSG.testProfileFetched,
            MSG.testProfileFetchFailed,
          )
        : await attempt(
            () =>
              api.patch<OwnUser>('/auth/profile/', {
                full_name: user?.full_name ?? '',
                city: user?.city ?? '',
              }),
            MSG.testProfileUpdated,
            MSG.profileUpdateFailed,
          );
    if (result.user) setUser(result.user);
    setOutcome(result);
    setBusy(false);
  };

  return <Shown signedIn={signedIn} busy={busy} user={user} outcome={outcome} run={run} />;
}

function Shown({
  signedIn,
  busy,
  user,
  outcome,
  run,
}: {
  signedIn: boolean;
  busy: boolean;
  user: OwnUser | null;
  outcome: Outcome | null;
  run: (action: 'fetch' | 'update') => void;
}) {
  const { t } = useLingui();
  useApiMessages();
  return (
    <div className="grid gap-6">
      {!signedIn && (
        <Alert variant="info">
          <AlertDescription>{translateApiMessage(MSG.testProfileSignedOut)}</AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Profile endpoints</Trans>
          </CardTitle>
          <p className="text-muted-foreground text-sm">
            <Trans>
              GET and PATCH <code className="rounded bg-muted px-1 py-0.5">/api/auth/profile/</code>; the
              update sends your current full name and city.
            </Trans>
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row">
          <Button disabled={!signedIn || busy} onClick={() => run('fetch')}>
            <Download aria-hidden />
            <Trans>Fetch Profile</Trans>
          </Button>
          <Button variant="outline" disabled={!signedIn || busy || !user} onClick={() => run('update')}>
            <Upload aria-hidden />
            <Trans>Update Profile</Trans>
          </Button>
        </CardContent>
      </Card>
      {outcome && (
        <Card aria-live="polite">
          <CardHeader>
            <CardTitle>
              <Trans>Result</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Alert variant={outcome.ok ? 'success' : 'destructive'}>
              <AlertDescription>{translateApiMessage(outcome.message)}</AlertDescription>
            </Alert>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium">
                <Trans>Status</Trans>
              </dt>
              <dd>{outcome.status ?? t`No response`}</dd>
              <dt className="font-medium">
                <Trans>Error</Trans>
              </dt>
              <dd>{outcome.error ? translateApiMessage(outcome.error) : t`None`}</dd>
            </dl>
            <div className="grid gap-2">
              <h3 id="response-data-title" className="font-medium text-sm">
                <Trans>Response data</Trans>
              </h3>
              <section
                aria-labelledby="response-data-title"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
                tabIndex={0}
                className="max-h-96 overflow-auto rounded-lg bg-muted p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <pre className="text-xs">{JSON.stringify(outcome.data ?? null, null, 2)}</pre>
              </section>
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
