// GET /api/core/transparency/ (public): the monthly report and the live totals the landing page shows.
// The server counts and caches it for five minutes; the page keeps it as long.
import { useQuery } from '@tanstack/react-query';
import type { TransparencyReport } from '@workspace/contracts';
import { api } from '@/lib/api-client';

export function useTransparency() {
  return useQuery({
    queryKey: ['transparency'],
    queryFn: ({ signal }) => api.get<TransparencyReport>('/core/transparency/', { signal, auth: false }),
    staleTime: 5 * 60 * 1000,
  });
}
