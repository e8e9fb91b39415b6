// The delete forms' checks: the contracts' deleteAccountRequest through zod, with the forms' own words
// for a missing password (worded when the check runs, in the language active then). Loaded when a
// form is first opened or touched (lib/lazy-resolver.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { deleteAccountRequest, email } from '@workspace/contracts';
import { z } from 'zod';

const withPassword = deleteAccountRequest.extend({
  password: z
    .string()
    .refine((password) => password !== '', { error: () => t`Enter your password to confirm.` })
    .pipe(deleteAccountRequest.shape.password),
});

/** Signed in: the password confirms. */
export const deleteChecks = zodResolver(withPassword);
/** Signed out: the email names the account as well. */
export const deleteSignedOutChecks = zodResolver(withPassword.extend({ email: email() }));
