// Grievances (DESIGN §8.3, IT Rules 2021): the Grievance Officer, filing one (visitors too), and the
// signed-in person's own.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Grievance, GrievanceCreated, GrievanceOfficer, GrievanceRequest } from '@workspace/contracts';
import { api } from '@/lib/api-client';

export function useGrievanceOfficer() {
  return useQuery({
    queryKey: ['privacy', 'grievance-officer'],
    queryFn: ({ signal }) => api.get<GrievanceOfficer>('/core/grievance-officer/', { signal, auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const mineKey = ['privacy', 'grievances', 'mine'] as const;

export function useFileGrievance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrievanceRequest) => api.post<GrievanceCreated>('/core/grievances/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mineKey }),
  });
}

export function useMyGrievances() {
  return useQuery({
    queryKey: mineKey,
    queryFn: ({ signal }) => api.get<{ results: Grievance[] }>('/core/grievances/mine/', { signal }),
  });
}
