// GET /api/core/rating-categories/?role_context=: the categories the form asks about, in order.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleContext } from '@workspace/contracts';
import { api } from '@/lib/api-client';

const ratingCategoriesQueryOptions = (context: RoleContext) =>
  queryOptions({
    queryKey: ['ratings', 'categories', context],
    queryFn: ({ signal }) =>
      api.get<{ categories: string[] }>('/core/rating-categories/', {
        query: { role_context: context },
        signal,
      }),
    // Fixed by the product; no need to ask twice.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRatingCategories(context: RoleContext) {
  return useQuery(ratingCategoriesQueryOptions(context));
}
