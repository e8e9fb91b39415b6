// GET /api/moderation/audit/: every moderation action, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditResponse } from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { SHARED_QUEUE } from './shared-queue';

export type AuditPage = AuditResponse;
export const AUDIT_PAGE_SIZE = 50;

const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['moderation', 'audit', page],
    queryFn: ({ signal }) =>
      api.get<AuditPage>('/moderation/audit/', { query: { page, page_size: AUDIT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    ...SHARED_QUEUE,
  });

export function useAuditLog(page: number) {
  return useQuery(auditQueryOptions(page));
}
