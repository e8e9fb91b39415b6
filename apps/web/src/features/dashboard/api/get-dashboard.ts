// GET /api/core/dashboard/: the caller's numbers and five newest ratings received.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@workspace/contracts';
import { api } from '@/lib/api-client';

const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get<DashboardResponse>('/core/dashboard/', { signal }),
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
