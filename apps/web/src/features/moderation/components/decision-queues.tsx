// The moderators' dispute and appeal queues (DESIGN §8.1). Disputes: open ones by due date with the
// overdue first and marked; upholding hides the rating, rejecting publishes it; both need a reason,
// which both parties see. Appeals: restoring the rating grants one, rejecting needs a reason the
// author sees. Decided ones show the outcome and its reason.
import { Trans, useLingui } from '@lingui/react/macro';
import { disputeHoldsRating, type ModerationAppeal, type ModerationDispute } from '@workspace/contracts';
import { Check, Eye, Inbox, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListPager, showingText } from '@/components/list-paging';
import { QueryState } from '@/components/query-state';
import { personName } from '@/components/ratings/labels';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { disputeReasonLabel } from '@/lib/api-messages';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { KEPT_FOCUS_ITEM, KEPT_FOCUS_RING, useKeptFocus } from '@/lib/use-kept-focus';
import {
  DECISION_PAGE_SIZE,
  type DecisionKind,
  type DecisionStatus,
  useDecisionQueue,
} from '../api/decisions';
import { ActionDialog } from './action-dialog';
import { ModeratedRatingCard } from './moderated-rating-card';

function Box({ children }: { children: ReactNode }) {
  return <div className="grid gap-1 rounded-lg border p-3 text-sm">{children}</div>;
}

function Decision({ outcome, reason }: { outcome: ReactNode; reason: string | null }) {
  return (
    <p className="rounded-lg bg-muted p-3 text-sm">
      <span className="font-medium">{outcome}</span>
      {reason && <span className="whitespace-pre-line wrap-anywhere"> {reason}</span>}
    </p>
  );
}

function DisputeItem({ dispute }: { dispute: ModerationDispute }) {
  const { t } = useLingui();
  const filed = formatDate(dispute.created_at);
  const due = formatDate(dispute.due_at);
  const heldBack = disputeHoldsRating(dispute.rating.role_context);
  const reason = disputeReasonLabel(dispute.reason);
  return (
    <ModeratedRatingCard
      // The dispute is this item's own subject, shown below with its decision.
      rating={{ ...dispute.rating, dispute: null }}
      badges={dispute.overdue && <Badge variant="destructive">{t`Overdue`}</Badge>}
      actions={
        dispute.status === 'open' && (
          <>
            <ActionDialog
              action="upholdDispute"
              targetId={dispute.id}
              destructive
              title={<Trans>Uphold the dispute</Trans>}
              description={
                <Trans>
                  The rating is hidden and leaves every average. Both the rated party and the author see your
                  reason; the author may appeal once.
                </Trans>
              }
              confirmLabel={<Trans>Uphold and hide</Trans>}
              trigger={
                <Button variant="destructive" size="sm">
                  <Check aria-hidden />
                  <Trans>Uphold</Trans>
                </Button>
              }
            />
            <ActionDialog
              action="rejectDispute"
              targetId={dispute.id}
              title={<Trans>Reject the dispute</Trans>}
              description={
                <Trans>The rating is published (or stays published). Both parties see your reason.</Trans>
              }
              confirmLabel={<Trans>Reject and publish</Trans>}
              trigger={
                <Button variant="outline" size="sm">
                  <X aria-hidden />
                  <Trans>Reject</Trans>
                </Button>
              }
            />
          </>
        )
      }
    >
      <Box>
        <p className="font-medium">
          <Trans>Disputed by the rated party: {reason}</Trans>
        </p>
        <p className="whitespace-pre-line wrap-anywhere">{dispute.details}</p>
        <p className="text-muted-foreground">
          {dispute.status === 'open' ? (
            heldBack ? (
              <Trans>
                Filed {filed} · decide by {due} · held back from the profile until then
              </Trans>
            ) : (
              <Trans>
                Filed {filed} · decide by {due} · stays on the profile until then
              </Trans>
            )
          ) : (
            <Trans>Filed {filed}</Trans>
          )}
        </p>
      </Box>
      {dispute.status === 'decided' && (
        <Decision
          outcome={dispute.outcome === 'UPHELD' ? <Trans>Upheld:</Trans> : <Trans>Rejected:</Trans>}
          reason={dispute.decision_reason}
        />
      )}
    </ModeratedRatingCard>
  );
}

