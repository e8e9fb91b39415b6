// PATCH /api/auth/profile/: the answer replaces the session's user (SPEC §4), and pages that show
// this user (their public page, lists) are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type OwnUser, type ProfileUpdateRequest } from '@workspace/contracts';
import { ApiError, api } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/refresh-after-write';
import { useSession } from '@/lib/session';

const updateProfile = (body: ProfileUpdateRequest) => api.patch<OwnUser>('/auth/profile/', body);

/** SPEC §8: the server's error, else 'Failed to update profile'. */
export function updateProfileErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.detail !== MSG.unexpected) return error.detail;
  return MSG.profileUpdateFailedScreen;
}

export function useUpdateProfile() {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      setUser(user);
      refreshAfterWrite(queryClient);
    },
  });
}
