// The moderation log: who did what to which rating, flag or user, why and when.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type AuditEntry, DISPUTE_OUTCOMES, type DisputeOutcome } from '@workspace/contracts';
import { ListPager } from '@/components/list-paging';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/get-audit';

const AUDIT_ACTION_LABELS: Record<AuditEntry['action'], MessageDescriptor> = {
  hide_rating: msg`Hid rating`,
  restore_rating: msg`Restored rating`,
  dismiss_flag: msg`Dismissed flag`,
  suspend_user: msg`Suspended user`,
  reinstate_user: msg`Reinstated user`,
  hide_reply: msg`Hid reply`,
  decide_dispute: msg`Decided dispute`,
  reject_appeal: msg`Rejected appeal`,
  close_grievance: msg`Closed grievance`,
  delete_account: msg`Account deleted by its holder`,
};

// Nouns: the same English words are verbs on buttons ("Flag", "Dispute", "Appeal"), and Hindi says
// them differently, so these carry a context of their own.
const TARGET_LABELS: Record<AuditEntry['target_type'], MessageDescriptor> = {
  rating: msg({ message: 'Rating', context: 'noun' }),
  flag: msg({ message: 'Flag', context: 'noun' }),
  user: msg({ message: 'User', context: 'noun' }),
  dispute: msg({ message: 'Dispute', context: 'noun' }),
  appeal: msg({ message: 'Appeal', context: 'noun' }),
  grievance: msg({ message: 'Grievance', context: 'noun' }),
};

const OUTCOME_LABELS: Record<DisputeOutcome, MessageDescriptor> = {
  UPHELD: msg`Upheld`,
  REJECTED: msg`Rejected`,
};

/**
 * A dispute's decision is logged as "<OUTCOME>: <reason>" (moderation/service.ts): shown as the
 * outcome in the reader's language and the reason, never the raw value.
 */
function splitOutcome(entry: AuditEntry): { outcome: DisputeOutcome | null; reason: string | null } {
  if (entry.action !== 'decide_dispute' || !entry.reason) return { outcome: null, reason: entry.reason };
  const outcome = DISPUTE_OUTCOMES.find((o) => entry.reason?.startsWith(`${o}: `)) ?? null;
  return { outcome, reason: outcome ? entry.reason.slice(outcome.length + 2) : entry.reason };
}

/**
 * What an entry acted on: a grievance by its number, as everywhere else; a user by name, and a rating
 * (or a flag, dispute or appeal on one) with the name of whom it rates, beside their kind and id; a
 * target gone since by kind and id.
 */
function targetOf(entry: AuditEntry, label: string) {
  const byId = `${label} #${entry.target_id}`;
  if (entry.target_ref === null) return byId;
  if (entry.target_type === 'grievance') return entry.target_ref;
  return entry.target_type === 'user' ? `${entry.target_ref} · ${byId}` : `${byId} · ${entry.target_ref}`;
}

function Reason({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui();
  const { outcome, reason } = splitOutcome(entry);
  return (
    <>
      {outcome && (
        <Badge variant={outcome === 'UPHELD' ? 'success' : 'secondary'} className="me-2">
          {i18n._(OUTCOME_LABELS[outcome])}
        </Badge>
      )}
      {reason ?? (
        <span className="text-muted-foreground">
          <Trans>No reason given</Trans>
        </span>
      )}
    </>
  );
}

export function AuditLog({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const log = useAuditLog(page);
  const { t, i18n } = useLingui();
  if (log.isPending || log.isError) {
    return (
      <QueryState
        query={log}
        className="gap-2"
        failure={t`The audit log could not be loaded.`}
        placeholder={
          <>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </>
        }
      />
    );
  }
  const { results, total_count, has_next } = log.data;
  if (results.length === 0 && page === 1) {
    return (
      <p className="rounded-xl border border-dashed bg-card py-12 text-center text-muted-foreground">
        <Trans>No moderation actions yet.</Trans>
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      {/* On a phone, one card per entry: a five-column table broke words and cut its chips (issue 47). */}
      <ul aria-label={t`Moderation actions, newest first`} className="grid gap-3 sm:hidden">
        {results.map((entry) => (
          <li key={entry.id} className="grid gap-2 rounded-xl border bg-card p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge variant="secondary">{i18n._(AUDIT_ACTION_LABELS[entry.action])}</Badge>
              <time dateTime={entry.created_at} className="text-muted-foreground">
                {formatDateTime(entry.created_at)}
              </time>
            </div>
            <p>
              <span className="font-medium">{targetOf(entry, i18n._(TARGET_LABELS[entry.target_type]))}</span>
              {' · '}
              {entry.moderator_id === null ? t`Account holder` : entry.moderator_name}
            </p>
            <p className="wrap-break-word">
              <Reason entry={entry} />
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border bg-card sm:block">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">
            <Trans>Moderation actions, newest first</Trans>
          </caption>
          <thead className="border-b bg-muted/50 text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                <Trans>When</Trans>
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <Trans>Moderator</Trans>
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <Trans>Action</Trans>
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <Trans>Target</Trans>
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <Trans>Reason</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {results.map((entry) => (
              <tr key={entry.id} className="align-top">
                <td className="whitespace-nowrap px-4 py-3">
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </td>
                <td className="px-4 py-3">
                  {/* No moderator: the holder of a deleted account acted (the API says so in English). */}
                  {entry.moderator_id === null ? t`Account holder` : entry.moderator_name}
                </td>
                <td className="px-4 py-3">
                  <Badge variant="secondary">{i18n._(AUDIT_ACTION_LABELS[entry.action])}</Badge>
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  {targetOf(entry, i18n._(TARGET_LABELS[entry.target_type]))}
                </td>
                <td className="max-w-xs wrap-break-word px-4 py-3">
                  <Reason entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPager
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        total={total_count}
        hasNext={has_next}
        onPageChange={onPageChange}
        label={t`Audit log pages`}
      />
    </div>
  );
}
