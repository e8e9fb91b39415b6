// Verified employment (DESIGN §8.2, ADR 0018): the employee's codes and verifications under
// /api/auth/work-email/, and the company's declared domain (PATCH /api/auth/profile/). Each change
// moves badges on the company's pages, so every cached page is refreshed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailCodeSent, EmploymentVerification, OwnUser, WorkEmailCodeSent } from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterWrite, useRefreshingMutation } from '@/lib/refresh-after-write';
import { useSession } from '@/lib/session';

export function useVerifications() {
  return useQuery({
    queryKey: ['work-email'],
    queryFn: ({ signal }) => api.get<{ results: EmploymentVerification[] }>('/auth/work-email/', { signal }),
  });
}

export const useRequestCode = () =>
  useMutation({ mutationFn: (email: string) => api.post<WorkEmailCodeSent>('/auth/work-email/', { email }) });

export const useConfirmCode = () =>
  useRefreshingMutation((code: string) =>
    api.post<EmploymentVerification>('/auth/work-email/confirm/', { code }),
  );

export const useRemoveVerification = () =>
  useRefreshingMutation((companyId: number) => api.delete<void>(`/auth/work-email/${companyId}/`));

/** Declares or clears the company's domain; the answer is the session's user. */
export function useDeclareDomain() {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string | null) => api.patch<OwnUser>('/auth/profile/', { email_domain: domain }),
    onSuccess: (user) => {
      setUser(user);
      refreshAfterWrite(queryClient);
    },
  });
}

/** Mails a code to the signed-in account's own address (DESIGN §9.1). */
export const useRequestOwnCode = () =>
  useMutation({ mutationFn: () => api.post<EmailCodeSent>('/auth/email/verify/', {}) });

/** Confirms it; the session's user then says email_verified. */
export function useConfirmOwnCode() {
  const { setUser } = useSession();
  return useMutation({
    mutationFn: async (code: string) => {
      await api.post<{ message: string }>('/auth/email/verify/confirm/', { code });
      return api.get<OwnUser>('/auth/profile/');
    },
    onSuccess: setUser,
  });
}
