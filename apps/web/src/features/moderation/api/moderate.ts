// The moderator's actions, each a POST with a reason (optional only when dismissing a flag):
// /api/moderation/ratings/{id}/hide/ and …/restore/, flags/{id}/dismiss/, users/{id}/suspend/ and
// …/reinstate/. Any of them moves ratings and averages, so every cached page except the session's
// own profile is refreshed afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/refresh-after-write';

export type ModerationAction = 'hide' | 'restore' | 'dismiss' | 'suspend' | 'reinstate';

const ENDPOINT: Record<ModerationAction, (id: number) => string> = {
  hide: (id) => `/moderation/ratings/${id}/hide/`,
  restore: (id) => `/moderation/ratings/${id}/restore/`,
  dismiss: (id) => `/moderation/flags/${id}/dismiss/`,
  suspend: (id) => `/moderation/users/${id}/suspend/`,
  reinstate: (id) => `/moderation/users/${id}/reinstate/`,
};

interface ModerationInput {
  action: ModerationAction;
  /** The rating, flag or user the action is about. */
  targetId: number;
  /** Null or blank: none (only dismissing a flag allows that). */
  reason: string | null;
}

const moderate = ({ action, targetId, reason }: ModerationInput) =>
  api.post<{ message: string }>(ENDPOINT[action](targetId), { reason: reason?.trim() || null });

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSuccess: () => refreshAfterWrite(queryClient),
  });
}
