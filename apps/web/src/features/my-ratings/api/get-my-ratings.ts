// GET /api/core/my-ratings/given/ and …/received/ (10 a page).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MyRatingsPageTab, PAGE_SIZES, type RatingList } from '@workspace/contracts';
import { api } from '@/lib/api-client';

/** The tabs that list ratings (the third lists disputes). */
export type MyRatingsTab = Exclude<MyRatingsPageTab, 'disputes'>;
export type RatingPage = RatingList;

const myRatingsQueryOptions = (tab: MyRatingsTab, page: number) =>
  queryOptions({
    queryKey: ['my-ratings', tab, page],
    queryFn: ({ signal }) =>
      api.get<RatingPage>(`/core/my-ratings/${tab}/`, {
        query: { page, page_size: PAGE_SIZES.myRatings },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useMyRatings(tab: MyRatingsTab, page: number) {
  return useQuery(myRatingsQueryOptions(tab, page));
}
