// GET /api/core/users/{id}/profile/?ratings=10: the user, their rating summary, the ratings the page
// shows first (the API's default is 50; asking for what is shown keeps the answer small), can_rate;
// with &verified=true, a company's summary and ratings from verified employees alone.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type ProfileResponse } from '@workspace/contracts';
import { api } from '@/lib/api-client';

export const userProfileQueryOptions = (userId: string, verifiedOnly = false) =>
  queryOptions({
    queryKey: ['profiles', userId, { verifiedOnly }],
    queryFn: ({ signal }) =>
      api.get<ProfileResponse>(`/core/users/${encodeURIComponent(userId)}/profile/`, {
        query: { ratings: PAGE_SIZES.profileShown, ...(verifiedOnly && { verified: 'true' }) },
        signal,
      }),
    // "Verified only" keeps the same user's page while the other view loads; never another user's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? previous : undefined,
  });

export function useUserProfile(userId: string, verifiedOnly = false) {
  return useQuery(userProfileQueryOptions(userId, verifiedOnly));
}
