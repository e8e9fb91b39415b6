// Business constants shared by the API and the web app (SPEC §9, DESIGN §4).
import { PERSONAL_DATA_KINDS, PERSONAL_DATA_TEXTS } from './personal-data.ts';

export const USER_ROLES = ['employee', 'employer', 'moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/**
 * The web app's languages (DESIGN §8.4), each with its name in itself as the language switch shows
 * it; a signed-in user's choice is kept on the account. A third language is one line here and its
 * catalogs in apps/web/src/locales/<code>/: the database, the Lingui config, the i18n check and the
 * switch all read this list (ADR 0011).
 */
export const LANGUAGE_NAMES = { en: 'English', hi: 'हिन्दी' } as const;
export type Language = keyof typeof LANGUAGE_NAMES;
export const LANGUAGES = Object.keys(LANGUAGE_NAMES) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * A stored language as one the app has texts for, else the default: a row written by a newer version
 * (a language added, then rolled back) never leaves a mail or page without its words.
 */
export const knownLanguage = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * A first visit's language: the first of the browser's languages, most preferred first, that the web
 * app has ("hi-IN" → "hi"), else English. The web app reads navigator.languages, the server the
 * Accept-Language header (to preload that language's messages with the page).
 */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The browser's remembered language as a cookie as well, for the server's first answer of a page. */
export const LANGUAGE_COOKIE = 'worktrust_language';

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

/**
 * A rating's status as its author sees it: published, hidden by a moderator (or by an upheld
 * dispute), held back while a dispute about it is open (ratings of employees only, DESIGN §8.1), or
 * an anonymous rating waiting for the start of the next day in India, when the day's anonymous
 * ratings are published together, so that the moment it appeared cannot point at its author (ADR 0030).
 */
export const RATING_STATUSES = ['published', 'hidden', 'disputed', 'held'] as const;
/**
 * Whether nobody but its author has seen a rating (held, ADR 0030): nothing of it is in its ratee's
 * views, counts or the transparency report, so changing it has nothing of theirs to refresh or keep.
 */
export const seenByItsAuthorAlone = (status: string) => status === ('held' satisfies RatingStatus);
/**
 * The name of the rater that a deleted account's kept ratings point to, as moderators see it (everyone
 * else sees "Anonymous"); the web app shows it in the reader's language.
 */
export const TOMBSTONE_NAME = 'Deleted account';
/** A rater as moderators see them: suspend only an active one, reinstate only a suspended one. */
export const RATER_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type RaterStatus = (typeof RATER_STATUSES)[number];
export type RatingStatus = (typeof RATING_STATUSES)[number];

/** Why the rated party disputes a rating (DESIGN §8.1). */
export const DISPUTE_REASONS = [
  'FALSE_FACTS',
  'NO_WORKING_RELATIONSHIP',
  'RETALIATION',
  'DISCRIMINATION',
  'ALLEGES_CRIME',
  'PERSONAL_INFORMATION',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  FALSE_FACTS: 'It states things that are not true',
  NO_WORKING_RELATIONSHIP: 'We never worked together',
  RETALIATION: 'It is retaliation',
  DISCRIMINATION: 'It is discriminatory',
  ALLEGES_CRIME: 'It accuses me of a crime',
  PERSONAL_INFORMATION: 'It reveals personal information',
};

export const DISPUTE_OUTCOMES = ['UPHELD', 'REJECTED'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
/** 'withdrawn': its rating was withdrawn by its author before a decision; the record stays (ADR 0013). */
export const DISPUTE_STATUSES = ['open', 'decided', 'withdrawn'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const APPEAL_STATUSES = ['open', 'restored', 'rejected', 'withdrawn'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** Days after posting during which the author may edit a rating. */
export const EDIT_WINDOW_DAYS = 30;
/** Days the moderators have to decide a dispute. */
export const DISPUTE_DECISION_DAYS = 15;
/**
 * Days a rater waits to rate the same person again after withdrawing a rating that was hidden, under
 * an open dispute or after an upheld one (DESIGN §9.1): withdrawing and rating again must not undo
 * moderation.
 */
export const RATE_AGAIN_AFTER_WITHDRAWAL_DAYS = 90;
/**
 * Whether withdrawing a rating keeps its author from rating the same person again for
 * RATE_AGAIN_AFTER_WITHDRAWAL_DAYS (DESIGN §9.1): it is under moderation, hidden, held back by an open
 * dispute or published but disputed, or a dispute about it was upheld. The server applies it; the
 * withdraw dialog says it before the author confirms.
 */
export const withdrawalLocksRatingAgain = (rating: {
  status: string;
  dispute: { status: string; outcome: string | null } | null | undefined;
}) =>
  !seenByItsAuthorAlone(rating.status) &&
  (rating.status !== ('published' satisfies RatingStatus) ||
    rating.dispute?.status === ('open' satisfies DisputeStatus) ||
    rating.dispute?.outcome === ('UPHELD' satisfies DisputeOutcome));

/** The reasons a person may give when flagging a rating. */
export const PERSON_FLAG_REASONS = [
  'FAKE',
  'OFFENSIVE',
  'SPAM',
  'CONFLICT_OF_INTEREST',
  'PERSONAL_INFORMATION',
  'OTHER',
] as const;
/** Every reason a flag may carry: a person's, or the automatic check's (no reporter). */
export const FLAG_REASONS = [...PERSON_FLAG_REASONS, 'UNUSUAL_ACTIVITY'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export type PersonFlagReason = (typeof PERSON_FLAG_REASONS)[number];

/**
 * The unusual-activity rule (DESIGN §8.2, ADR 0017), checked on every new rating for its ratee. Over
 * the last `windowHours`, count the ratings the profile received, and those among them from accounts
 * younger than `freshAccountHours` when they rated. Each count is a burst when it reaches its `min`
 * and exceeds `factor` times the profile's own usual daily count of the same kind over the
 * `baselineDays` before the window (at least one a day). A volume burst flags every rating in the
 * window; a fresh-account burst flags the fresh accounts' ratings.
 */
export const UNUSUAL_ACTIVITY = {
  windowHours: 24,
  baselineDays: 30,
  freshAccountHours: 72,
  volume: { min: 6, factor: 4 },
  freshAccounts: { min: 3, factor: 3 },
} as const;

/**
 * The copied-text rule (DESIGN §9.4, ADR 0023), checked on every new or edited feedback text of at
 * least `minChars` characters: when its trigram similarity (PostgreSQL pg_trgm) to a text written in
 * the last `days` reaches `similarity`, the rating is flagged, as `copied_text` when that text is
 * another account's and as `repeated_text` when it is the same account's on another profile.
 */
export const COPIED_TEXT = { minChars: 80, similarity: 0.9, days: 30 } as const;

/** Which rule raised an automatic flag (flags.rule; a person's flag has none). */
export const AUTOMATIC_FLAG_RULES = ['volume', 'fresh_accounts', 'copied_text', 'repeated_text'] as const;
export type AutomaticFlagRule = (typeof AUTOMATIC_FLAG_RULES)[number];
/**
 * The rules whose open flags put the notice "an unusual number of ratings in a short time" on a
 * profile (ADR 0017): a burst. A copied text is one rating's matter, for moderators only.
 */
export const BURST_FLAG_RULES = ['volume', 'fresh_accounts'] as const satisfies readonly AutomaticFlagRule[];

export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  FAKE: 'Fake or not a real experience',
  OFFENSIVE: 'Offensive or abusive',
  SPAM: 'Spam or advertising',
  CONFLICT_OF_INTEREST: 'Conflict of interest',
  PERSONAL_INFORMATION: 'Reveals personal information',
  OTHER: 'Something else',
  UNUSUAL_ACTIVITY: 'Unusual activity (automatic check)',
};

/** A flag's life: open until a moderator dismisses it or acts on its rating, or its author withdraws the rating. */
export const FLAG_STATUSES = ['open', 'dismissed', 'actioned', 'withdrawn'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

/** What the moderation log records, and what each entry points at. */
export const MODERATION_ACTIONS = [
  'hide_rating',
  'restore_rating',
  'dismiss_flag',
  'suspend_user',
  'reinstate_user',
  'hide_reply',
  'decide_dispute',
  'reject_appeal',
  'close_grievance',
  'delete_account',
] as const;
export type ModerationActionName = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_TARGETS = ['rating', 'flag', 'user', 'dispute', 'appeal', 'grievance'] as const;
export type ModerationTarget = (typeof MODERATION_TARGETS)[number];

/** Who reads a moderator's reason as written, besides moderators in the audit log. */
export type ReasonReader =
  /** The rating's author, told in their notifications; never who reported the rating. */
  | 'author'
  /** Both parties of a dispute; nothing may tell the rated party who wrote an anonymous rating. */
  | 'both parties'
  /** The person who wrote the reply (the rated party), told in their notifications. */
  | 'reply author'
  /** The suspended person, when they next sign in with their password. */
  | 'account holder'
  /** Whoever filed the grievance, signed in or by mail. */
  | 'complainant'
  /** The person who reported the rating, told in the app; never its author, nor its ratee unless they reported it. */
  | 'reporter';

/** Each action's readers (moderation/service.ts tells them; the dialogs warn the moderator). */
export const REASON_READ_BY: Record<ModerationActionName, ReasonReader | null> = {
  hide_rating: 'author',
  restore_rating: 'author',
  reject_appeal: 'author',
  decide_dispute: 'both parties',
  hide_reply: 'reply author',
  suspend_user: 'account holder',
  close_grievance: 'complainant',
  dismiss_flag: 'reporter',
  reinstate_user: null,
  delete_account: null,
};

/** The largest request body the API reads, in KB; a larger one is a 413. */
export const MAX_BODY_KB = 64;

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
  replyMax: 2000,
  /** Enough to tell moderators what is wrong: a dispute holds back a rating of an employee meanwhile. */
  disputeDetailsMin: 20,
  disputeDetailsMax: 2000,
  appealMax: 2000,
  grievanceDetailsMin: 10,
  grievanceDetailsMax: 5000,
  grievanceUrlMax: 500,
  grievanceReasonMax: 2000,
} as const;

/** The directory's skills filter as typed: every skill, each with a comma and a space. */
export const SKILLS_FILTER_MAX = LIMITS.skillsMax * (LIMITS.skillMax + 2);

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
 * most this, and `total_capped` says when more matched (ADR 0012). Pages stop there. A directory
 * list filtered by city, rating or skills (not by one or two skills alone) is counted and paged alike;
 * the unfiltered list's total is exact.
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
/** Reset codes one account can be sent per hour; further requests get the generic answer only. */
export const RESET_CODES_PER_HOUR = 5;
/** Failed confirmations per account per hour, across its codes; beyond it even the right code fails. */
export const RESET_FAILURES_PER_HOUR = 10;

/**
 * Verified employment (DESIGN §8.2, ADR 0018): a code of WORK_EMAIL_CODE_LENGTH digits sent to the work address, valid for
 * WORK_EMAIL_CODE_TTL_MINUTES and WORK_EMAIL_CODE_MAX_TRIES wrong tries; codes per account and per
 * address per hour are limited.
 */
export const WORK_EMAIL_CODE_LENGTH = 6;
export const WORK_EMAIL_CODE_TTL_MINUTES = 15;
export const WORK_EMAIL_CODE_MAX_TRIES = 5;
export const WORK_EMAIL_CODES_PER_HOUR = 5;
export const WORK_EMAIL_CODES_PER_ADDRESS_PER_HOUR = 3;

/**
 * Mail services anyone can sign up to: a company cannot declare one as its domain, since an address
 * there proves nothing about employment.
 */
export const FREE_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'rediffmail.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'aol.com',
  'zoho.com',
  'zohomail.in',
  'mail.com',
  'gmx.com',
  'yandex.com',
] as const;

export const SUCCESS_MESSAGE_MS = 3000;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Keys that move focus to the toast area. */
export const TOAST_HOTKEY = ['F8'];

// --- the web app's pages ---

/**
 * Every page of the web app, as its router matches them: the router takes its paths from here, and
 * the server answers any other path with the app's "Page not found" and status 404 (issue 47).
 */
export const WEB_PAGES = {
  home: '/',
  about: '/about',
  contributors: '/contributors',
  howRatingsWork: '/how-ratings-work',
  testProfile: '/test-profile',
  privacy: '/privacy',
  terms: '/terms',
  grievance: '/grievance',
  transparency: '/transparency',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  companies: '/companies',
  employees: '/employees',
  user: '/user/:userId',
  profile: '/profile',
  myRatings: '/my-ratings',
  moderation: '/moderation',
  notifications: '/notifications',
} as const;

/** A person's or company's public page. */
export const userPageHref = (userId: number | string) => WEB_PAGES.user.replace(':userId', String(userId));

/** My Ratings' tabs, in its order, named in its URL (`?tab=`); the first opens by default. */
export const MY_RATINGS_TABS = ['received', 'given', 'disputes'] as const;
export type MyRatingsPageTab = (typeof MY_RATINGS_TABS)[number];
export const myRatingsHref = (tab: MyRatingsPageTab) => `${WEB_PAGES.myRatings}?tab=${tab}`;

// --- notifications (DESIGN §9.3) ---

/**
 * What a person is told of: a rating of them (never who wrote it), a reply to their rating, a
 * dispute about their rating, a dispute decided (both parties), their appeal decided, their rating
 * hidden or restored or their reply hidden (with the reason), their grievance answered, their work
 * email verified.
 */
export const NOTIFICATION_TYPES = [
  'rating_received',
  'reply_received',
  'dispute_opened',
  'dispute_decided',
  'appeal_decided',
  'rating_hidden',
  'rating_restored',
  'reply_hidden',
  'grievance_answered',
  'work_email_verified',
  'report_decided',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Told in the app only, never mailed: what came of a report (ADR 0034), since a mail to an address
 * the rated company may host would tell it who reported a review on its page.
 */
export const NOTIFICATION_APP_ONLY_TYPES = ['report_decided'] as const satisfies readonly NotificationType[];
/** The types a mail may tell of. */
export type MailedNotificationType = Exclude<NotificationType, (typeof NOTIFICATION_APP_ONLY_TYPES)[number]>;
const appOnly = (type: NotificationType) => (NOTIFICATION_APP_ONLY_TYPES as readonly string[]).includes(type);

/** A type whose mail a person may turn off: a grievance's answer is mailed with the answer itself. */
export type MailOffType = Exclude<MailedNotificationType, 'grievance_answered'>;
export const NOTIFICATION_MAIL_TYPES = NOTIFICATION_TYPES.filter(
  (type): type is MailOffType => type !== 'grievance_answered' && !appOnly(type),
);

/** Of those, the ones a role can be sent: only an employee verifies a work email. */
export const notificationMailTypesFor = (role: UserRole) =>
  NOTIFICATION_MAIL_TYPES.filter((type) => type !== 'work_email_verified' || role === 'employee');

/** The account page's list of one's grievances and their answers (`/profile#my-grievances`). */
export const MY_GRIEVANCES_ANCHOR = 'my-grievances';

/**
 * The page a notification (and its mail) opens: the list its rating is in, never the rating itself,
 * whose id beside the notice's time would date one anonymous rating for the person rated; a
 * dispute's news, the rated party's list of their disputes; a grievance's answer, where it is shown.
 */
export const NOTIFICATION_LINKS = {
  ratingsGiven: myRatingsHref('given'),
  ratingsReceived: myRatingsHref('received'),
  disputesFiled: myRatingsHref('disputes'),
  profile: WEB_PAGES.profile,
  grievanceAnswer: `${WEB_PAGES.profile}#${MY_GRIEVANCES_ANCHOR}`,
  /** A report's outcome: the page of the person or company whose rating was reported. */
  ratedProfile: userPageHref,
} as const;

/** The notifications page's size. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

// --- privacy and grievances (DESIGN §8.3) ---

/** The version of the privacy notice and terms in force; consent to an older one is asked again. */
export const PRIVACY_NOTICE_VERSION = '2026-11-23';
/** When that version took effect, and where the web app shows it (GET /api/core/privacy-notice/). */
export const PRIVACY_NOTICE_EFFECTIVE_AT = '2026-11-23T00:00:00.000Z';
export const PRIVACY_NOTICE_PATH = '/privacy';

/** What happens to the ratings a person gave when they delete their account. */
export const RATINGS_GIVEN_CHOICES = ['DELETE', 'KEEP_ANONYMOUS'] as const;
export type RatingsGivenChoice = (typeof RATINGS_GIVEN_CHOICES)[number];

export const GRIEVANCE_CATEGORIES = ['CONTENT', 'PRIVACY', 'ACCOUNT', 'OTHER'] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];
export const GRIEVANCE_STATUSES = ['open', 'closed'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
/** IT Rules 2021: a complaint is acknowledged within 24 hours... */
export const GRIEVANCE_ACKNOWLEDGE_HOURS = 24;
/** The Grievance Officer's name until a deployment sets GRIEVANCE_OFFICER_NAME: the title, which the web app translates. */
export const GRIEVANCE_OFFICER_DEFAULT_NAME = 'Grievance Officer';
/** ...and resolved within 15 days. */
export const GRIEVANCE_DUE_DAYS = 15;
/** Closed grievances keep the complainant's contact email this long, then `cli purge` removes it. */
export const GRIEVANCE_EMAIL_RETENTION_DAYS = 365;
/**
 * Acknowledgements mailed to one address an hour, whoever files (DESIGN §9.1): a visitor's address is
 * not proven, so grievances must not be a way to mail a stranger again and again. The grievance is
 * filed all the same.
 */
export const GRIEVANCE_ACKS_PER_ADDRESS_PER_HOUR = 3;
/** The characters of a browser's User-Agent a session keeps, to name the device in the sessions list. */
export const SESSION_USER_AGENT_MAX = 512;
/** Data exports (GET /api/auth/my-data/) an account may download an hour (DESIGN §9.1). */
export const MY_DATA_PER_HOUR = 5;

// --- what the database constrains as well ---

/**
 * Every list of values the database also constrains (a CHECK in drizzle/*.sql, which SQL cannot
 * import): apps/server/test/db/enums.test.ts reads the constraints back and compares them with these.
 */
export const DATABASE_ENUMS = {
  'users.user_role': USER_ROLES,
  'user_role_counts.user_role': USER_ROLES,
  'ratings.role_context': ROLE_CONTEXTS,
  'ratings.status': RATING_STATUSES,
  'flags.reason': FLAG_REASONS,
  'flags.status': FLAG_STATUSES,
  'flags.rule': AUTOMATIC_FLAG_RULES,
  'moderation_actions.action': MODERATION_ACTIONS,
  'moderation_actions.target_type': MODERATION_TARGETS,
  'withdrawn_ratings.role_context': ROLE_CONTEXTS,
  'rating_cooldowns.role_context': ROLE_CONTEXTS,
  'rating_disputes.reason': DISPUTE_REASONS,
  'rating_disputes.status': DISPUTE_STATUSES,
  'rating_disputes.outcome': DISPUTE_OUTCOMES,
  'rating_appeals.status': APPEAL_STATUSES,
  'grievances.category': GRIEVANCE_CATEGORIES,
  'grievances.status': GRIEVANCE_STATUSES,
  'personal_data_refusals.kind': PERSONAL_DATA_KINDS,
  'notifications.type': NOTIFICATION_TYPES,
  'notifications.mail_state': ['queued', 'skipped', 'digest', 'digested'],
  'notification_mail_off.type': NOTIFICATION_TYPES,
  'personal_data_refusals.text': PERSONAL_DATA_TEXTS,
} as const;

/**
 * The text lengths the database also constrains (a CHECK (char_length(column) ...) in drizzle/*.sql):
 * apps/server/test/db/enums.test.ts reads every such constraint back and holds it to these.
 */
export const DATABASE_LIMITS = {
  'ratings.feedback_message': LIMITS.feedbackMax,
  'flags.details': LIMITS.flagDetailsMax,
  'rating_replies.message': LIMITS.replyMax,
  'rating_disputes.details': LIMITS.disputeDetailsMax,
  'rating_appeals.message': LIMITS.appealMax,
  'grievances.subject_url': LIMITS.grievanceUrlMax,
  'grievances.details': LIMITS.grievanceDetailsMax,
  'grievances.email': LIMITS.emailMax,
  'grievances.close_reason': LIMITS.grievanceReasonMax,
  'refresh_families.user_agent': SESSION_USER_AGENT_MAX,
} as const;
