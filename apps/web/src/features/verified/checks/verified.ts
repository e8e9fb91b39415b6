// The verification forms' checks: the contracts' workEmailRequest, workEmailConfirmRequest and the
// profile's email_domain, through zod. Loaded when a form is first touched (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateRequest, workEmailConfirmRequest, workEmailRequest } from '@workspace/contracts';

export const workEmailChecks = zodResolver(workEmailRequest);
export const codeChecks = zodResolver(workEmailConfirmRequest);
export const domainChecks = zodResolver(profileUpdateRequest.pick({ email_domain: true }).required());
