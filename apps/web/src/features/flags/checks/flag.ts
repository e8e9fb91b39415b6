// The flag dialog's checks: the contracts' flagRequest through zod, with the dialog's own words for a
// missing reason. Loaded when the dialog opens (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { flagRequest, PERSON_FLAG_REASONS } from '@workspace/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

const CHOOSE_REASON = 'Please choose a reason';

const flagForm = flagRequest.extend({ reason: z.enum(PERSON_FLAG_REASONS, { error: CHOOSE_REASON }) });

export type FlagFormValues = z.input<typeof flagForm>;
export const flagChecks: Resolver<FlagFormValues, unknown, z.output<typeof flagForm>> = zodResolver(flagForm);
