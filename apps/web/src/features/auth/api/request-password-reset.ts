import { useMutation } from '@tanstack/react-query';
import { MSG, type ResetRequestResponse } from '@workspace/contracts';
import { ApiError, api } from '@/lib/api-client';

/** `reset_code` is present only where the server exposes codes (development). */
export type ResetRequestAnswer = ResetRequestResponse;

const requestPasswordReset = (body: { email: string }) =>
  api.post<ResetRequestAnswer>('/auth/password-reset/request/', body, { auth: false });

export function resetRequestErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MSG.unexpected;
  return error.detail || MSG.resetRequestFailed;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
