// Moderators share their queues: what another moderator decided a moment ago must not be offered
// again for 30 seconds (the app's default freshness). Each queue is read afresh whenever it is shown
// (a tab opened again, the window back in focus), the last answer shown meanwhile.
export const SHARED_QUEUE = { staleTime: 0, refetchOnWindowFocus: true } as const;
