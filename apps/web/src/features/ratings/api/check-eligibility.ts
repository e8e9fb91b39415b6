// POST /api/core/check-rating-eligibility/: asked each time the rating form opens, never cached,
// since another tab may have rated the user meanwhile.
import { useQuery } from '@tanstack/react-query';
import type { EligibilityResponse, RoleContext } from '@workspace/contracts';
import { api } from '@/lib/api-client';

export function useRatingEligibility(rateeId: number, context: RoleContext) {
  return useQuery({
    queryKey: ['ratings', 'eligibility', rateeId, context],
    queryFn: ({ signal }) =>
      api.post<EligibilityResponse>(
        '/core/check-rating-eligibility/',
        { ratee_id: rateeId, role_context: context },
        { signal },
      ),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
