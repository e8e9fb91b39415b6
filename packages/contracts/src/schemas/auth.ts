// Requests and answers of /api/auth (DESIGN §5).
import { z } from 'zod';
import { LANGUAGES, LIMITS, REGISTRABLE_ROLES, USER_ROLES } from '../constants.ts';
import { MSG } from '../messages.ts';
import {
  bool,
  cityField,
  email,
  fullNameField,
  isoDateTime,
  linkedinField,
  passwordField,
  skillsField,
  text,
  workEntry,
  workHistoryField,
} from './common.ts';

const confirmMatches =
  <K extends string, C extends string>(key: K, confirmKey: C) =>
  (value: Record<K | C, string>, ctx: z.RefinementCtx) => {
    if (value[key] !== value[confirmKey]) {
      ctx.addIssue({ code: 'custom', message: MSG.passwordsDontMatch, path: [confirmKey] });
    }
  };

export const loginRequest = z.object({
  email: email(),
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(LIMITS.passwordMax, MSG.passwordMax),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** One of the web app's languages (DESIGN §8.4). */
export const languageField = () => z.enum(LANGUAGES, { error: MSG.languageInvalid });

export const registerRequest = z
  .object({
    email: email(),
    full_name: fullNameField(),
    password: passwordField(),
    password_confirm: z.string({ error: MSG.required }),
    user_role: z.enum(REGISTRABLE_ROLES, { error: MSG.roleRequired }),
    city: cityField(),
    linkedin_url: linkedinField().optional(),
    skills: skillsField().default([]),
    work_history: workHistoryField().default([]),
    /** The language the person registered in; the account keeps it. */
    language: languageField().optional(),
    /** Optional: the privacy notice version accepted on the form; only the current one is taken. */
    consent_version: text().max(40, MSG.consentVersionStale).optional(),
  })
  .superRefine(confirmMatches('password', 'password_confirm'));
export type RegisterRequest = z.input<typeof registerRequest>;

/** A company's email domain (DESIGN §8.2): lower case, no scheme, no '@'. */
const emailDomainField = () =>
  z.union(
    [
      z.null(),
      text(MSG.emailDomainInvalid)
        .toLowerCase()
        .regex(
          /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          MSG.emailDomainInvalid,
        ),
    ],
    { error: MSG.emailDomainInvalid },
  );

export const profileUpdateRequest = z.object({
  full_name: fullNameField().optional(),
  city: cityField().optional(),
  linkedin_url: linkedinField().optional(),
  skills: skillsField().optional(),
  work_history: workHistoryField().optional(),
  show_rating_details: bool().optional(),
  language: languageField().optional(),
  /** Companies only: the domain of their own sign-in email, which verifies their employees. */
  email_domain: emailDomainField().optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

export const changePasswordRequest = z
  .object({
    old_password: z
      .string({ error: MSG.oldPasswordRequired })
      .min(1, MSG.oldPasswordRequired)
      .max(LIMITS.passwordMax),
    new_password: passwordField(),
    new_password_confirm: z.string({ error: MSG.required }),
  })
  .superRefine(confirmMatches('new_password', 'new_password_confirm'));
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const refreshRequest = z.object({ refresh: text().min(1, MSG.required).max(2000, MSG.tooLong) });

export const resetRequest = z.object({ email: email() });

export const resetConfirmRequest = z
  .object({
    email: email(),
    reset_code: text(MSG.resetCodeLength).length(LIMITS.resetCodeLength, MSG.resetCodeLength),
    new_password: passwordField(),
    new_password_confirm: z.string({ error: MSG.required }),
  })
  .superRefine(confirmMatches('new_password', 'new_password_confirm'));
export type ResetConfirmRequest = z.infer<typeof resetConfirmRequest>;

/** A user as others see them: no email, no account status (DESIGN §5). */
export const publicUser = z.object({
  id: z.number().int(),
  user_code: z.string(),
  full_name: z.string(),
  user_role: z.enum(USER_ROLES),
  city: z.string(),
  linkedin_url: z.string().nullable(),
  avatar: z.string().nullable(),
  skills: z.array(z.string()),
  work_history: z.array(workEntry),
  show_rating_details: z.boolean(),
  /** To others the day they joined (India's, as `dayOnly` gives it), not the time; to the owner, the time. */
  date_joined: isoDateTime,
  rating_received: z.number(),
  total_ratings_received: z.number().int().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** The signed-in user's own record. */
export const ownUser = publicUser.extend({
  email: z.string(),
  is_active: z.boolean(),
  total_ratings_received: z.number().int(),
  /** The web app's language for this account (DESIGN §8.4). */
  language: z.enum(LANGUAGES),
  /** The latest privacy notice version the user accepted, or null (DESIGN §8.3). */
  consent_version: z.string().nullable(),
  /** True while consent_version is not the current PRIVACY_NOTICE_VERSION: the web app asks again. */
  consent_required: z.boolean(),
  /** Companies: the email domain they declared, which verifies their employees; null otherwise. */
  email_domain: z.string().nullable(),
  /** The account proved its sign-in address with a mailed code (POST /api/auth/email/verify/). */
  email_verified: z.boolean(),
  /** The privacy notice in force (GET /api/core/privacy-notice/), for clients that record consent. */
  consent_current_version: z.string(),
});
export type OwnUser = z.infer<typeof ownUser>;

export const registerResponse = z.object({ message: z.string(), user: ownUser });
export const loginResponse = z.object({ access: z.string(), refresh: z.string(), user: ownUser });
export type LoginResponse = z.infer<typeof loginResponse>;
/** `refresh` is absent when the server keeps refresh tokens until they expire (REFRESH_ROTATION=off). */
export const refreshResponse = z.object({ access: z.string(), refresh: z.string().optional() });
export const resetRequestResponse = z.object({
  message: z.string(),
  expires_in: z.string(),
  reset_code: z.string().optional(),
});
export type ResetRequestResponse = z.infer<typeof resetRequestResponse>;
