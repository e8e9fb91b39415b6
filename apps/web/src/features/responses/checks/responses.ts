// The rated party's forms' checks: the contracts' replyRequest and disputeRequest through zod. Loaded
// when a form is first opened (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { disputeRequest, replyRequest } from '@workspace/contracts';

export const replyChecks = zodResolver(replyRequest);
export const disputeChecks = zodResolver(disputeRequest);
