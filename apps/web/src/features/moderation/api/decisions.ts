// The moderators' decision queues (DESIGN §8.1): GET /api/moderation/disputes/ and …/appeals/,
// ?status=open|decided; open disputes come by due date with the overdue ones first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { moderationAppeals, moderationDisputes } from '@workspace/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type DecisionStatus = 'open' | 'decided';
export type DisputeQueuePage = z.infer<typeof moderationDisputes>;
export type AppealQueuePage = z.infer<typeof moderationAppeals>;
export const DECISION_PAGE_SIZE = 20;

function useDecisionQueue<Page>(kind: 'disputes' | 'appeals', status: DecisionStatus, page: number) {
  return useQuery({
    queryKey: ['moderation', kind, status, page],
    queryFn: ({ signal }) =>
      api.get<Page>(`/moderation/${kind}/`, {
        query: { status, page, page_size: DECISION_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useDisputeQueue = (status: DecisionStatus, page: number) =>
  useDecisionQueue<DisputeQueuePage>('disputes', status, page);
export const useAppealQueue = (status: DecisionStatus, page: number) =>
  useDecisionQueue<AppealQueuePage>('appeals', status, page);
