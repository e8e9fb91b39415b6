// Every user-facing message that both sides need, spelled once (SPEC §5, §8; DESIGN §5). Numbers and
// lists come from the constants, so a changed limit changes its message; the web app's translations
// (apps/web/src/lib/api-messages.ts) take the same constants as catalog placeholders.
import {
  DISPUTE_OUTCOMES,
  EDIT_WINDOW_DAYS,
  GRIEVANCE_CATEGORIES,
  LANGUAGES,
  LIMITS,
  MAX_BODY_KB,
  RATINGS_GIVEN_CHOICES,
  RESET_CODE_TTL_MINUTES,
  ROLE_CONTEXTS,
  WORK_EMAIL_CODE_LENGTH,
} from './constants.ts';
import type { PersonalDataKind } from './personal-data.ts';

/** "a, b or c": the values a client may send, as a message names them. */
export const oneOf = (values: readonly string[]) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

const L = LIMITS;

export const MSG = {
  // validation (SPEC §5)
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  fullNameMin: `Full name must be at least ${L.fullNameMin} characters`,
  fullNameMax: `Full name must be less than ${L.fullNameMax} characters`,
  passwordMin: `Password must be at least ${L.passwordMin} characters`,
  passwordMax: `Password must be at most ${L.passwordMax} characters`,
  passwordsDontMatch: "Passwords don't match",
  roleRequired: 'Please select a role',
  languageInvalid: `Choose a language: ${oneOf(LANGUAGES)}`,
  cityRequired: 'City is required',
  cityMax: `City name must be less than ${L.cityMax} characters`,
  linkedinInvalid: 'Please enter a valid LinkedIn URL',
  feedbackMax: `Feedback must be less than ${L.feedbackMax} characters`,
  rateOneCategory: 'Please rate at least one category',
  scoreRange: `Score must be a whole number from ${L.scoreMin} to ${L.scoreMax}`,
  categoryInvalid: 'This category does not belong to the rating context',
  categoryDuplicate: 'Each category can be rated only once',
  skillsMax: `Maximum ${L.skillsMax} skills allowed`,
  skillDuplicate: 'This skill is already added',
  skillMax: `Each skill must be at most ${L.skillMax} characters`,
  workHistoryMax: `Maximum ${L.workHistoryMax} work experiences allowed`,
  companyRequired: 'Company is required',
  companyMax: `Company must be at most ${L.companyMax} characters`,
  positionRequired: 'Position is required',
  positionMax: `Position must be at most ${L.positionMax} characters`,
  durationRequired: 'Duration is required',
  durationMax: `Duration must be at most ${L.durationMax} characters`,
  resetCodeLength: `Reset code must be ${L.resetCodeLength} characters`,
  oldPasswordRequired: 'Old password is required',
  required: 'This field is required.',
  notText: 'Must be text.',
  notBoolean: 'Must be true or false.',
  notNumber: 'Must be a whole number.',
  notList: 'Must be a list.',
  notObject: 'Must be an object.',
  invalidChoice: 'Not a valid choice.',
  tooLong: 'Too long.',

  // server answers (DESIGN §5)
  registered: 'User registered successfully',
  emailTaken: 'User with this email already exists',
  passwordCommon: 'This password is too common.',
  badCredentials: 'No active account found with the given credentials',
  passwordChanged: 'Password changed successfully',
  oldPasswordIncorrect: 'Old password is incorrect',
  resetRequested: 'If an account exists for this email, a reset code has been sent.',
  resetExpiresIn: `${RESET_CODE_TTL_MINUTES} minutes`,
  resetDone: 'Password reset successfully',
  resetInvalid: 'Invalid or expired reset code',
  onlyEmployees: 'This endpoint is only for employees',
  onlyEmployers: 'This endpoint is only for employers',
  onlyModerators: 'This endpoint is only for moderators',
  userNotFound: 'User not found',
  ratingNotFound: 'Rating not found',
  flagNotFound: 'Flag not found',
  notFound: 'Not found',
  alreadyFlagged: 'You have already flagged this rating',
  cannotFlagOwn: 'You cannot flag your own rating',
  roleContextRequired: `role_context must be ${oneOf(ROLE_CONTEXTS)}`,
  validationFailed: 'Please correct the highlighted fields.',
  invalidJson: 'The request body is not valid JSON.',
  notJson: 'The request body must be JSON (Content-Type: application/json).',
  bodyTooLarge: `The request body is too large (${MAX_BODY_KB} KB at most).`,
  contentLengthMismatch: 'The Content-Length header does not match the body.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  malformedRequest: 'The request is not valid HTTP.',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyLogins: 'Too many failed sign-in attempts. Please try again later.',
  loginDelayed:
    'This account has had many failed sign-in attempts, so each new attempt must wait a little. Please try again shortly, or reset your password.',
  authRequired: 'Authentication credentials were not provided.',
  tokenInvalid: 'Given token not valid for any token type',
  internalError: 'Internal server error',
  serviceUnavailable: 'Service temporarily unavailable. Please try again shortly.',
  alreadyHidden: 'This rating is already hidden',
  notHidden: 'This rating is not hidden',
  alreadySuspended: 'This user is already suspended',
  notSuspended: 'This user is not suspended',
  cannotSuspendModerator: 'Moderators cannot be suspended',
  accountDeleted: 'This account was deleted: it cannot be suspended or reinstated',
  flagAlreadyResolved: 'This flag is already resolved',
  reasonRequired: 'A reason is required',
  raterSuspended: 'The rater is suspended: reinstate the user to publish their ratings again',
  ratingReturnsTomorrow:
    "This anonymous rating comes back at the start of the next day in India, with that day's anonymous ratings: publishing it now would date its author's reinstatement",
  ratingHidden: 'Rating hidden',
  ratingRestored: 'Rating restored',
  flagDismissed: 'Flag dismissed',
  userSuspended: 'User suspended',
  userReinstated: 'User reinstated',

  // both sides heard (DESIGN §8.1)
  onlyRateeMayReply: 'Only the rated company or person can reply to this rating',
  alreadyReplied: 'You have already replied to this rating: edit your reply instead',
  noReply: 'This rating has no reply',
  replyHiddenByModerator: 'A moderator hid this reply, so it can no longer be edited',
  replyRequired: 'Write a reply',
  replyMax: `A reply can be at most ${L.replyMax} characters`,
  onlyRaterMayChange: 'Only the author of this rating can change it',
  editWindowClosed: `Ratings can be edited only within ${EDIT_WINDOW_DAYS} days of being posted`,
  editNeedsChange: 'Change the scores or the written feedback',
  cannotEditHidden: 'A hidden rating cannot be edited: you can appeal instead',
  onlyRateeMayDispute: 'Only the rated company or person can dispute this rating',
  alreadyDisputed: 'This rating has already been disputed',
  disputeReasonRequired: 'Choose why you dispute this rating',
  disputeDetailsRequired: 'Explain what is wrong with this rating',
  disputeDetailsMin: `Explain what is wrong in at least ${L.disputeDetailsMin} characters`,
  disputeDetailsMax: `Details can be at most ${L.disputeDetailsMax} characters`,
  disputeNotFound: 'Dispute not found',
  disputeAlreadyDecided: 'This dispute has already been decided',
  outcomeRequired: `Choose ${oneOf(DISPUTE_OUTCOMES)}`,
  onlyRaterMayAppeal: 'Only the author of this rating can appeal',
  appealOnlyHidden: 'Only a hidden rating can be appealed',
  appealNoDecision: 'No moderator’s decision hides this rating, so there is nothing to appeal',
  alreadyAppealed: 'You have already appealed this decision',
  appealMessageRequired: 'Explain why the rating should be published again',
  appealMessageMax: `An appeal can be at most ${L.appealMax} characters`,
  appealNotFound: 'Appeal not found',
  appealAlreadyDecided: 'This appeal has already been decided',
  appealOwnDecision: 'You hid this rating: another moderator decides whether to reject the appeal against it',
  ratingNotVisible: 'This rating is not published',
  replySaved: 'Reply saved',
  replyHidden: 'Reply hidden',
  disputeDecided: 'Dispute decided',
  appealRejected: 'Appeal rejected',

  // privacy and grievances (DESIGN §8.3)
  consentVersionStale:
    'This is not the current version of the privacy notice. Please read the current notice and accept it.',
  consentRecorded: 'Consent recorded',
  sessionNotFound: 'Session not found',
  ratingsGivenChoice: `Choose ${oneOf(RATINGS_GIVEN_CHOICES)} for the ratings you gave`,
  passwordIncorrect: 'Password is incorrect',
  moderatorCannotDeleteSelf: 'Moderator accounts cannot be deleted this way; ask an operator',
  grievanceCategory: `Choose a category: ${oneOf(GRIEVANCE_CATEGORIES)}`,
  grievanceDetailsMin: `Please describe the problem in at least ${L.grievanceDetailsMin} characters`,
  grievanceDetailsMax: `Details must be at most ${L.grievanceDetailsMax} characters`,
  grievanceUrlInvalid: `Please enter a web address starting with http:// or https:// (at most ${L.grievanceUrlMax} characters)`,
  grievanceEmailRequired: 'Please enter an email address so that we can answer you',
  grievanceNotFound: 'Grievance not found',
  grievanceAlreadyClosed: 'This grievance is already closed',
  grievanceReasonMax: `The reason must be at most ${L.grievanceReasonMax} characters`,
  grievanceClosed: 'Grievance closed',
  flagDetailsMax: `Details must be at most ${L.flagDetailsMax} characters`,
  tooManyGrievances: 'Too many grievances from this account. Please try again later.',
  emailDomainInvalid: 'Enter a domain such as example.com',
  emailDomainOnlyCompanies: 'Only company accounts declare an email domain',
  emailDomainNotOwn: 'The domain must be the one of your own sign-in email',
  emailDomainFreeMail: 'Free mail domains cannot be declared: use your company domain',
  emailDomainTaken: 'Another company has already declared this domain',
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Change your mail settings on your account page instead.',
  verifiedOnlyUnavailable:
    'Only a company with enough ratings from verified employees can be shown with those ratings alone.',
  emailDomainUnverified: 'Confirm your sign-in email first: we send a code to it',
  emailAlreadyVerified: 'Your sign-in email is already confirmed',
  emailConfirmed: 'Your sign-in email is confirmed',
  accountSuspended:
    'This account is suspended. If you think that is wrong, you can appeal, or delete the account, through the grievance form.',
  tooManyExports: 'You have downloaded your data several times this hour. Please try again in an hour.',
  singleLine: 'Must be one line, without control characters.',
  personalDataAadhaar:
    'This looks like an Aadhaar number. Please remove it: reviews and replies must not publish personal data.',
  personalDataPan:
    'This looks like a PAN. Please remove it: reviews and replies must not publish personal data.',
  personalDataMobile:
    'This looks like a mobile number. Please remove it: reviews and replies must not publish personal data.',
  personalDataEmail:
    'This looks like an email address. Please remove it: reviews and replies must not publish personal data.',
  personalDataAddress:
    'This looks like a street address with a PIN code. Please remove it: reviews and replies must not publish personal data.',
  controlCharacters: 'Must not contain control characters.',
  workEmailOnlyEmployees: 'Only employees verify a work email',
  workEmailNoCompany: 'No company on WorkTrust has declared this email domain yet',
  workEmailCodeInvalid: 'Invalid or expired code',
  workEmailCodeLength: `The code has ${WORK_EMAIL_CODE_LENGTH} digits`,
  tooManyWorkEmailCodes: 'Too many codes requested. Please try again in an hour.',
  verificationNotFound: 'Verification not found',

  // client (SPEC §8)
  loginFailed: 'Login failed',
  loginIncorrect: 'Email or password is incorrect',
  unexpected: 'An unexpected error occurred',
  registrationFailed: 'Registration failed',
  registrationSuccess: 'Registration successful! Please log in.',
  profileUpdateFailed: 'Profile update failed',
  profileUpdateFailedScreen: 'Failed to update profile',
  profileUpdated: 'Profile updated successfully!',
  passwordChangeFailed: 'Password change failed',
  resetRequestFailed: 'Password reset request failed',
  resetConfirmFailed: 'Password reset confirmation failed',
  categoriesLoadFailed: 'Failed to load rating categories',
  eligibilityFailed: 'Unable to verify rating eligibility',
  ratingSubmitFailed: 'Failed to submit rating',
  profileLoadFailed: 'Failed to load user profile',
  somethingWrong: 'Something went wrong',
  somethingWrongBody: "We're sorry, but something unexpected happened. Please try refreshing the page.",
  loading: 'Loading...',
  testProfileSignedOut: 'Please log in to test the profile endpoints',
  testProfileFetched: 'Profile fetched successfully',
  testProfileFetchFailed: 'Profile fetch failed',
  testProfileUpdated: 'Profile updated successfully',
  accessDenied: 'Access Denied',
  accessDeniedBody: "You don't have permission to access this page.",
} as const;

