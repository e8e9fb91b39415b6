// Requests and answers of the privacy rights and grievances (DESIGN §8.3).

import { z } from 'zod';
import {
  APPEAL_STATUSES,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_STATUSES,
  LANGUAGES,
  LIMITS,
  RATINGS_GIVEN_CHOICES,
  USER_ROLES,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import { languageField, ownUser } from './auth.ts';
import { ratedPartyDispute } from './both-sides.ts';
import { email, isoDateTime, multilineText, queryParam, text } from './common.ts';
import { rating } from './core.ts';
import { notification, notificationSettings } from './notifications.ts';
import { employmentVerification } from './verified.ts';

export const consentRequest = z.object({
  version: text().min(1, MSG.required).max(40, MSG.consentVersionStale),
});
export const consentRecord = z.object({ version: z.string(), accepted_at: isoDateTime });
export const consentResponse = z.object({
  message: z.string(),
  consent_version: z.string(),
  consent_required: z.boolean(),
});

export const session = z.object({
  id: z.string(),
  device: z.string().describe('Summarised from the User-Agent, e.g. "Chrome on Android"'),
  /** The browser and system the summary is made of, for clients that word it themselves; null if unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  created_at: isoDateTime,
  last_used_at: isoDateTime,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof session>;
export const sessionsResponse = z.object({ results: z.array(session) });
export const sessionParams = z.object({ id: z.string().max(200) });

const password = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(LIMITS.passwordMax, MSG.passwordMax);
const ratingsGiven = z.enum(RATINGS_GIVEN_CHOICES, { error: MSG.ratingsGivenChoice });

/** Signed in: the password confirms; without a token, email and password identify the account. */
export const deleteAccountRequest = z.object({
  email: email().optional(),
  password,
  ratings_given: ratingsGiven,
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

// --- grievances ---

export const grievanceCategory = z.enum(GRIEVANCE_CATEGORIES, { error: MSG.grievanceCategory });
export const grievanceStatus = z.enum(GRIEVANCE_STATUSES);

const subjectUrl = z
  .union([z.null(), text(MSG.grievanceUrlInvalid)], { error: MSG.grievanceUrlInvalid })
  .transform((v) => (v === '' ? null : v))
  .pipe(
    z
      .string()
      .max(LIMITS.grievanceUrlMax, MSG.grievanceUrlInvalid)
      .regex(/^(https?:\/\/\S+|\/\S*)$/i, MSG.grievanceUrlInvalid)
      .nullable(),
  );

export const grievanceRequest = z.object({
  category: grievanceCategory,
  subject_url: subjectUrl.optional(),
  details: multilineText(MSG.grievanceDetailsMin)
    .min(LIMITS.grievanceDetailsMin, MSG.grievanceDetailsMin)
    .max(LIMITS.grievanceDetailsMax, MSG.grievanceDetailsMax),
  /** Visitors must give one; signed-in people default to their account's. */
  email: z.union([z.literal(''), email()], { error: MSG.emailInvalid }).optional(),
  /** The language it is filed in: its mails are in it. Default: the account's, for a visitor English. */
  language: languageField().optional(),
});
export type GrievanceRequest = z.input<typeof grievanceRequest>;

export const grievanceCreated = z.object({
  id: z.number().int(),
  number: z.string().describe('GRV-<year>-<six digits>'),
  status: grievanceStatus,
  due_at: isoDateTime,
});
export type GrievanceCreated = z.infer<typeof grievanceCreated>;

/** A grievance as its complainant sees it. */
export const grievance = grievanceCreated.extend({
  category: grievanceCategory,
  subject_url: z.string().nullable(),
  details: z.string(),
  created_at: isoDateTime,
  closed_at: isoDateTime.nullable(),
  close_reason: z.string().nullable(),
});
export type Grievance = z.infer<typeof grievance>;
export const grievanceList = z.object({ results: z.array(grievance) });

/** A grievance in the moderators' queue. */
export const moderationGrievance = grievance.extend({
  email: z.string().nullable(),
  user_id: z.number().int().nullable(),
  overdue: z.boolean(),
});
export type ModerationGrievance = z.infer<typeof moderationGrievance>;
export const moderationGrievanceList = z.object({ results: z.array(moderationGrievance) });
export const grievanceQuery = z.object({ status: queryParam(grievanceStatus.default('open')) });
export const closeGrievanceRequest = z.object({
  reason: multilineText(MSG.reasonRequired)
    .min(1, MSG.reasonRequired)
    .max(LIMITS.grievanceReasonMax, MSG.grievanceReasonMax),
});

/** The privacy notice in force (DESIGN §9.1): what a client shows before recording consent to it. */
export const privacyNotice = z.object({
  version: z
    .string()
    .describe('Send this as consent_version (registration) or version (POST /api/auth/consent/)'),
  effective_at: isoDateTime,
  url: z.string().describe("The notice's page, relative to the site"),
});
export type PrivacyNotice = z.infer<typeof privacyNotice>;

export const grievanceOfficer = z.object({
  name: z.string(),
  email: z.string(),
  acknowledge_within_hours: z.number().int(),
  resolve_within_days: z.number().int(),
});
export type GrievanceOfficer = z.infer<typeof grievanceOfficer>;

// --- my data ---

export const myDataResponse = z.object({
  generated_at: isoDateTime,
  notice_version: z.string(),
  profile: ownUser,
  ratings_given: z.array(rating).describe('As the rater sees them: anonymous ones too, with status'),
  ratings_received: z
    .array(rating)
    .describe(
      'As My Ratings shows them: anonymous raters stay hidden; their own hidden reply and disputes with them',
    ),
  flags_filed: z.array(
    z.object({
      id: z.number().int(),
      rating_id: z.number().int(),
      reason: z.string(),
      details: z.string().nullable(),
      status: z.string(),
      created_at: isoDateTime,
      resolved_at: isoDateTime.nullable(),
    }),
  ),
  disputes_filed: z
    .array(ratedPartyDispute)
    .describe('Disputes filed as the rated party, with the rating as the caller sees it'),
  appeals_filed: z.array(
    z.object({
      rating_id: z.number().int(),
      message: z.string(),
      status: z.enum(APPEAL_STATUSES),
      decision_reason: z.string().nullable(),
      created_at: isoDateTime,
    }),
  ),
  consents: z.array(consentRecord),
  sessions: z.array(session),
  /** With the contact email and the language the grievance was filed in (its mails'). */
  grievances: z.array(grievance.extend({ email: z.string().nullable(), language: z.enum(LANGUAGES) })),
  /** Companies one proved working at (ADR 0018): company, domain and date; no address was kept. */
  employment_verifications: z.array(employmentVerification),
  /** Every notification one was sent (DESIGN §9.3), and one's mail settings. */
  notifications: z.array(notification),
  notification_settings: notificationSettings,
  account: z.object({ user_role: z.enum(USER_ROLES), is_active: z.boolean() }),
});
export type MyData = z.infer<typeof myDataResponse>;
