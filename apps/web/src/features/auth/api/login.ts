import { useMutation } from '@tanstack/react-query';
import { type LoginRequest, type LoginResponse, MSG } from '@workspace/contracts';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

const login = (body: LoginRequest) => api.post<LoginResponse>('/auth/login/', body, { auth: false });

/** What the login screen says about a failure (SPEC §8). */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MSG.unexpected;
  if (error.status === 401) return MSG.loginIncorrect;
  return error.detail || MSG.loginFailed;
}

export function useLogin() {
  const { signIn } = useSession();
  return useMutation({ mutationFn: login, onSuccess: signIn });
}
