// The action dialog's checks: the contracts' reason schemas through zod (a required reason, or the
// optional one of dismissing a flag). Loaded when the dialog is first touched (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { dismissRequest, type ModerationReason, moderationReason } from '@workspace/contracts';
import type { Resolver } from 'react-hook-form';

export const requiredReasonChecks: Resolver<ModerationReason> = zodResolver(moderationReason);
// The form always holds a string, which the dismissal's schema (string, null or absent) accepts.
export const optionalReasonChecks = zodResolver(
  dismissRequest.unwrap().unwrap(),
) as unknown as Resolver<ModerationReason>;
