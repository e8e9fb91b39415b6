// The web app's translation of every message the API and the contracts speak (DESIGN §8.4: API
// messages stay in English, the contract; the web app shows its own translation of each known one).
// Keyed like MSG, ELIGIBILITY and FLAG_REASON_LABELS, so a new constant there fails the typecheck
// until it is added here; api-messages.test.ts checks that each English text is the contract's own.
// Their catalog (locales/<lang>/api.po) is fetched by the first component calling useApiMessages.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASON_LABELS,
  type DisputeReason,
  EDIT_WINDOW_DAYS,
  ELIGIBILITY,
  FLAG_REASON_LABELS,
  type FlagReason,
  GRIEVANCE_CATEGORIES,
  LANGUAGES,
  LIMITS,
  MAX_BODY_KB,
  MSG,
  oneOf,
  PASSWORD_TOO_EASY,
  type RATING_CATEGORIES,
  RATINGS_GIVEN_CHOICES,
  type RatingLabel,
  RESET_CODE_TTL_MINUTES,
  ROLE_CONTEXTS,
  type RoleContext,
  rateAgainDateOf,
  ratingLabel,
  WORK_EMAIL_CODE_LENGTH,
} from '@workspace/contracts';
import { useEffect } from 'react';
import { formatDate } from './format';
import { activeLanguage, apiMessagesLoaded, i18n, loadApiMessages } from './i18n';

// The numbers and lists in the messages, from the same constants as the contracts' English, as
// named placeholders of the catalog: a changed limit needs no new translation.
const {
  fullNameMin,
  fullNameMax,
  passwordMin,
  passwordMax,
  cityMax,
  feedbackMax,
  scoreMin,
  scoreMax,
  skillsMax,
  skillMax,
  workHistoryMax,
  companyMax,
  positionMax,
  durationMax,
  resetCodeLength,
  replyMax,
  disputeDetailsMin,
  disputeDetailsMax,
  appealMax,
  grievanceDetailsMin,
  grievanceDetailsMax,
  grievanceUrlMax,
  grievanceReasonMax,
  flagDetailsMax,
} = LIMITS;
const languages = oneOf(LANGUAGES);
const roleContexts = oneOf(ROLE_CONTEXTS);
const disputeOutcomes = oneOf(DISPUTE_OUTCOMES);
const ratingsGivenChoices = oneOf(RATINGS_GIVEN_CHOICES);
const grievanceCategories = oneOf(GRIEVANCE_CATEGORIES);
const [resetCodeMinutes, maxBodyKb, editWindowDays, workEmailCodeLength] = [
  RESET_CODE_TTL_MINUTES,
  MAX_BODY_KB,
  EDIT_WINDOW_DAYS,
  WORK_EMAIL_CODE_LENGTH,
];

