// The flag dialog's checks: the contracts' flagRequest through zod, with the dialog's own words for a
// missing reason. Loaded when the dialog opens (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { flagRequest, PERSON_FLAG_REASONS } from '@workspace/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

// Worded when the check runs, in the language active then.
const flagForm = flagRequest.extend({
  reason: z.enum(PERSON_FLAG_REASONS, { error: () => t`Please choose a reason` }),
});

export type FlagFormValues = z.input<typeof flagForm>;
export const flagChecks: Resolver<FlagFormValues, unknown, z.output<typeof flagForm>> = zodResolver(flagForm);
