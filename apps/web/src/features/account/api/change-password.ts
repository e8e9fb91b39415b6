// PUT /api/auth/change-password/: the user's other sessions end; this one continues.
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@workspace/contracts';
import { api } from '@/lib/api-client';

const changePassword = (body: ChangePasswordRequest) =>
  api.put<{ message: string }>('/auth/change-password/', body);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
