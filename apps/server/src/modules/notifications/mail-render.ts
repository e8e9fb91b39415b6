// A notification's mail as it is sent (ADR 0025): the mail queue holds only the notification's id
// (written in the event's transaction, repository.ts); its subject, text, link and one-click
// unsubscribe (RFC 8058) are made here, in the account's language at that moment.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { knownLanguage, type MailOffType } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notificationMail } from './mail-texts.ts';

/** What an unsubscribe link turns off: one type's mail a person may turn off, or the daily digest. */
export type Unsubscribable = MailOffType | 'daily_digest';

export interface MailLinks {
  secret: string;
  publicUrl: string;
}

function unsubscribeSignature(secret: string, userId: number, what: Unsubscribable): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${what}`).digest('base64url');
}

/** Whether an unsubscribe link was made by this server for that account and that kind of mail. */
export function validUnsubscribe(secret: string, userId: number, what: Unsubscribable, signature: string) {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, what));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(links: MailLinks, userId: number, what: Unsubscribable) {
  return `${links.publicUrl}/api/auth/unsubscribe/?u=${userId}&t=${what}&s=${unsubscribeSignature(links.secret, userId, what)}`;
}

/** The List-Unsubscribe headers of RFC 8058 for `url`. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** Makes the mail of notification `id`, or null when it is gone (its account was deleted). */
export function notificationRenderer(db: Db, links: MailLinks) {
  return async (id: string) => {
    // A mail is queued only for a type one may turn off (NOTIFICATION_MAIL_TYPES): mailState skips
    // the others (app-only ones, and a grievance's answer, mailed with the answer itself).
    const [row] = await queryRows<{
      user_id: number;
      type: MailOffType;
      params: Record<string, string>;
      link: string;
      language: string;
    }>(
      db,
      sql`select n.user_id, n.type, n.params, n.link, u.language
          from notifications n join users u on u.id = n.user_id where n.id = ${id}`,
    );
    if (!row) return null;
    const unsubscribe = unsubscribeUrl(links, row.user_id, row.type);
    const mail = notificationMail(knownLanguage(row.language), row.type, row.params, {
      open: `${links.publicUrl}${row.link}`,
      unsubscribe,
    });
    return { ...mail, headers: unsubscribeHeaders(unsubscribe) };
  };
}
