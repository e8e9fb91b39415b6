import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RoleContext } from '@workspace/contracts';

/** How a rating's context is named on cards (SPEC §2 dashboard). */
export const CONTEXT_LABELS: Record<RoleContext, MessageDescriptor> = {
  EMPLOYEE_TO_COMPANY: msg`Company Rating`,
  EMPLOYER_TO_EMPLOYEE: msg`Employee Rating`,
};