export const MSG_TRANSLATIONS = {
  emailInvalid: msg`Please enter a valid email address`,
  passwordRequired: msg`Password is required`,
  fullNameMin: msg`Full name must be at least ${fullNameMin} characters`,
  fullNameMax: msg`Full name must be less than ${fullNameMax} characters`,
  passwordMin: msg`Password must be at least ${passwordMin} characters`,
  passwordMax: msg`Password must be at most ${passwordMax} characters`,
  passwordsDontMatch: msg`Passwords don't match`,
  roleRequired: msg`Please select a role`,
  languageInvalid: msg`Choose a language: ${languages}`,
  cityRequired: msg`City is required`,
  cityMax: msg`City name must be less than ${cityMax} characters`,
  linkedinInvalid: msg`Please enter a valid LinkedIn URL`,
  feedbackMax: msg`Feedback must be less than ${feedbackMax} characters`,
  rateOneCategory: msg`Please rate at least one category`,
  scoreRange: msg`Score must be a whole number from ${scoreMin} to ${scoreMax}`,
  categoryInvalid: msg`This category does not belong to the rating context`,
  categoryDuplicate: msg`Each category can be rated only once`,
  skillsMax: msg`Maximum ${skillsMax} skills allowed`,
  skillDuplicate: msg`This skill is already added`,
  skillMax: msg`Each skill must be at most ${skillMax} characters`,
  workHistoryMax: msg`Maximum ${workHistoryMax} work experiences allowed`,
  companyRequired: msg`Company is required`,
  companyMax: msg`Company must be at most ${companyMax} characters`,
  positionRequired: msg`Position is required`,
  positionMax: msg`Position must be at most ${positionMax} characters`,
  durationRequired: msg`Duration is required`,
  durationMax: msg`Duration must be at most ${durationMax} characters`,
  resetCodeLength: msg`Reset code must be ${resetCodeLength} characters`,
  oldPasswordRequired: msg`Old password is required`,
  required: msg`This field is required.`,
  notText: msg`Must be text.`,
  notBoolean: msg`Must be true or false.`,
  notNumber: msg`Must be a whole number.`,
  notList: msg`Must be a list.`,
  notObject: msg`Must be an object.`,
  invalidChoice: msg`Not a valid choice.`,
  tooLong: msg`Too long.`,
  registered: msg`User registered successfully`,
  emailTaken: msg`User with this email already exists`,
  passwordCommon: msg`This password is too common.`,
  badCredentials: msg`No active account found with the given credentials`,
  passwordChanged: msg`Password changed successfully`,
  oldPasswordIncorrect: msg`Old password is incorrect`,
  resetRequested: msg`If an account exists for this email, a reset code has been sent.`,
  resetExpiresIn: msg`${resetCodeMinutes} minutes`,
  resetDone: msg`Password reset successfully`,
  resetInvalid: msg`Invalid or expired reset code`,
  onlyEmployees: msg`This endpoint is only for employees`,
  onlyEmployers: msg`This endpoint is only for employers`,
  onlyModerators: msg`This endpoint is only for moderators`,
  userNotFound: msg`User not found`,
  ratingNotFound: msg`Rating not found`,
  flagNotFound: msg`Flag not found`,
  notFound: msg`Not found`,
  alreadyFlagged: msg`You have already flagged this rating`,
  cannotFlagOwn: msg`You cannot flag your own rating`,
  roleContextRequired: msg`role_context must be ${roleContexts}`,
  validationFailed: msg`Please correct the highlighted fields.`,
  invalidJson: msg`The request body is not valid JSON.`,
  notJson: msg`The request body must be JSON (Content-Type: application/json).`,
  bodyTooLarge: msg`The request body is too large (${maxBodyKb} KB at most).`,
  contentLengthMismatch: msg`The Content-Length header does not match the body.`,
  headersTooLarge: msg`The request headers are too large.`,
  requestTimeout: msg`The request took too long to arrive.`,
  malformedRequest: msg`The request is not valid HTTP.`,
  tooManyRequests: msg`Too many requests. Please try again later.`,
  tooManyLogins: msg`Too many failed sign-in attempts. Please try again later.`,
  authRequired: msg`Authentication credentials were not provided.`,
  tokenInvalid: msg`Given token not valid for any token type`,
  internalError: msg`Internal server error`,
  serviceUnavailable: msg`Service temporarily unavailable. Please try again shortly.`,
  alreadyHidden: msg`This rating is already hidden`,
  notHidden: msg`This rating is not hidden`,
  alreadySuspended: msg`This user is already suspended`,
  notSuspended: msg`This user is not suspended`,
  cannotSuspendModerator: msg`Moderators cannot be suspended`,
  accountDeleted: msg`This account was deleted: it cannot be suspended or reinstated`,
  flagAlreadyResolved: msg`This flag is already resolved`,
  reasonRequired: msg`A reason is required`,
  raterSuspended: msg`The rater is suspended: reinstate the user to publish their ratings again`,
  ratingReturnsTomorrow: msg`This anonymous rating comes back at the start of the next day in India, with that day's anonymous ratings: publishing it now would date its author's reinstatement`,
  ratingHidden: msg`Rating hidden`,
  ratingRestored: msg`Rating restored`,
  flagDismissed: msg`Flag dismissed`,
  userSuspended: msg`User suspended`,
  userReinstated: msg`User reinstated`,
  loginFailed: msg`Login failed`,
  loginIncorrect: msg`Email or password is incorrect`,
  unexpected: msg`An unexpected error occurred`,
  registrationFailed: msg`Registration failed`,
  registrationSuccess: msg`Registration successful! Please log in.`,
  profileUpdateFailed: msg`Profile update failed`,
  profileUpdateFailedScreen: msg`Failed to update profile`,
  profileUpdated: msg`Profile updated successfully!`,
  passwordChangeFailed: msg`Password change failed`,
  resetRequestFailed: msg`Password reset request failed`,
  resetConfirmFailed: msg`Password reset confirmation failed`,
  categoriesLoadFailed: msg`Failed to load rating categories`,
  eligibilityFailed: msg`Unable to verify rating eligibility`,
  ratingSubmitFailed: msg`Failed to submit rating`,
  profileLoadFailed: msg`Failed to load user profile`,
  somethingWrong: msg`Something went wrong`,
  somethingWrongBody: msg`We're sorry, but something unexpected happened. Please try refreshing the page.`,
  loading: msg`Loading...`,
  testProfileSignedOut: msg`Please log in to test the profile endpoints`,
  testProfileFetched: msg`Profile fetched successfully`,
  testProfileFetchFailed: msg`Profile fetch failed`,
  testProfileUpdated: msg`Profile updated successfully`,
  accessDenied: msg`Access Denied`,
  accessDeniedBody: msg`You don't have permission to access this page.`,
  loginDelayed: msg`This account has had many failed sign-in attempts, so each new attempt must wait a little. Please try again shortly, or reset your password.`,
  onlyRateeMayReply: msg`Only the rated company or person can reply to this rating`,
  alreadyReplied: msg`You have already replied to this rating: edit your reply instead`,
  noReply: msg`This rating has no reply`,
  replyHiddenByModerator: msg`A moderator hid this reply, so it can no longer be edited`,
  replyRequired: msg`Write a reply`,
  replyMax: msg`A reply can be at most ${replyMax} characters`,
  onlyRaterMayChange: msg`Only the author of this rating can change it`,
  editWindowClosed: msg`Ratings can be edited only within ${editWindowDays} days of being posted`,
  editNeedsChange: msg`Change the scores or the written feedback`,
  cannotEditHidden: msg`A hidden rating cannot be edited: you can appeal instead`,
  onlyRateeMayDispute: msg`Only the rated company or person can dispute this rating`,
  alreadyDisputed: msg`This rating has already been disputed`,
  disputeReasonRequired: msg`Choose why you dispute this rating`,
  disputeDetailsRequired: msg`Explain what is wrong with this rating`,
  disputeDetailsMin: msg`Explain what is wrong in at least ${disputeDetailsMin} characters`,
  disputeDetailsMax: msg`Details can be at most ${disputeDetailsMax} characters`,
  disputeNotFound: msg`Dispute not found`,
  disputeAlreadyDecided: msg`This dispute has already been decided`,
  outcomeRequired: msg`Choose ${disputeOutcomes}`,
  onlyRaterMayAppeal: msg`Only the author of this rating can appeal`,
  appealOnlyHidden: msg`Only a hidden rating can be appealed`,
  appealNoDecision: msg`No moderator’s decision hides this rating, so there is nothing to appeal`,
  alreadyAppealed: msg`You have already appealed this decision`,
  appealMessageRequired: msg`Explain why the rating should be published again`,
  appealMessageMax: msg`An appeal can be at most ${appealMax} characters`,
  appealNotFound: msg`Appeal not found`,
  appealAlreadyDecided: msg`This appeal has already been decided`,
  appealOwnDecision: msg`You hid this rating: another moderator decides whether to reject the appeal against it`,
  ratingNotVisible: msg`This rating is not published`,
  replySaved: msg`Reply saved`,
  replyHidden: msg`Reply hidden`,
  disputeDecided: msg`Dispute decided`,
  appealRejected: msg`Appeal rejected`,
  consentVersionStale: msg`This is not the current version of the privacy notice. Please read the current notice and accept it.`,
  consentRecorded: msg`Consent recorded`,
  sessionNotFound: msg`Session not found`,
  ratingsGivenChoice: msg`Choose ${ratingsGivenChoices} for the ratings you gave`,
  passwordIncorrect: msg`Password is incorrect`,
  moderatorCannotDeleteSelf: msg`Moderator accounts cannot be deleted this way; ask an operator`,
  grievanceCategory: msg`Choose a category: ${grievanceCategories}`,
  grievanceDetailsMin: msg`Please describe the problem in at least ${grievanceDetailsMin} characters`,
  grievanceDetailsMax: msg`Details must be at most ${grievanceDetailsMax} characters`,
  grievanceUrlInvalid: msg`Please enter a web address starting with http:// or https:// (at most ${grievanceUrlMax} characters)`,
  grievanceEmailRequired: msg`Please enter an email address so that we can answer you`,
  grievanceNotFound: msg`Grievance not found`,
  grievanceAlreadyClosed: msg`This grievance is already closed`,
  grievanceReasonMax: msg`The reason must be at most ${grievanceReasonMax} characters`,
  grievanceClosed: msg`Grievance closed`,
  flagDetailsMax: msg`Details must be at most ${flagDetailsMax} characters`,
  tooManyGrievances: msg`Too many grievances from this account. Please try again later.`,
  emailDomainInvalid: msg`Enter a domain such as example.com`,
  emailDomainOnlyCompanies: msg`Only company accounts declare an email domain`,
  emailDomainNotOwn: msg`The domain must be the one of your own sign-in email`,
  emailDomainFreeMail: msg`Free mail domains cannot be declared: use your company domain`,
  emailDomainTaken: msg`Another company has already declared this domain`,
  unsubscribeInvalid: msg`This unsubscribe link is not valid. Change your mail settings on your account page instead.`,
  verifiedOnlyUnavailable: msg`Only a company with enough ratings from verified employees can be shown with those ratings alone.`,
  emailDomainUnverified: msg`Confirm your sign-in email first: we send a code to it`,
  emailAlreadyVerified: msg`Your sign-in email is already confirmed`,
  emailConfirmed: msg`Your sign-in email is confirmed`,
  accountSuspended: msg`This account is suspended. If you think that is wrong, you can appeal, or delete the account, through the grievance form.`,
  tooManyExports: msg`You have downloaded your data several times this hour. Please try again in an hour.`,
  singleLine: msg`Must be one line, without control characters.`,
  personalDataAadhaar: msg`This looks like an Aadhaar number. Please remove it: reviews and replies must not publish personal data.`,
  personalDataPan: msg`This looks like a PAN. Please remove it: reviews and replies must not publish personal data.`,
  personalDataMobile: msg`This looks like a mobile number. Please remove it: reviews and replies must not publish personal data.`,
  personalDataEmail: msg`This looks like an email address. Please remove it: reviews and replies must not publish personal data.`,
  personalDataAddress: msg`This looks like a street address with a PIN code. Please remove it: reviews and replies must not publish personal data.`,
  controlCharacters: msg`Must not contain control characters.`,
  workEmailOnlyEmployees: msg`Only employees verify a work email`,
  workEmailNoCompany: msg`No company on WorkTrust has declared this email domain yet`,
  workEmailCodeInvalid: msg`Invalid or expired code`,
  workEmailCodeLength: msg`The code has ${workEmailCodeLength} digits`,
  tooManyWorkEmailCodes: msg`Too many codes requested. Please try again in an hour.`,
  verificationNotFound: msg`Verification not found`,
} as const satisfies Record<keyof typeof MSG, MessageDescriptor>;

