import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  type AutomaticFlagRule,
  type PersonalDataKind,
  type Rating,
  type RoleContext,
  TOMBSTONE_NAME,
} from '@workspace/contracts';
import { i18n } from '@/lib/i18n';

/** How a rating's context is named on cards (SPEC §2 dashboard). */
export const CONTEXT_LABELS: Record<RoleContext, MessageDescriptor> = {
  EMPLOYEE_TO_COMPANY: msg`Company Rating`,
  EMPLOYER_TO_EMPLOYEE: msg`Employee Rating`,
};

/** Which rule of the automatic checks raised a flag (moderation queue, transparency report). */
export const FLAG_RULE_LABELS: Record<AutomaticFlagRule, MessageDescriptor> = {
  volume: msg`Many ratings in one day`,
  fresh_accounts: msg`Many ratings from new accounts`,
  copied_text: msg`Copied text: nearly the same as another account's rating`,
  repeated_text: msg`Repeated text: the same account's text on another profile`,
};

/** The kinds of personal data a published text may not carry (transparency report). */
export const PERSONAL_DATA_KIND_LABELS: Record<PersonalDataKind, MessageDescriptor> = {
  aadhaar: msg`Aadhaar numbers`,
  pan: msg`PANs`,
  mobile: msg`Mobile numbers`,
  email: msg`Email addresses`,
  address: msg`Street addresses with a PIN code`,
};

const ANONYMOUS_RATER = msg`Anonymous`;
const TOMBSTONE = msg`Deleted account`;

/** A person's name as the API sends it, with the name of a deleted account's rater in the reader's language. */
export const personName = (name: string) => (name === TOMBSTONE_NAME ? i18n._(TOMBSTONE) : name);

/**
 * The rater as the reader sees them. For an anonymous rating the API sends `rater_name` "Anonymous"
 * (English, the contract) and no `rater`; the page says it in its own language. The author and the
 * moderators get the rater (`rater`), so they see the real name.
 */
export function raterName(rating: Pick<Rating, 'rater' | 'rater_name' | 'is_anonymous'>): string {
  return rating.is_anonymous && rating.rater === undefined ? i18n._(ANONYMOUS_RATER) : rating.rater_name;
}
