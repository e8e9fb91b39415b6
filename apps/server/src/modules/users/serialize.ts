// How a user row leaves the API: in full to its owner, without private fields to everyone else
// (DESIGN §5). The response schemas strip anything not listed, as a second line of defence.
import { dayOnly, type OwnUser, PRIVACY_NOTICE_VERSION, type PublicUser } from '@workspace/contracts';
import type { UserRow } from '../../db/schema/index.ts';

export const fromTenths = (tenths: number) => tenths / 10;

/** What everyone may see of a user is made from: none of their private columns (email, password hash). */
export type PublicUserRow = Pick<
  UserRow,
  | 'id'
  | 'userCode'
  | 'fullName'
  | 'userRole'
  | 'city'
  | 'linkedinUrl'
  | 'avatar'
  | 'skills'
  | 'workHistory'
  | 'showRatingDetails'
  | 'dateJoined'
  | 'ratingTenths'
  | 'totalRatingsReceived'
>;

export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    user_code: row.userCode,
    full_name: row.fullName,
    user_role: row.userRole,
    city: row.city,
    linkedin_url: row.linkedinUrl,
    avatar: row.avatar,
    skills: row.userRole === 'employee' ? row.skills : [],
    work_history: row.userRole === 'employee' ? row.workHistory : [],
    show_rating_details: row.showRatingDetails,
    // India's day only: the moment a person joined, beside a review written as they arrived, would
    // help tie them to it; "Joined 4 Dec 2026" is all a page shows.
    date_joined: dayOnly(row.dateJoined),
    rating_received: fromTenths(row.ratingTenths),
    total_ratings_received: row.showRatingDetails ? row.totalRatingsReceived : null,
  };
}

/** `consentVersion`: the latest privacy notice version the user accepted, or null. */
export function toOwnUser(row: UserRow, consentVersion: string | null): OwnUser {
  return {
    ...toPublicUser(row),
    // Their own: the moment, as everything held about them is theirs to see.
    date_joined: row.dateJoined.toISOString(),
    email: row.email,
    is_active: row.isActive,
    total_ratings_received: row.totalRatingsReceived,
    language: row.language,
    consent_version: consentVersion,
    consent_required: consentVersion !== PRIVACY_NOTICE_VERSION,
    email_domain: row.emailDomain,
    email_verified: row.emailVerifiedAt !== null,
    consent_current_version: PRIVACY_NOTICE_VERSION,
  };
}