export const ELIGIBILITY_TRANSLATIONS = {
  ok: msg`You can rate this user`,
  self: msg`You cannot rate yourself`,
  notFound: msg`User not found`,
  employeesRateCompanies: msg`Employees can only rate companies`,
  employersRateEmployees: msg`Employers can only rate employees`,
  wrongContext: msg`Invalid rating context for your role`,
  alreadyRated: msg`You have already rated this user in this context`,
  inactive: msg`This user is not active`,
  moderator: msg`Moderators cannot submit ratings`,
} as const satisfies Record<keyof typeof ELIGIBILITY, MessageDescriptor>;

export const FLAG_REASON_TRANSLATIONS = {
  FAKE: msg`Fake or not a real experience`,
  OFFENSIVE: msg`Offensive or abusive`,
  SPAM: msg`Spam or advertising`,
  CONFLICT_OF_INTEREST: msg`Conflict of interest`,
  PERSONAL_INFORMATION: msg`Reveals personal information`,
  OTHER: msg`Something else`,
  UNUSUAL_ACTIVITY: msg`Unusual activity (automatic check)`,
} as const satisfies Record<keyof typeof FLAG_REASON_LABELS, MessageDescriptor>;

export const DISPUTE_REASON_TRANSLATIONS = {
  FALSE_FACTS: msg`It states things that are not true`,
  NO_WORKING_RELATIONSHIP: msg`We never worked together`,
  RETALIATION: msg`It is retaliation`,
  DISCRIMINATION: msg`It is discriminatory`,
  ALLEGES_CRIME: msg`It accuses me of a crime`,
  PERSONAL_INFORMATION: msg`It reveals personal information`,
} as const satisfies Record<keyof typeof DISPUTE_REASON_LABELS, MessageDescriptor>;

