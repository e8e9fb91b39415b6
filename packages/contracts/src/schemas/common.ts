// Building blocks shared by every schema: field helpers with person-readable messages, the error
// body, list envelopes and the user-editable profile fields.
import { z } from 'zod';
import { keptCityName } from '../cities.ts';
import { LIMITS, PAGE_SIZES } from '../constants.ts';
import { MSG, PERSONAL_DATA_MESSAGES } from '../messages.ts';
import { personalDataIn } from '../personal-data.ts';

const missing = (input: unknown) => input === undefined || input === null;

/** The message of each JSON type a field expected, where its schema names none. */
const EXPECTED: Partial<Record<string, string>> = {
  string: MSG.notText,
  number: MSG.notNumber,
  int: MSG.notNumber,
  boolean: MSG.notBoolean,
  array: MSG.notList,
  object: MSG.notObject,
  record: MSG.notObject,
};

// Zod's own English ("Invalid input: expected object, received array") for the issues a schema gives
// no message of its own: a body that is not an object, a key or a value not among the choices.
// Messages a schema names still win (zod: schema, then this).
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type')
      return issue.input === undefined ? MSG.required : EXPECTED[issue.expected];
    if (
      issue.code === 'invalid_value' ||
      issue.code === 'unrecognized_keys' ||
      issue.code === 'invalid_key'
    ) {
      return MSG.invalidChoice;
    }
    return undefined;
  },
});

/**
 * Characters nobody types in a form and that make text show other than it reads: control characters
 * (C0 and C1, DESIGN §9.1), which in a name could break a mail header or a page's layout; the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), with which a name or a review
 * can display reversed ("Trojan Source"); and a lone half of a surrogate pair, which is no character
 * and would be stored as U+FFFD. The marks LRM and RLM, and ZWJ and ZWNJ of Indian scripts, stay.
 */
const CONTROL = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;
/** The same, but for a line feed or a tab: multi-line text keeps them. */
const CONTROL_BUT_LINES = /[^\P{Cc}\n\t]|[\p{Cs}\u202A-\u202E\u2066-\u2069]/u;
/** Text of nothing but spaces and invisible characters (ZWJ, RLM, …): blank, however long. */
const INVISIBLE_ONLY = /^[\p{Cf}\p{Z}\s]+$/u;

const string = (requiredMessage: string) =>
  z.string({ error: (issue) => (missing(issue.input) ? requiredMessage : MSG.notText) });
/** Trimmed; text that shows nothing (only invisible characters) is refused as missing. */
const trimmed = (requiredMessage: string) =>
  string(requiredMessage)
    .trim()
    .refine((v) => !INVISIBLE_ONLY.test(v), requiredMessage);

/**
 * What a person searches or filters by: never stored, so any characters may separate its words; a
 * control character is made a space first (PostgreSQL takes no NUL in a query's text), then trimmed.
 */
export const queryText = () =>
  string(MSG.required)
    .overwrite((v) => v.replace(/\p{Cc}/gu, ' '))
    .trim();

/** A trimmed line; a missing value gets `requiredMessage`, a non-string 'Must be text.'. */
export const text = (requiredMessage: string = MSG.required) =>
  trimmed(requiredMessage).refine((v) => !CONTROL.test(v), MSG.singleLine);

/** Trimmed text of several lines (feedback, replies, disputes, grievances): CR LF read as a line break. */
export const multilineText = (requiredMessage: string = MSG.required) =>
  trimmed(requiredMessage)
    .overwrite((v) => v.replace(/\r\n?/g, '\n'))
    .refine((v) => !CONTROL_BUT_LINES.test(v), MSG.controlCharacters);

/**
 * Multi-line text others will read (feedback, replies, disputes, appeals): refused when it carries
 * personal data, with a message that names what was found (DESIGN §9.4, personal-data.ts).
 */
export const publishedText = (requiredMessage: string = MSG.required) =>
  multilineText(requiredMessage).check((ctx) => {
    const found = personalDataIn(ctx.value);
    if (found) ctx.issues.push({ code: 'custom', message: PERSONAL_DATA_MESSAGES[found], input: ctx.value });
  });

export const bool = () =>
  z.boolean({ error: (issue) => (missing(issue.input) ? MSG.required : MSG.notBoolean) });

export const email = () =>
  text(MSG.emailInvalid).max(LIMITS.emailMax, MSG.emailInvalid).toLowerCase().pipe(z.email(MSG.emailInvalid));

/** A positive database id given in a JSON body. */
export const bodyId = () =>
  z
    .number({ error: (issue) => (missing(issue.input) ? MSG.required : MSG.notNumber) })
    .int(MSG.notNumber)
    .positive(MSG.notNumber)
    .max(2_147_483_647, MSG.notNumber);

