// The moderation log: who did what to which rating, flag or user, why and when.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '@workspace/contracts';
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

const TARGET_LABELS: Record<AuditEntry['target_type'], MessageDescriptor> = {
  rating: msg`Rating`,
  flag: msg`Flag`,
  user: msg`User`,
  dispute: msg`Dispute`,
  appeal: msg`Appeal`,
  grievance: msg`Grievance`,
};

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
      <div className="overflow-x-auto rounded-xl border bg-card">
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
                  {i18n._(TARGET_LABELS[entry.target_type])} #{entry.target_id}
                </td>
                <td className="max-w-xs wrap-anywhere px-4 py-3">
                  {entry.reason ?? (
                    <span className="text-muted-foreground">
                      <Trans>No reason given</Trans>
                    </span>
                  )}
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
