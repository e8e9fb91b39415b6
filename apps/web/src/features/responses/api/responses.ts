// The rated party's side (DESIGN §8.1): reply to a rating of oneself (POST once, PUT to edit, DELETE),
// dispute it (POST once), and the disputes one filed. Every write refreshes the cached pages, since
// a reply shows on every view of the rating and a dispute may hold a rating back from the profile.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type DisputeRequest,
  PAGE_SIZES,
  type RatedPartyDisputes,
  type RatingReply,
} from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refresh-after-write';

export type MyDisputesPage = RatedPartyDisputes;

const replyPath = (ratingId: number) => `/core/ratings/${ratingId}/reply/`;

const saveReply = ({ ratingId, message, exists }: { ratingId: number; message: string; exists: boolean }) =>
  exists
    ? api.put<RatingReply>(replyPath(ratingId), { message })
    : api.post<RatingReply>(replyPath(ratingId), { message });

const fileDispute = ({ ratingId, ...body }: DisputeRequest & { ratingId: number }) =>
  api.post<{ id: number; status: string; due_at: string }>(`/core/ratings/${ratingId}/dispute/`, body);

export const useSaveReply = () => useRefreshingMutation(saveReply);
export const useRemoveReply = () =>
  useRefreshingMutation((ratingId: number) => api.delete<void>(replyPath(ratingId)));
export const useFileDispute = () => useRefreshingMutation(fileDispute);

export function useMyDisputes(page: number) {
  return useQuery({
    queryKey: ['my-ratings', 'disputes', page],
    queryFn: ({ signal }) =>
      api.get<MyDisputesPage>('/core/my-ratings/disputes/', {
        query: { page, page_size: PAGE_SIZES.myRatings },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
