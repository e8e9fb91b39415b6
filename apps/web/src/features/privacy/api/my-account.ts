// The account's own data and sessions (DESIGN §8.3): download everything held, list and end
// sessions, delete the account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DeleteAccountRequest,
  type MyData,
  myDataFileName,
  type SessionInfo,
} from '@workspace/contracts';
import { api } from '@/lib/api-client';

/** GET /api/auth/my-data/, saved by the browser as a JSON file: the file's name. */
async function downloadMyData(): Promise<string> {
  const data = await api.get<MyData>('/auth/my-data/');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  const fileName = myDataFileName(data.generated_at);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download keeps its data.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

const sessionsKey = ['privacy', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api.get<{ results: SessionInfo[] }>('/auth/sessions/', { signal }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/auth/sessions/${encodeURIComponent(id)}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Every session but this one (DELETE /api/auth/sessions/). */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/auth/sessions/'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** DELETE /api/auth/account/ with the password; the caller then ends the session (signOut). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: Omit<DeleteAccountRequest, 'email'>) =>
      api.request<void>('/auth/account/', { method: 'DELETE', body }),
  });
}

/** DELETE /api/auth/account/ without a token, by email and password (a suspended person; DESIGN §8.3). */
export function useDeleteAccountSignedOut() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      api.request<void>('/auth/account/', { method: 'DELETE', body, auth: false }),
  });
}
