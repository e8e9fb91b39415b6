import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * After a write that moves ratings, averages or a user (a rating, a moderation action, a profile
 * edit): every cached page is refetched, except the session's own profile, which callers set from
 * the answer. Not awaited on purpose: a mutation's per-call callbacks (a toast, closing a form) must
 * run before the refetch re-renders the page, which may unmount the component that owns them.
 */
export function refreshAfterWrite(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}

/** A mutation whose success refreshes every cached page (above). */
export function useRefreshingMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refreshAfterWrite(queryClient) });
}
