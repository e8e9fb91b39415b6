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
} as const;

export const PAGE_SIZES = {
  list: 20,
  myRatings: 10,
  userRatings: 20,
  contributors: 5,
  max: 100,
  profileRatings: 50,
  /** Ratings the web app shows on a profile at first, then page by page (GET …/ratings/). */
  profileShown: 10,
  dashboardRecent: 5,
} as const;

/**
 * A name search lists its best SEARCH_RESULT_CAP matches: it counts no further, `total_count` is at
 * most this, and `total_capped` says when more matched (ADR 0012). Pages stop there.
 */
export const SEARCH_RESULT_CAP = 1000;

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
