// Verified employment (DESIGN §8.2, ADR 0018): an employee proves, with a code sent to a work address
// at a company's declared domain, that they work or worked there. Only the company, the domain and
// the date are kept, never the address.
import { z } from 'zod';
import { WORK_EMAIL_CODE_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { email, isoDateTime, text } from './common.ts';

export const workEmailRequest = z.object({ email: email() });
export type WorkEmailRequest = z.input<typeof workEmailRequest>;

export const workEmailCodeSent = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  expires_at: isoDateTime,
});
export type WorkEmailCodeSent = z.infer<typeof workEmailCodeSent>;

export const workEmailConfirmRequest = z.object({
  code: text(MSG.workEmailCodeLength).regex(
    new RegExp(`^\\d{${WORK_EMAIL_CODE_LENGTH}}$`),
    MSG.workEmailCodeLength,
  ),
});
export type WorkEmailConfirmRequest = z.input<typeof workEmailConfirmRequest>;

/** A code was mailed to the account's own sign-in address (POST /api/auth/email/verify/). */
export const emailCodeSent = z.object({ expires_at: isoDateTime });
export type EmailCodeSent = z.infer<typeof emailCodeSent>;

export const employmentVerification = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  domain: z.string(),
  verified_at: isoDateTime,
});
export type EmploymentVerification = z.infer<typeof employmentVerification>;
export const employmentVerifications = z.object({ results: z.array(employmentVerification) });
