import { useMutation } from '@tanstack/react-query';
import { MSG, type ResetConfirmRequest } from '@workspace/contracts';
import { ApiError, api } from '@/lib/api-client';

const confirmPasswordReset = (body: ResetConfirmRequest) =>
  api.post<{ message: string }>('/auth/password-reset/confirm/', body, { auth: false });

export function resetConfirmErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MSG.unexpected;
  return error.detail || MSG.resetConfirmFailed;
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
