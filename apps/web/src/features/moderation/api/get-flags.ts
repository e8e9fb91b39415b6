// GET /api/moderation/flags/?status=open|resolved: flagged ratings, their flags and the rater.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FlagQueueStatus, FlagsResponse } from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { SHARED_QUEUE } from './shared-queue';

export type { FlagQueueStatus };
export type FlagQueuePage = FlagsResponse;
export const FLAG_QUEUE_PAGE_SIZE = 20;

const flagQueueQueryOptions = (status: FlagQueueStatus, page: number) =>
  queryOptions({
    queryKey: ['moderation', 'flags', status, page],
    queryFn: ({ signal }) =>
      api.get<FlagQueuePage>('/moderation/flags/', {
        query: { status, page, page_size: FLAG_QUEUE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    ...SHARED_QUEUE,
  });

export function useFlagQueue(status: FlagQueueStatus, page: number) {
  return useQuery(flagQueueQueryOptions(status, page));
}
