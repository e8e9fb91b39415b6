import { useMutation } from '@tanstack/react-query';
import { MSG, type OwnUser, type RegisterRequest } from '@workspace/contracts';
import { ApiError, api } from '@/lib/api-client';

const register = (body: RegisterRequest) =>
  api.post<{ message: string; user: OwnUser }>('/auth/register/', body, { auth: false });

/** The registration screen's summary of a failure: first email error, else first password error (SPEC §8). */
export function registerErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MSG.unexpected;
  return error.fieldError('email') ?? error.fieldError('password') ?? MSG.registrationFailed;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
