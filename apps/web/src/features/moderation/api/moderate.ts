// The moderator's actions, each a POST with a reason:
// /api/moderation/ratings/{id}/hide/, …/restore/ and …/hide-reply/, flags/{id}/dismiss/,
// users/{id}/suspend/ and …/reinstate/, disputes/{id}/decide/ (upheld or rejected) and
// appeals/{id}/reject/. Any of them moves what ratings, replies and averages show, so every cached
// page except the session's own profile is refreshed afterwards.
import type { DisputeOutcome, ModerationActionName } from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refresh-after-write';

export type ModerationAction =
  | 'hide'
  | 'restore'
  | 'hideReply'
  | 'dismiss'
  | 'suspend'
  | 'reinstate'
  | 'upholdDispute'
  | 'rejectDispute'
  | 'rejectAppeal';

const ENDPOINT: Record<ModerationAction, (id: number) => string> = {
  hide: (id) => `/moderation/ratings/${id}/hide/`,
  restore: (id) => `/moderation/ratings/${id}/restore/`,
  hideReply: (id) => `/moderation/ratings/${id}/hide-reply/`,
  dismiss: (id) => `/moderation/flags/${id}/dismiss/`,
  suspend: (id) => `/moderation/users/${id}/suspend/`,
  reinstate: (id) => `/moderation/users/${id}/reinstate/`,
  upholdDispute: (id) => `/moderation/disputes/${id}/decide/`,
  rejectDispute: (id) => `/moderation/disputes/${id}/decide/`,
  rejectAppeal: (id) => `/moderation/appeals/${id}/reject/`,
};

/** The entry each action writes in the moderation log, which names who reads its reason (REASON_READ_BY). */
export const LOGGED_AS: Record<ModerationAction, ModerationActionName> = {
  hide: 'hide_rating',
  restore: 'restore_rating',
  hideReply: 'hide_reply',
  dismiss: 'dismiss_flag',
  suspend: 'suspend_user',
  reinstate: 'reinstate_user',
  upholdDispute: 'decide_dispute',
  rejectDispute: 'decide_dispute',
  rejectAppeal: 'reject_appeal',
};

/** The decision a dispute action carries besides its reason. */
const OUTCOME: Partial<Record<ModerationAction, DisputeOutcome>> = {
  upholdDispute: 'UPHELD',
  rejectDispute: 'REJECTED',
};

interface ModerationInput {
  action: ModerationAction;
  /** The rating, flag, user, dispute or appeal the action is about. */
  targetId: number;
  reason: string;
}

const moderate = ({ action, targetId, reason }: ModerationInput) =>
  api.post<{ message: string }>(ENDPOINT[action](targetId), {
    reason: reason.trim(),
    ...(OUTCOME[action] && { outcome: OUTCOME[action] }),
  });

export function useModerate() {
  return useRefreshingMutation(moderate);
}
