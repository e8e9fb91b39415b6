// POST /api/core/ratings/. A new rating moves the ratee's page, lists, dashboards and my ratings, so
// every cached query except the session's own profile is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateRatingRequest, MSG, type Rating } from '@workspace/contracts';
import { ApiError, api } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/refresh-after-write';

const createRating = (body: CreateRatingRequest) => api.post<Rating>('/core/ratings/', body);

/** SPEC §8: the server's text, else 'Failed to submit rating'. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) {
    const fieldMessage = Object.values(error.errors)[0]?.[0];
    return fieldMessage ?? error.detail ?? MSG.ratingSubmitFailed;
  }
  return MSG.ratingSubmitFailed;
}

export function useCreateRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRating,
    onSuccess: () => refreshAfterWrite(queryClient),
  });
}
