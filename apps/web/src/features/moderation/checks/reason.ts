// The moderators' dialogs' checks: the contracts' reason schemas through zod (every action's reason;
// the answer closing a grievance). Loaded when a dialog is
// first opened (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { closeGrievanceRequest, type ModerationReason, moderationReason } from '@workspace/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

export const requiredReasonChecks: Resolver<ModerationReason> = zodResolver(moderationReason);

// Closing a grievance: the contracts' closeGrievanceRequest, with the dialog's own words for a missing
// answer (worded when the check runs, in the language active then).
const closeGrievanceForm = closeGrievanceRequest.extend({
  reason: z
    .string()
    .refine((reason) => reason.trim() !== '', {
      error: () => t`Write the answer the complainant will receive.`,
    })
    .pipe(closeGrievanceRequest.shape.reason),
});
export const closeGrievanceChecks = zodResolver(closeGrievanceForm);