/** Eligibility reasons, exactly as DESIGN §5 lists them. */
export const ELIGIBILITY = {
  ok: 'You can rate this user',
  self: 'You cannot rate yourself',
  notFound: 'User not found',
  employeesRateCompanies: 'Employees can only rate companies',
  employersRateEmployees: 'Employers can only rate employees',
  wrongContext: 'Invalid rating context for your role',
  alreadyRated: 'You have already rated this user in this context',
  inactive: 'This user is not active',
  moderator: 'Moderators cannot submit ratings',
} as const;
/**
 * Why a rater may not rate someone again yet (DESIGN §9.1): they withdrew a rating of that person
 * while it was under moderation. `date` is the day they may, as YYYY-MM-DD (UTC).
 */
export const withdrawnUnderModeration = (date: string) =>
  `You withdrew a rating of this user under moderation; you can rate again on ${date}`;
const WITHDRAWN_UNDER_MODERATION =
  /^You withdrew a rating of this user under moderation; you can rate again on (\d{4}-\d{2}-\d{2})$/;
/** The date in a withdrawnUnderModeration reason, or null for any other text (the web app translates it). */
export const rateAgainDateOf = (reason: string): string | null =>
  WITHDRAWN_UNDER_MODERATION.exec(reason)?.[1] ?? null;

