// POST /api/core/ratings/{id}/flag/: report a rating to the moderators.
import { useMutation } from '@tanstack/react-query';
import type { FlagRequest } from '@workspace/contracts';
import { api } from '@/lib/api-client';

const flagRating = ({ ratingId, ...body }: FlagRequest & { ratingId: number }) =>
  api.post<{ id: number }>(`/core/ratings/${ratingId}/flag/`, body);

export function useFlagRating() {
  return useMutation({ mutationFn: flagRating });
}