const PASSWORD_TOO_EASY_TRANSLATIONS = {
  similarToCommon: msg`This password is too easy to guess: it is a common password with little added.`,
  straightRow: msg`This password is too easy to guess: it is a straight row of keys.`,
  keyPattern: msg`This password is too easy to guess: it is a short keyboard pattern.`,
  simpleRepeat: msg`This password is too easy to guess: it repeats one character.`,
  extendedRepeat: msg`This password is too easy to guess: it repeats a short pattern.`,
  sequences: msg`This password is too easy to guess: it is a sequence such as abc or 6543.`,
  recentYears: msg`This password is too easy to guess: it rests on a recent year.`,
  dates: msg`This password is too easy to guess: it rests on a date.`,
  wordByItself: msg`This password is too easy to guess: it is a single word.`,
  namesByThemselves: msg`This password is too easy to guess: it is a name.`,
  commonNames: msg`This password is too easy to guess: it rests on common names.`,
  userInputs: msg`This password is too easy to guess: it contains your name or email.`,
  other: msg`This password is too easy to guess: add another word or two that are not common.`,
} as const satisfies Record<keyof typeof PASSWORD_TOO_EASY, MessageDescriptor>;

// The contract's English text → its descriptor, for messages that arrive as text (API details,
// field errors). Built from the constants, not from `descriptor.message`, which the build strips.
const byText = new Map<string, MessageDescriptor>([
  ...Object.entries(MSG).map(([key, text]) => [text, MSG_TRANSLATIONS[key as keyof typeof MSG]] as const),
  ...Object.entries(ELIGIBILITY).map(
    ([key, text]) => [text, ELIGIBILITY_TRANSLATIONS[key as keyof typeof ELIGIBILITY]] as const,
  ),
  ...Object.entries(PASSWORD_TOO_EASY).map(
    ([key, text]) => [text, PASSWORD_TOO_EASY_TRANSLATIONS[key as keyof typeof PASSWORD_TOO_EASY]] as const,
  ),
]);