export type EligibilityReason =
  | (typeof ELIGIBILITY)[keyof typeof ELIGIBILITY]
  | ReturnType<typeof withdrawnUnderModeration>;

/**
 * Why the server refuses a password that is not on the common lists (which get MSG.passwordCommon)
 * but is still easy to guess, by the warning of the strength estimator (zxcvbn-ts) that found it;
 * `other` when it names none, usually a short password of few kinds of characters.
 */
export const PASSWORD_TOO_EASY = {
  similarToCommon: 'This password is too easy to guess: it is a common password with little added.',
  straightRow: 'This password is too easy to guess: it is a straight row of keys.',
  keyPattern: 'This password is too easy to guess: it is a short keyboard pattern.',
  simpleRepeat: 'This password is too easy to guess: it repeats one character.',
  extendedRepeat: 'This password is too easy to guess: it repeats a short pattern.',
  sequences: 'This password is too easy to guess: it is a sequence such as abc or 6543.',
  recentYears: 'This password is too easy to guess: it rests on a recent year.',
  dates: 'This password is too easy to guess: it rests on a date.',
  wordByItself: 'This password is too easy to guess: it is a single word.',
  namesByThemselves: 'This password is too easy to guess: it is a name.',
  commonNames: 'This password is too easy to guess: it rests on common names.',
  userInputs: 'This password is too easy to guess: it contains your name or email.',
  other: 'This password is too easy to guess: add another word or two that are not common.',
} as const;

/** What a text is refused for when it carries personal data (personal-data.ts, DESIGN §9.4). */
export const PERSONAL_DATA_MESSAGES = {
  aadhaar: MSG.personalDataAadhaar,
  pan: MSG.personalDataPan,
  mobile: MSG.personalDataMobile,
  email: MSG.personalDataEmail,
  address: MSG.personalDataAddress,
} as const satisfies Record<PersonalDataKind, string>;

/** The kind of personal data a refusal's message names, or undefined for any other message. */
export const personalDataKindOf = (message: string): PersonalDataKind | undefined =>
  (Object.keys(PERSONAL_DATA_MESSAGES) as PersonalDataKind[]).find(
    (kind) => PERSONAL_DATA_MESSAGES[kind] === message,
  );
