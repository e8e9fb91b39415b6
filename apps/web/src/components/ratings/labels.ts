import type { RoleContext } from '@workspace/contracts';

/** How a rating's context is named on cards (SPEC §2 dashboard). */
export const CONTEXT_LABELS: Record<RoleContext, string> = {
  EMPLOYEE_TO_COMPANY: 'Company Rating',
  EMPLOYER_TO_EMPLOYEE: 'Employee Rating',
};
