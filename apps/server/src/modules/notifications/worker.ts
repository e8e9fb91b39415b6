// Each notification's mail (DESIGN §9.3, ADR 0025): a worker in every server process takes the
// notifications not yet looked at (FOR UPDATE SKIP LOCKED: two processes never take the same) and, in
// the same transaction, writes the mail into the mail queue in the account's language and marks the
// notification 'queued', or marks it 'skipped' (that type's mail is off, or the account is gone) or
// 'digest' (the account asked for one mail a day). Once a day at most, an account's 'digest'
// notifications go out as one mail. Every mail carries a one-click unsubscribe (RFC 8058).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LANGUAGES, type Language, type NotificationType } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import type { Mailer, MailLog } from '../../lib/mailer.ts';
import { digestMail, notificationMail } from './mail-texts.ts';

/**
 * When today's daily mail goes: 03:30 UTC, 09:00 in India, the same for everyone, so that its time
 * says nothing of when what it tells happened.
 */
const DIGEST_TODAY = sql`(date_trunc('day', now(), 'UTC') + interval '3 hours 30 minutes')`;
const NEXT_DIGEST = sql`(case when now() < ${DIGEST_TODAY} then ${DIGEST_TODAY} else ${DIGEST_TODAY} + interval '1 day' end)`;

/** What an unsubscribe link turns off: one type's mail, or the daily digest. */
export type Unsubscribable = NotificationType | 'daily_digest';

/** The signature of an unsubscribe link: it works without signing in, for that account and type only. */
function unsubscribeSignature(secret: string, userId: number, what: Unsubscribable): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${what}`).digest('base64url');
}

export function validUnsubscribe(secret: string, userId: number, what: Unsubscribable, signature: string) {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, what));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Options {
  db: Db;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  log: MailLog;
  pollMs?: number;
}

interface PendingRow {
  id: number;
  user_id: number;
  type: NotificationType;
  params: Record<string, string>;
  link: string;
  email: string;
  language: string;
  digest: boolean;
  mail_off: boolean;
  gone: boolean;
}

export interface NotificationMail {
  /** Resolves when no notification waits for its mail to be decided (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const languageOf = (code: string): Language =>
  ((LANGUAGES as readonly string[]).includes(code) ? code : 'en') as Language;

export function startNotificationMail({
  db,
  mailer,
  secret,
  publicUrl,
  log,
  pollMs = 1_000,
}: Options): NotificationMail {
  const unsubscribeUrl = (userId: number, what: Unsubscribable) =>
    `${publicUrl}/api/auth/unsubscribe/?u=${userId}&t=${what}&s=${unsubscribeSignature(secret, userId, what)}`;
  const headersFor = (url: string) => ({
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  /** Decides the mail of up to 50 pending notifications; returns how many it took. */
  async function decidePending(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await queryRows<PendingRow>(
        tx,
        sql`select n.id, n.user_id, n.type, n.params, n.link, u.email, u.language,
                   u.notification_digest as digest, off.type is not null as mail_off,
                   not u.is_active as gone
            from notifications n join users u on u.id = n.user_id
            left join notification_mail_off off on off.user_id = n.user_id and off.type = n.type
            where n.mail_state = 'pending' order by n.id limit 50
            for update of n skip locked`,
      );
      for (const row of rows) {
        // A rating received is told only in the daily mail, whatever the setting: a mail sent the
        // moment it was written would date an anonymous rating to the minute (ADR 0025).
        const daily = row.digest || row.type === 'rating_received';
        // A grievance's answer is mailed with the answer itself (privacy/service.ts): no second mail.
        const own = row.type === 'grievance_answered';
        const state = row.mail_off || row.gone || own ? 'skipped' : daily ? 'digest' : 'queued';
        if (state === 'queued') {
          const unsubscribe = unsubscribeUrl(row.user_id, row.type);
          const mail = notificationMail(languageOf(row.language), row.type, row.params, {
            open: `${publicUrl}${row.link}`,
            unsubscribe,
          });
          await mailer.send({ to: row.email, ...mail, headers: headersFor(unsubscribe) }, log, tx);
        }
        await tx.execute(
          sql`update notifications set mail_state = ${state},
                digest_after = case when ${state} = 'digest' then ${NEXT_DIGEST} end where id = ${row.id}`,
        );
      }
      return rows.length;
    });
  }

  /** Sends the daily mail of the accounts whose set-aside notifications are due; returns how many. */
  async function sendDigests(): Promise<number> {
    return db.transaction(async (tx) => {
      const users = await queryRows<{ id: number; email: string; language: string; active: boolean }>(
        tx,
        sql`select u.id, u.email, u.language, u.is_active as active from users u
            where exists (select 1 from notifications n
                          where n.user_id = u.id and n.mail_state = 'digest' and n.digest_after <= now())
            limit 20 for update of u skip locked`,
      );
      for (const user of users) {
        const items = await queryRows<{
          type: NotificationType;
          params: Record<string, string>;
          link: string;
        }>(
          tx,
          sql`update notifications set mail_state = 'digested'
              where user_id = ${user.id} and mail_state = 'digest' and digest_after <= now()
              returning type, params, link`,
        );
        if (user.active && items.length > 0) {
          const unsubscribe = unsubscribeUrl(user.id, 'daily_digest');
          const mail = digestMail(
            languageOf(user.language),
            items.map((item) => ({ ...item, open: `${publicUrl}${item.link}` })),
            unsubscribe,
          );
          await mailer.send({ to: user.email, ...mail, headers: headersFor(unsubscribe) }, log, tx);
        }
      }
      return users.length;
    });
  }

  let running: Promise<void> | null = null;
  let failing = false;
  const cycle = async () => {
    while ((await decidePending()) > 0) {}
    while ((await sendDigests()) > 0) {}
  };
  const wake = () => {
    running ??= cycle()
      .then(() => {
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) log.warn({ err: error }, 'notification mail cannot reach the database; trying again');
        failing = true;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void wake(), pollMs);
  timer.unref();

  return {
    async idle() {
      await running;
      await wake();
      await mailer.idle();
    },
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Turns off what an unsubscribe link names, for its account. */
export async function unsubscribe(db: Executor, userId: number, what: Unsubscribable) {
  await db.execute(
    what === 'daily_digest'
      ? sql`update users set notification_digest = false where id = ${userId}`
      : sql`insert into notification_mail_off (user_id, type) values (${userId}, ${what}) on conflict do nothing`,
  );
}
