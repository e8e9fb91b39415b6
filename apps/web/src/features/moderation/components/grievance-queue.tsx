// The moderators' grievance queue (DESIGN §8.3, IT Rules 2021): open ones by due date with overdue
// ones marked, closed ones with their answer; closing asks for the reason the complainant is sent.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type GrievanceCategory,
  type GrievanceStatus,
  LIMITS,
  type ModerationGrievance,
} from '@workspace/contracts';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { FormDialog, MessageField } from '@/components/form-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { safeRedirect } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { KEPT_FOCUS_ITEM, KEPT_FOCUS_RING, useKeptFocus } from '@/lib/use-kept-focus';
import { useCloseGrievance, useGrievanceQueue } from '../api/grievances';

const CATEGORY: Record<GrievanceCategory, MessageDescriptor> = {
  CONTENT: msg`Content`,
  PRIVACY: msg`Privacy`,
  ACCOUNT: msg`Account`,
  OTHER: msg`Other`,
};

// The contracts' closeGrievanceRequest, through zod, loaded once the dialog opens.
const closeChecks = lazyResolver(() =>
  import('../checks/reason').then((module) => module.closeGrievanceChecks),
);

function CloseGrievance({ grievance }: { grievance: ModerationGrievance }) {
  const { t } = useLingui();
  const close = useCloseGrievance();
  return (
    <FormDialog
      trigger={
        <Button size="sm">
          <Trans>Close with answer</Trans>
          <span className="sr-only">: {grievance.number}</span>
        </Button>
      }
      title={<Trans>Close grievance {grievance.number}</Trans>}
      description={
        <Trans>
          Your answer is sent to the complainant by mail and shown on their account. Give the decision and its
          reasons.
        </Trans>
      }
      checks={closeChecks}
      defaultValues={{ reason: '' }}
      sending={close}
      onSend={({ reason }) => close.mutateAsync({ id: grievance.id, reason })}
      onSent={() => {
        toast({ title: t`Grievance ${grievance.number} closed`, variant: 'success' });
      }}
      actionLabel={<Trans>Close grievance</Trans>}
      pendingLabel={t`Sending...`}
    >
      {(form) => (
        <MessageField
          form={form}
          name="reason"
          label={<Trans>Answer</Trans>}
          max={LIMITS.grievanceReasonMax}
          rows={5}
        />
      )}
    </FormDialog>
  );
}

/**
 * A page of this site, as a path to open it in the app; null for another site's address. The path
 * must also be one a link keeps on this site (safeRedirect's rule): "https://<this site>//elsewhere"
 * has this origin, but its path "//elsewhere" would leave it.
 */
function sitePath(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin) return null;
    return safeRedirect(`${parsed.pathname}${parsed.search}${parsed.hash}`, '') || null;
  } catch {
    return null;
  }
}

/**
 * What a grievance is about, as its author gave it: a link when it is a page of this site, so the
 * moderator opens what they are asked about; another site's address stays text, never a link to click.
 */
function SubjectUrl({ url }: { url: string }) {
  const path = sitePath(url);
  return path ? (
    <Link to={path} className="text-primary underline-offset-4 hover:underline">
      {url}
    </Link>
  ) : (
    url
  );
}

function GrievanceItem({ grievance }: { grievance: ModerationGrievance }) {
  const { t, i18n } = useLingui();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h3" className="flex flex-wrap items-center gap-2 text-base">
          {grievance.number}
          <Badge variant="secondary">{i18n._(CATEGORY[grievance.category])}</Badge>
          {grievance.overdue && <Badge variant="destructive">{t`Overdue`}</Badge>}
        </CardTitle>
        {grievance.status === 'open' && <CloseGrievance grievance={grievance} />}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          {grievance.status === 'open'
            ? t`Filed ${formatDate(grievance.created_at)} · due ${formatDate(grievance.due_at)}`
            : t`Filed ${formatDate(grievance.created_at)} · closed ${formatDate(grievance.closed_at ?? grievance.created_at)}`}
          {grievance.email && ` · ${grievance.email}`}
        </p>
        {grievance.subject_url && (
          <p className="break-all">
            <span className="font-medium">{t`About:`}</span> <SubjectUrl url={grievance.subject_url} />
          </p>
        )}
        <p className="whitespace-pre-wrap wrap-anywhere">{grievance.details}</p>
        {grievance.close_reason && (
          <p className="rounded-lg bg-muted p-3">
            <span className="font-medium">{t`Answer:`}</span> {grievance.close_reason}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function GrievanceQueue() {
  const { t } = useLingui();
  const [status, setStatus] = useState<GrievanceStatus>('open');
  const queue = useGrievanceQueue(status);
  const keeper = useKeptFocus<HTMLDivElement>();
  const results = queue.data?.results ?? [];
  return (
    <div {...keeper} className="grid gap-4 outline-none">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t`Which grievances`}</legend>
        {(['open', 'closed'] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={status === value ? 'default' : 'outline'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {value === 'open' ? t`Open, by due date` : t`Closed`}
          </Button>
        ))}
      </fieldset>
      {queue.isPending ? (
        <Skeleton className="h-40" />
      ) : queue.isError ? (
        <p className="text-muted-foreground">{t`The grievances could not be loaded.`}</p>
      ) : results.length === 0 ? (
        <EmptyState
          focusFallback
          icon={Inbox}
          tone="done"
          title={status === 'open' ? t`No open grievances` : t`No closed grievances yet`}
        />
      ) : (
        <ul aria-label={status === 'open' ? t`Open grievances` : t`Closed grievances`} className="grid gap-4">
          {results.map((grievance) => (
            <li key={grievance.id} {...KEPT_FOCUS_ITEM} className={KEPT_FOCUS_RING}>
              <GrievanceItem grievance={grievance} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
