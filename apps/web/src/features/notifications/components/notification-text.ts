// What each notification says, in the reader's language; the server's mail says the same
// (apps/server/src/modules/notifications/mail-texts.ts). A rating received never names its author.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  FLAG_REASONS,
  type FlagReason,
  type MailedNotificationType,
  type Notification,
} from '@workspace/contracts';
import { flagReasonLabel } from '@/lib/api-messages';
import { i18n } from '@/lib/i18n';

const isFlagReason = (value: string | undefined): value is FlagReason =>
  (FLAG_REASONS as readonly (string | undefined)[]).includes(value);

/** Each mailed type's name, for the mail settings. */
export const NOTIFICATION_TYPE_LABELS: Record<MailedNotificationType, MessageDescriptor> = {
  rating_received: msg`Someone rated you`,
  reply_received: msg`A reply to your rating`,
  dispute_opened: msg`A dispute about your rating`,
  dispute_decided: msg`A dispute decided`,
  appeal_decided: msg`Your appeal decided`,
  rating_hidden: msg`Your rating hidden`,
  rating_restored: msg`A rating published again`,
  reply_hidden: msg`Your reply hidden`,
  grievance_answered: msg`Your grievance answered`,
  work_email_verified: msg`Your work email verified`,
};

/**
 * The notification's sentence, the moderators' reason when it has one, and whether the way on from
 * their decision is the Grievance Officer.
 */
export function notificationText(n: Notification): { text: string; reason?: string; grievance?: true } {
  const p = n.params;
  const reason = p.reason;
  // Named, so the catalogs read {name}, {number} and {company} rather than {0}.
  const name = p.ratee_name ?? '';
  const number = p.grievance_number ?? '';
  const company = p.company_name ?? '';
  switch (n.type) {
    case 'rating_received':
      return { text: i18n._(msg`Someone rated you. Read it under My Ratings, received.`) };
    case 'reply_received':
      return { text: i18n._(msg`${name} replied to your rating.`) };
    case 'dispute_opened':
      return { text: i18n._(msg`${name} disputed your rating; moderators will decide.`) };
    case 'dispute_decided':
      return {
        text:
          p.outcome === 'UPHELD'
            ? p.side === 'author'
              ? i18n._(
                  msg`A dispute about your rating was upheld: the rating is hidden. You may appeal once.`,
                )
              : i18n._(msg`Your dispute was upheld: the rating is hidden.`)
            : p.side === 'author'
              ? i18n._(msg`A dispute about your rating was rejected: it stays published.`)
              : i18n._(msg`Your dispute was rejected: the rating stays published.`),
        reason,
      };
    case 'appeal_decided':
      return {
        text:
          p.outcome === 'restored'
            ? i18n._(msg`Your appeal was granted: your rating is published again.`)
            : i18n._(msg`Your appeal was rejected: your rating stays hidden.`),
        reason,
      };
    case 'rating_hidden':
      return { text: i18n._(msg`Moderators hid a rating you wrote. You may appeal once.`), reason };
    case 'rating_restored':
      return p.side === 'rated'
        ? { text: i18n._(msg`Moderators published again a rating you had disputed.`) }
        : { text: i18n._(msg`Moderators published a rating of yours again.`), reason };
    case 'reply_hidden':
      return {
        text: i18n._(
          msg`Moderators hid a reply you wrote. You can remove it and write a new one, or appeal through the grievance form.`,
        ),
        reason,
      };
    case 'grievance_answered':
      return { text: i18n._(msg`Your grievance ${number} was answered.`) };
    case 'work_email_verified':
      return { text: i18n._(msg`You are a verified employee of ${company}.`) };
    case 'report_decided': {
      // Kept is worded the same whatever else became of the rating (its author suspended, their
      // account deleted): a different sentence would tell the reporter that (ADR 0034).
      const reported = isFlagReason(p.report_reason) ? flagReasonLabel(p.report_reason) : '';
      return p.outcome === 'hidden'
        ? {
            text: i18n._(
              msg`Moderators hid a rating you reported on ${name}'s profile (${reported}). Thank you for reporting it.`,
            ),
          }
        : {
            text: i18n._(
              msg`Moderators read your report about a rating on ${name}'s profile (${reported}) and did not hide the rating for it.`,
            ),
            reason,
            grievance: true,
          };
    }
  }
}
