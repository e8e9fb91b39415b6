// The moderators' decision queues (DESIGN §8.1): GET /api/moderation/disputes/ and …/appeals/,
// ?status=open|decided; open disputes come by due date with the overdue ones first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DecisionStatus, ModerationAppeals, ModerationDisputes } from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { SHARED_QUEUE } from './shared-queue';

export type { DecisionStatus };

type DisputeQueuePage = ModerationDisputes;
type AppealQueuePage = ModerationAppeals;
export const DECISION_PAGE_SIZE = 20;

interface QueuePages {
  disputes: DisputeQueuePage;
  appeals: AppealQueuePage;
}
export type DecisionKind = keyof QueuePages;

export function useDecisionQueue<Kind extends DecisionKind>(
  kind: Kind,
  status: DecisionStatus,
  page: number,
) {
  return useQuery({
    queryKey: ['moderation', kind, status, page],
    queryFn: ({ signal }) =>
      api.get<QueuePages[Kind]>(`/moderation/${kind}/`, {
        query: { status, page, page_size: DECISION_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    ...SHARED_QUEUE,
  });
}
