// POST /api/core/ratings/{id}/flag/: report a rating to the moderators; GET: whether one already did.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FlagRequest, OwnFlag } from '@workspace/contracts';
import { api } from '@/lib/api-client';

const flagUrl = (ratingId: number) => `/core/ratings/${ratingId}/flag/`;

const flagRating = ({ ratingId, ...body }: FlagRequest & { ratingId: number }) =>
  api.post<{ id: number }>(flagUrl(ratingId), body);

export function useFlagRating() {
  return useMutation({ mutationFn: flagRating });
}

/** Asked when the Flag dialog opens (never for every review of a list), and afresh each time. */
export function useOwnFlag(ratingId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['own-flag', ratingId],
    queryFn: ({ signal }) => api.get<OwnFlag>(flagUrl(ratingId), { signal }),
    enabled,
    staleTime: 0,
  });
}
