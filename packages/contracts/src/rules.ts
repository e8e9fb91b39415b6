// Pure business rules used by the server and the web app alike.
import {
  CONTEXT_FOR_ROLE,
  DISPUTE_DECISION_DAYS,
  EDIT_WINDOW_DAYS,
  GRIEVANCE_DUE_DAYS,
  RANKING_PRIOR_MEAN,
  RANKING_PRIOR_WEIGHT,
  RATE_AGAIN_AFTER_WITHDRAWAL_DAYS,
  type RoleContext,
  type UserRole,
} from './constants.ts';
import { ELIGIBILITY, type EligibilityReason, withdrawnUnderModeration } from './messages.ts';

/**
 * Whether a dispute holds its rating back from the profile until it is decided: ratings of employees
 * only, whose livelihood a false one touches; a rating of a company stays published (DESIGN §8.1).
 */
export const disputeHoldsRating = (context: RoleContext) => context === CONTEXT_FOR_ROLE.employer;

/** Rounds half up to one decimal, working in tenths so 4.25 becomes 4.3 (not 4.2 from float error). */
export function roundHalfUp1(value: number): number {
  return Math.round(Number((value * 10).toFixed(6))) / 10;
}

/** A rating's overall score: the mean of its category scores, to one decimal (DESIGN §4). */
export function overallScore(scores: readonly number[]): number {
  if (scores.length === 0) return 0;
  return roundHalfUp1(scores.reduce((sum, s) => sum + s, 0) / scores.length);
}

/** Same rule in integer tenths, as stored in the database (4.3 -> 43). */
export function overallScoreTenths(scores: readonly number[]): number {
  return Math.round(overallScore(scores) * 10);
}

/** Bayesian average used by the 'top' ranking; mirrored in SQL by the ranking column. */
export function rankingScore(average: number, count: number): number {
  return (RANKING_PRIOR_MEAN * RANKING_PRIOR_WEIGHT + average * count) / (RANKING_PRIOR_WEIGHT + count);
}

/**
 * An average's label and colour (SPEC §2), best first: the first band whose `min` the average reaches.
 * The "How ratings work" page prints its table from this list.
 */
export const RATING_BANDS = [
  { label: 'Excellent', tone: 'success', min: 4.5 },
  { label: 'Good', tone: 'warning', min: 3.5 },
  { label: 'Fair', tone: 'orange', min: 2.5 },
  { label: 'Needs Improvement', tone: 'destructive', min: 0 },
] as const;
export type RatingLabel = (typeof RATING_BANDS)[number]['label'];
export type RatingTone = (typeof RATING_BANDS)[number]['tone'];

const bandOf = (average: number) =>
  RATING_BANDS.find((band) => average >= band.min) ??
  (RATING_BANDS[RATING_BANDS.length - 1] as (typeof RATING_BANDS)[number]);
export const ratingLabel = (average: number): RatingLabel => bandOf(average).label;
export const ratingTone = (average: number): RatingTone => bandOf(average).tone;

// --- deadlines: one clock, the server's, in whole days from the moment a thing happened ---

const DAY_MS = 86_400_000;
/** The moment `days` whole days after `from`. */
export const daysAfter = (from: Date | string, days: number): Date =>
  new Date(new Date(from).getTime() + days * DAY_MS);
/** The last moment the author may edit a rating posted at `createdAt` (EDIT_WINDOW_DAYS later). */
export const editableUntil = (createdAt: Date | string): Date => daysAfter(createdAt, EDIT_WINDOW_DAYS);
/** When a pair may rate again after a rating under moderation was withdrawn (DESIGN §9.1). */
export const rateAgainFrom = (withdrawnAt: Date | string): Date =>
  daysAfter(withdrawnAt, RATE_AGAIN_AFTER_WITHDRAWAL_DAYS);
/** When the moderators must have decided a dispute filed at `filedAt`. */
export const disputeDueAt = (filedAt: Date | string): Date => daysAfter(filedAt, DISPUTE_DECISION_DAYS);
/** When a grievance filed at `filedAt` must be resolved (IT Rules 2021). */
export const grievanceDueAt = (filedAt: Date | string): Date => daysAfter(filedAt, GRIEVANCE_DUE_DAYS);

export function contextForRole(role: UserRole): RoleContext | null {
  return role === 'employee' || role === 'employer' ? CONTEXT_FOR_ROLE[role] : null;
}

export interface EligibilityParty {
  id: number;
  role: UserRole;
  isActive: boolean;
}

/** Decides whether `rater` may rate `ratee` in `context`; the order of checks fixes which reason wins. */
export function eligibilityReason(input: {
  rater: EligibilityParty;
  ratee: EligibilityParty | null;
  context: RoleContext;
  alreadyRated: boolean;
  /** The day the rater may rate the ratee again after a withdrawal under moderation, if still ahead (YYYY-MM-DD). */
  rateAgainOn?: string | null;
}): { eligible: boolean; reason: EligibilityReason } {
  const { rater, ratee, context, alreadyRated, rateAgainOn } = input;
  const no = (reason: EligibilityReason) => ({ eligible: false, reason });
  if (rater.role === 'moderator') return no(ELIGIBILITY.moderator);
  if (!ratee) return no(ELIGIBILITY.notFound);
  if (ratee.id === rater.id) return no(ELIGIBILITY.self);
  if (contextForRole(rater.role) !== context) return no(ELIGIBILITY.wrongContext);
  if (rater.role === 'employee' && ratee.role !== 'employer') return no(ELIGIBILITY.employeesRateCompanies);
  if (rater.role === 'employer' && ratee.role !== 'employee') return no(ELIGIBILITY.employersRateEmployees);
  if (!ratee.isActive) return no(ELIGIBILITY.inactive);
  if (alreadyRated) return no(ELIGIBILITY.alreadyRated);
  if (rateAgainOn) return no(withdrawnUnderModeration(rateAgainOn));
  return { eligible: true, reason: ELIGIBILITY.ok };
}

/** The opposite role a user browses and rates; null for moderators. */
export function browseRole(role: UserRole): 'employee' | 'employer' | null {
  if (role === 'employee') return 'employer';
  if (role === 'employer') return 'employee';
  return null;
}

/** A grievance's number as people see it: GRV-<year filed, UTC>-<id, six digits or more>. */
export const grievanceNumber = (id: number, createdAt: Date | string) =>
  `GRV-${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(6, '0')}`;

/**
 * The time zone whose calendar days date what shows its day only (anonymous ratings, a rating
 * received): India's, where the portal's people are, so a rating written at 1 a.m. is dated that day.
 */
export const DAY_ZONE = 'Asia/Kolkata';

/** The date's parts in DAY_ZONE; made on first use, not when the web app loads. */
let dayInZone: Intl.DateTimeFormat | undefined;

/**
 * Anonymous ratings show their date only (DESIGN §5 privacy): the day in DAY_ZONE, carried as
 * midnight UTC of that date, a time that tells nothing, shown as the date it is.
 */
export function dayOnly(iso: string | Date): string {
  dayInZone ??= new Intl.DateTimeFormat('en-US', {
    timeZone: DAY_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  // From the parts, not the formatted text, whose order and separators are the locale data's.
  const parts = dayInZone.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}T00:00:00.000Z`;
}

/** The name of a person's data download (DESIGN §8.3), dated by India's calendar as every date shown. */
export const myDataFileName = (generatedAt: string | Date) =>
  `worktrust-my-data-${dayOnly(generatedAt).slice(0, 10)}.json`;
