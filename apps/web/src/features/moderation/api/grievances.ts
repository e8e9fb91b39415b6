// The Grievance Officer's queue (DESIGN §8.3): GET /api/moderation/grievances/?status=open|closed,
// ordered by due date by the server, and closing one with a reason the complainant is sent.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GrievanceStatus, ModerationGrievance } from '@workspace/contracts';
import { api } from '@/lib/api-client';
import { SHARED_QUEUE } from './shared-queue';

const queueKey = (status: GrievanceStatus) => ['moderation', 'grievances', status] as const;

export function useGrievanceQueue(status: GrievanceStatus) {
  return useQuery({
    queryKey: queueKey(status),
    queryFn: ({ signal }) =>
      api.get<{ results: ModerationGrievance[] }>('/moderation/grievances/', { signal, query: { status } }),
    ...SHARED_QUEUE,
  });
}

export function useCloseGrievance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<{ message: string }>(`/moderation/grievances/${id}/close/`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['moderation', 'grievances'] }),
  });
}
