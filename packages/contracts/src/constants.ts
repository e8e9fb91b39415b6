// Business constants shared by the API and the web app (SPEC §9, DESIGN §4).

export const USER_ROLES = ['employee', 'employer', 'moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** Roles a person can register with; moderators are created by operators. */
export const REGISTRABLE_ROLES = ['employee', 'employer'] as const;
export type RegistrableRole = (typeof REGISTRABLE_ROLES)[number];

export const ROLE_CONTEXTS = ['EMPLOYEE_TO_COMPANY', 'EMPLOYER_TO_EMPLOYEE'] as const;
export type RoleContext = (typeof ROLE_CONTEXTS)[number];

export const RATING_CATEGORIES = {
  EMPLOYEE_TO_COMPANY: [
    'Work Environment',
    'Management Quality',
    'Career Growth',
    'Work-Life Balance',
    'Compensation',
    'Company Culture',
  ],
  EMPLOYER_TO_EMPLOYEE: [
    'Technical Skills',
    'Communication',
    'Reliability',
    'Team Collaboration',
    'Problem Solving',
    'Professionalism',
  ],
} as const satisfies Record<RoleContext, readonly string[]>;

/** The one context each rating role writes in. */
export const CONTEXT_FOR_ROLE = {
  employee: 'EMPLOYEE_TO_COMPANY',
  employer: 'EMPLOYER_TO_EMPLOYEE',
} as const satisfies Record<RegistrableRole, RoleContext>;

export const RATING_STATUSES = ['published', 'hidden'] as const;
export type RatingStatus = (typeof RATING_STATUSES)[number];

export const FLAG_REASONS = [
  'FAKE',
  'OFFENSIVE',
  'SPAM',
  'CONFLICT_OF_INTEREST',
  'PERSONAL_INFORMATION',
  'OTHER',
] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  FAKE: 'Fake or not a real experience',
  OFFENSIVE: 'Offensive or abusive',
  SPAM: 'Spam or advertising',
  CONFLICT_OF_INTEREST: 'Conflict of interest',
  PERSONAL_INFORMATION: 'Reveals personal information',
  OTHER: 'Something else',
};

export const LIST_SORTS = ['top', 'rating', 'reviews', 'newest', 'name'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export const LIMITS = {
  fullNameMin: 2,
  fullNameMax: 100,
  cityMin: 2,
  cityMax: 50,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  linkedinMax: 200,
  feedbackMax: 1000,
  skillsMax: 20,
  skillMax: 30,
  workHistoryMax: 10,
  companyMax: 100,
  positionMax: 100,
  durationMax: 50,
  resetCodeLength: 6,
  scoreMin: 1,
  scoreMax: 5,
  flagDetailsMax: 500,
  moderationReasonMax: 500,
  searchMax: 100,
  grievanceDetailsMin: 10,
  grievanceDetailsMax: 5000,
  grievanceUrlMax: 500,
  grievanceReasonMax: 2000,
} as const;

export const PAGE_SIZES = {
  list: 20,
  myRatings: 10,
  userRatings: 20,
  contributors: 5,
  max: 100,
  profileRatings: 50,
  dashboardRecent: 5,
} as const;

export const MIN_RATING_OPTIONS = [4, 3, 2] as const;

/**
 * Ranking prior for the default 'top' sort: a Bayesian average that treats every profile as if it
 * already had RANKING_PRIOR_WEIGHT ratings of RANKING_PRIOR_MEAN, so a single 5-star review cannot
 * outrank two hundred 4.6-star ones.
 */
export const RANKING_PRIOR_MEAN = 3.5;
export const RANKING_PRIOR_WEIGHT = 5;

export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;

export const SUCCESS_MESSAGE_MS = 3000;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Keys that move focus to the toast area. */
export const TOAST_HOTKEY = ['F8'];

// --- privacy and grievances (DESIGN §8.3) ---

/** The version of the privacy notice and terms in force; consent to an older one is asked again. */
export const PRIVACY_NOTICE_VERSION = '2026-11-23';

/** What happens to the ratings a person gave when they delete their account. */
export const RATINGS_GIVEN_CHOICES = ['DELETE', 'KEEP_ANONYMOUS'] as const;
export type RatingsGivenChoice = (typeof RATINGS_GIVEN_CHOICES)[number];

export const GRIEVANCE_CATEGORIES = ['CONTENT', 'PRIVACY', 'ACCOUNT', 'OTHER'] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];
export const GRIEVANCE_STATUSES = ['open', 'closed'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
/** IT Rules 2021: a complaint is acknowledged within 24 hours... */
export const GRIEVANCE_ACKNOWLEDGE_HOURS = 24;
/** ...and resolved within 15 days. */
export const GRIEVANCE_DUE_DAYS = 15;
/** Closed grievances keep the complainant's contact email this long, then `cli purge` removes it. */
export const GRIEVANCE_EMAIL_RETENTION_DAYS = 365;

/** Every entry the audit log (moderation_actions) can hold. */
export const MODERATION_ACTIONS = [
  'hide_rating',
  'restore_rating',
  'dismiss_flag',
  'suspend_user',
  'reinstate_user',
  'close_grievance',
  'delete_account',
] as const;
