// GET /api/core/users/{id}/ratings/?page=: the ratings beyond those the profile answer carries,
// fetched in pages of the same size only when the reader asks for more.
import { useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type RatingList } from '@workspace/contracts';
import { api } from '@/lib/api-client';

type RatingPage = RatingList;

export function useMoreUserRatings(userId: string, enabled: boolean, verifiedOnly = false) {
  return useInfiniteQuery({
    queryKey: ['profiles', userId, 'more-ratings', { verifiedOnly }],
    // Page 1 at this size is exactly what the profile answer already holds.
    initialPageParam: 2,
    queryFn: ({ pageParam, signal }) =>
      api.get<RatingPage>(`/core/users/${encodeURIComponent(userId)}/ratings/`, {
        query: {
          page: pageParam,
          page_size: PAGE_SIZES.profileShown,
          ...(verifiedOnly && { verified: 'true' }),
        },
        signal,
      }),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
    enabled,
  });
}
