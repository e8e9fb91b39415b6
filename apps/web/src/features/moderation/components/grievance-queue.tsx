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
import { useId, useState } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { translateApiMessage, useApiMessages } from '@/lib/api-messages';
import { formatDate } from '@/lib/format';
import { useCloseGrievance, useGrievanceQueue } from '../api/grievances';

const CATEGORY: Record<GrievanceCategory, MessageDescriptor> = {
  CONTENT: msg`Content`,
  PRIVACY: msg`Privacy`,
  ACCOUNT: msg`Account`,
  OTHER: msg`Other`,
};

function CloseGrievance({ grievance }: { grievance: ModerationGrievance }) {
  const { t } = useLingui();
  useApiMessages();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = useCloseGrievance();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Said beside the field, as every other dialog does; the server checks it too.
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    close.mutate(
      { id: grievance.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t`Grievance ${grievance.number} closed`, variant: 'success' });
          setOpen(false);
          setReason('');
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) close.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Trans>Close with answer</Trans>
          <span className="sr-only">: {grievance.number}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Close grievance {grievance.number}</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Your answer is sent to the complainant by mail and shown on their account. Give the decision
                and its reasons.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>
              <Trans>Answer</Trans>
            </Label>
            <Textarea
              id={`${id}-reason`}
              rows={5}
              value={reason}
              maxLength={LIMITS.grievanceReasonMax}
              required
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-missing` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
            />
            {missing && (
              <p id={`${id}-missing`} className="text-destructive text-sm">
                <Trans>Write the answer the complainant will receive.</Trans>
              </p>
            )}
          </div>
          {close.isError && (
            <Alert variant="destructive">
              <AlertDescription>{translateApiMessage(getErrorMessage(close.error))}</AlertDescription>
            </Alert>
          )}
          <DialogActions
            label={<Trans>Close grievance</Trans>}
            pendingLabel={t`Sending...`}
            pending={close.isPending}
            onCancel={() => setOpen(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
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
            <span className="font-medium">{t`About:`}</span> {grievance.subject_url}
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
  const results = queue.data?.results ?? [];
  return (
    <div className="grid gap-4">
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
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed bg-card py-12 text-center">
          <Inbox aria-hidden className="size-8 text-success" />
          <p className="font-medium">
            {status === 'open' ? t`No open grievances` : t`No closed grievances yet`}
          </p>
        </div>
      ) : (
        <ul aria-label={status === 'open' ? t`Open grievances` : t`Closed grievances`} className="grid gap-4">
          {results.map((grievance) => (
            <li key={grievance.id}>
              <GrievanceItem grievance={grievance} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