/**
 * A positive id in the URL path, written as PostgreSQL would print it: digits without a sign, leading
 * zero, exponent or hex (`0x10`, `1e3`, `+1` and `001` name nothing). A bad one is answered as
 * 'not found' (plugins/errors.ts).
 */
const pathIdUpTo = (max: number) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number)
    .pipe(z.number().max(max));
export const pathId = pathIdUpTo(2_147_483_647);
export const idParams = z.object({ id: pathId });

/**
 * A rating's id in the URL path (/api/core/ratings/{id}/…, /api/moderation/ratings/{id}/…): random
 * below 2^53 (ADR 0016), so up to Number.MAX_SAFE_INTEGER where other ids stop at 2^31 - 1.
 */
export const ratingIdParams = z.object({ id: pathIdUpTo(Number.MAX_SAFE_INTEGER) });

export const isoDateTime = z.string().describe('ISO 8601 UTC timestamp');

export const errorBody = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A moderator's reason, where the refusal follows from one: a suspended account's sign-in. */
  reason: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

/** The body of a 204 answer. */
export const noContent = z.null().describe('No content');

/**
 * A query parameter whose empty value (`?city=`, as HTML forms and many clients send) counts as absent,
 * so it takes its default or is left out instead of failing validation.
 */
export const queryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: z.input<T> | '') => (value === '' ? undefined : value), schema);

const pageNumber = z.coerce
  .number({ error: MSG.notNumber })
  .int(MSG.notNumber)
  .min(1, 'Must be 1 or more.')
  .max(1_000_000, 'Too large.');

export const pageQuery = (defaultSize: number) =>
  z.object({
    page: queryParam(pageNumber.default(1)),
    page_size: queryParam(
      z.coerce
        .number({ error: MSG.notNumber })
        .int(MSG.notNumber)
        .min(1, 'Must be 1 or more.')
        .max(PAGE_SIZES.max, `Must be ${PAGE_SIZES.max} or less.`)
        .default(defaultSize),
    ),
  });

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    total_count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    has_next: z.boolean(),
  });

// --- the profile fields a user edits (register and PATCH profile share them) ---

export const fullNameField = () =>
  text(MSG.fullNameMin).min(LIMITS.fullNameMin, MSG.fullNameMin).max(LIMITS.fullNameMax, MSG.fullNameMax);

/** A city, stored under the name kept for it (cities.ts: 'Bangalore' is stored as 'Bengaluru'). */
export const cityField = () =>
  text(MSG.cityRequired)
    .min(LIMITS.cityMin, MSG.cityRequired)
    .max(LIMITS.cityMax, MSG.cityMax)
    .overwrite(keptCityName);

const LINKEDIN_URL = /^https?:\/\/([a-z0-9-]+\.)*linkedin\.com(\/[^\s]*)?$/i;

/** LinkedIn profile URL or empty; empty is stored as null. */
export const linkedinField = () =>
  z
    .union([z.null(), text(MSG.linkedinInvalid)], { error: MSG.linkedinInvalid })
    .transform((v) => v ?? '')
    .pipe(
      z
        .string()
        .max(LIMITS.linkedinMax, MSG.linkedinInvalid)
        .refine((v) => v === '' || LINKEDIN_URL.test(v), MSG.linkedinInvalid),
    )
    .transform((v) => (v === '' ? null : v));

export const skillsField = () =>
  z
    .array(text().min(1, MSG.required).max(LIMITS.skillMax, MSG.skillMax), { error: MSG.notList })
    .max(LIMITS.skillsMax, MSG.skillsMax)
    .superRefine((skills, ctx) => {
      const seen = new Set<string>();
      skills.forEach((skill, index) => {
        const key = skill.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: MSG.skillDuplicate, path: [index] });
        seen.add(key);
      });
    });

export const workEntry = z.object(
  {
    company: text(MSG.companyRequired).min(1, MSG.companyRequired).max(LIMITS.companyMax, MSG.companyMax),
    position: text(MSG.positionRequired)
      .min(1, MSG.positionRequired)
      .max(LIMITS.positionMax, MSG.positionMax),
    duration: text(MSG.durationRequired)
      .min(1, MSG.durationRequired)
      .max(LIMITS.durationMax, MSG.durationMax),
  },
  { error: MSG.notObject },
);
export type WorkEntry = z.infer<typeof workEntry>;

export const workHistoryField = () =>
  z.array(workEntry, { error: MSG.notList }).max(LIMITS.workHistoryMax, MSG.workHistoryMax);

/** Not trimmed: spaces are part of a password, and sign-in compares it exactly as typed. */
export const passwordField = () =>
  z
    .string({ error: (issue) => (missing(issue.input) ? MSG.passwordRequired : MSG.notText) })
    .min(LIMITS.passwordMin, MSG.passwordMin)
    .max(LIMITS.passwordMax, MSG.passwordMax);
