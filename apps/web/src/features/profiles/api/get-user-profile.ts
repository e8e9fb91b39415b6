// GET /api/core/users/{id}/profile/: the user, their rating summary, 50 newest ratings, can_rate.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@workspace/contracts';
import { api } from '@/lib/api-client';

const userProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['profiles', userId],
    queryFn: ({ signal }) =>
      api.get<ProfileResponse>(`/core/users/${encodeURIComponent(userId)}/profile/`, { signal }),
  });

export function useUserProfile(userId: string) {
  return useQuery(userProfileQueryOptions(userId));
}
