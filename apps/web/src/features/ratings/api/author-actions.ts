// The author's side of a rating they wrote (DESIGN §8.1): edit it within EDIT_WINDOW_DAYS (PATCH), withdraw
// it (DELETE) and appeal once against its hiding. Each moves what profiles, lists and averages show,
// so every cached page except the session's own profile is refreshed.
import type { AppealRequest, Rating, RatingEditRequest } from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refresh-after-write';

const ratingPath = (ratingId: number) => `/core/ratings/${ratingId}/`;

const editRating = ({ ratingId, ...body }: RatingEditRequest & { ratingId: number }) =>
  api.patch<Rating>(ratingPath(ratingId), body);

const appeal = ({ ratingId, ...body }: AppealRequest & { ratingId: number }) =>
  api.post<{ id: number; status: string }>(`${ratingPath(ratingId)}appeal/`, body);

export const useEditRating = () => useRefreshingMutation(editRating);
export const useWithdrawRating = () =>
  useRefreshingMutation((ratingId: number) => api.delete<void>(ratingPath(ratingId)));
export const useAppeal = () => useRefreshingMutation(appeal);