function AppealItem({ appeal }: { appeal: ModerationAppeal }) {
  const filed = formatDate(appeal.created_at);
  const author = personName(appeal.rating.rater_name);
  return (
    <ModeratedRatingCard
      rating={appeal.rating}
      actions={
        appeal.status === 'open' && (
          <>
            <ActionDialog
              action="restore"
              targetId={appeal.rating.id}
              title={<Trans>Grant the appeal</Trans>}
              description={
                <Trans>
                  The rating is published again and counts in the average. The author sees your reason.
                </Trans>
              }
              confirmLabel={<Trans>Restore rating</Trans>}
              trigger={
                <Button size="sm">
                  <Eye aria-hidden />
                  <Trans>Restore rating</Trans>
                </Button>
              }
            />
            {appeal.another_moderator_rejects ? (
              <p className="order-first basis-full text-sm text-muted-foreground">
                <Trans>
                  You made the decision this appeal is against: another moderator decides whether to reject
                  it. You can still restore the rating.
                </Trans>
              </p>
            ) : (
              <ActionDialog
                action="rejectAppeal"
                targetId={appeal.id}
                destructive
                title={<Trans>Reject the appeal</Trans>}
                description={
                  <Trans>The rating stays hidden. The author sees your reason; this decision is final.</Trans>
                }
                confirmLabel={<Trans>Reject appeal</Trans>}
                trigger={
                  <Button variant="outline" size="sm">
                    <X aria-hidden />
                    <Trans>Reject appeal</Trans>
                  </Button>
                }
              />
            )}
          </>
        )
      }
    >
      <Box>
        {appeal.hidden_reason && (
          <p>
            <span className="font-medium">
              <Trans>Hidden because:</Trans>
            </span>{' '}
            <span className="whitespace-pre-line wrap-anywhere">{appeal.hidden_reason}</span>
          </p>
        )}
        <p className="font-medium">
          <Trans>
            {author} appealed on {filed}:
          </Trans>
        </p>
        <p className="whitespace-pre-line wrap-anywhere">{appeal.message}</p>
      </Box>
      {appeal.status !== 'open' && (
        <Decision
          outcome={
            appeal.status === 'restored' ? <Trans>Granted: rating restored.</Trans> : <Trans>Rejected:</Trans>
          }
          reason={appeal.decision_reason}
        />
      )}
    </ModeratedRatingCard>
  );
}

function StatusChoice({
  status,
  onChange,
}: {
  status: DecisionStatus;
  onChange: (next: DecisionStatus) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t`Which ones`}</legend>
      {(['open', 'decided'] as const).map((value) => (
        <Button
          key={value}
          size="sm"
          variant={status === value ? 'default' : 'outline'}
          aria-pressed={status === value}
          onClick={() => onChange(value)}
        >
          {value === 'open' ? t`Open` : t`Decided`}
        </Button>
      ))}
    </fieldset>
  );
}

/** One queue (disputes or appeals): open or decided, a page at a time. */
export function DecisionQueue({
  kind,
  page,
  onPageChange,
}: {
  kind: DecisionKind;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useLingui();
  const [status, setStatus] = useState<DecisionStatus>('open');
  const query = useDecisionQueue(kind, status, page);
  const keeper = useKeptFocus<HTMLDivElement>();
  const choice = (
    <StatusChoice
      status={status}
      onChange={(next) => {
        setStatus(next);
        onPageChange(1);
      }}
    />
  );
  if (query.isPending || query.isError) {
    return (
      <div {...keeper} className="grid gap-4 outline-none">
        {choice}
        <QueryState
          query={query}
          failure={
            kind === 'disputes' ? t`The disputes could not be loaded.` : t`The appeals could not be loaded.`
          }
          placeholder={<Skeleton className="h-48" />}
        />
      </div>
    );
  }
  const { results, total_count, has_next } = query.data;
  return (
    <div {...keeper} className="grid gap-4 outline-none">
      {choice}
      {results.length === 0 && page === 1 ? (
        <EmptyState
          focusFallback
          icon={Inbox}
          tone="done"
          title={kind === 'disputes' ? t`No disputes here` : t`No appeals here`}
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {showingText(results.length, total_count)}
          </p>
          <ul className={cn('grid gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
            {results.map((item) => (
              <li key={item.id} {...KEPT_FOCUS_ITEM} className={KEPT_FOCUS_RING}>
                {'hidden_reason' in item ? <AppealItem appeal={item} /> : <DisputeItem dispute={item} />}
              </li>
            ))}
          </ul>
          <ListPager
            page={page}
            pageSize={DECISION_PAGE_SIZE}
            total={total_count}
            hasNext={has_next}
            onPageChange={onPageChange}
            label={kind === 'disputes' ? t`Dispute pages` : t`Appeal pages`}
          />
        </>
      )}
    </div>
  );
}