/**
 * A message from the API or the contracts in the active language. Text the web app does not know
 * (a message added to the server later) is shown as it came, in English.
 */
export function translateApiMessage(text: string): string {
  const rateAgainOn = rateAgainDateOf(text);
  if (rateAgainOn !== null) {
    const date = formatDate(rateAgainOn);
    return inActiveLanguage(
      msg`You withdrew a rating of this user under moderation; you can rate again on ${date}`,
      text,
      { date },
    );
  }
  return inActiveLanguage(byText.get(text), text);
}

/**
 * For components that may show API messages (forms, error alerts): fetches their catalog when the
 * component first renders, and re-renders it on a language switch.
 */
export function useApiMessages() {
  useLingui();
  useEffect(() => {
    void loadApiMessages();
  }, []);
}

type RatingCategory = (typeof RATING_CATEGORIES)[RoleContext][number];

/** The contracts' category names: the API speaks them in English, the web app shows them translated. */
export const CATEGORY_TRANSLATIONS = {
  'Work Environment': msg`Work Environment`,
  'Management Quality': msg`Management Quality`,
  'Career Growth': msg`Career Growth`,
  'Work-Life Balance': msg`Work-Life Balance`,
  Compensation: msg`Compensation`,
  'Company Culture': msg`Company Culture`,
  'Technical Skills': msg`Technical Skills`,
  Communication: msg`Communication`,
  Reliability: msg`Reliability`,
  'Team Collaboration': msg`Team Collaboration`,
  'Problem Solving': msg`Problem Solving`,
  Professionalism: msg`Professionalism`,
} as const satisfies Record<RatingCategory, MessageDescriptor>;

export const RATING_LABEL_TRANSLATIONS = {
  Excellent: msg`Excellent`,
  Good: msg`Good`,
  Fair: msg`Fair`,
  'Needs Improvement': msg`Needs Improvement`,
} as const satisfies Record<RatingLabel, MessageDescriptor>;

/**
 * A message of this catalog in the active language, given with its English text: English until the
 * catalog has arrived (components that show these call useApiMessages, which re-renders them then).
 */
function inActiveLanguage(
  descriptor: MessageDescriptor | undefined,
  english: string,
  values?: Record<string, string>,
): string {
  if (!descriptor || !i18n.locale) return english;
  const language = activeLanguage();
  // By id with the values: the descriptor's own values are the macro's placeholders, which these fill.
  if (apiMessagesLoaded(language)) return i18n._(descriptor.id, { ...descriptor.values, ...values });
  void loadApiMessages(language);
  return english;
}

export const flagReasonLabel = (reason: FlagReason) =>
  inActiveLanguage(FLAG_REASON_TRANSLATIONS[reason], FLAG_REASON_LABELS[reason]);
export const disputeReasonLabel = (reason: DisputeReason) =>
  inActiveLanguage(DISPUTE_REASON_TRANSLATIONS[reason], DISPUTE_REASON_LABELS[reason]);
/** A category's name (the API's English key) as shown; a name the table does not know, as it came. */
export const categoryName = (category: string) =>
  inActiveLanguage((CATEGORY_TRANSLATIONS as Record<string, MessageDescriptor>)[category], category);
/** "Excellent", "Good", "Fair" or "Needs Improvement" for an average (contracts ratingLabel). */
export const ratingLabelText = (average: number) => {
  const label = ratingLabel(average);
  return inActiveLanguage(RATING_LABEL_TRANSLATIONS[label], label);
};
