import { useMutation } from '@tanstack/react-query';
import { MSG } from '@workspace/contracts';
import { ApiError, api } from '@/lib/api-client';

export interface ResetRequestAnswer {
  message: string;
  expires_in: string;
  /** Present only where the server exposes codes (development). */
  reset_code?: string;
}

const requestPasswordReset = (body: { email: string }) =>
  api.post<ResetRequestAnswer>('/auth/password-reset/request/', body, { auth: false });

export function resetRequestErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MSG.unexpected;
  return error.detail || MSG.resetRequestFailed;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
