// GET /api/core/users/{id}/profile/?ratings=10: the user, their rating summary, the ratings the page
// shows first (the API's default is 50; asking for what is shown keeps the answer small), can_rate.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type ProfileResponse } from '@workspace/contracts';
import { api } from '@/lib/api-client';

export const userProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['profiles', userId],
    queryFn: ({ signal }) =>
      api.get<ProfileResponse>(`/core/users/${encodeURIComponent(userId)}/profile/`, {
        query: { ratings: PAGE_SIZES.profileShown },
        signal,
      }),
  });

export function useUserProfile(userId: string) {
  return useQuery(userProfileQueryOptions(userId));
}
