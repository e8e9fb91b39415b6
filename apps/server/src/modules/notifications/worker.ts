// The daily mail (DESIGN §9.3, ADR 0025): a worker in every server process sends, once their time
// has come (03:30 UTC), the notifications set aside for it, one mail an account, in the account's
// language, with a one-click unsubscribe of the daily mail. Accounts are taken with FOR UPDATE SKIP
// LOCKED and their notifications marked 'digested' in the same transaction as the mail is queued, so
// two processes never send one twice.
import { knownLanguage, type MailedNotificationType } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import type { Mailer, MailLog } from '../../lib/mailer.ts';
import { startPoller } from '../../lib/poller.ts';
import { type MailLinks, type Unsubscribable, unsubscribeHeaders, unsubscribeUrl } from './mail-render.ts';
import { digestMail } from './mail-texts.ts';

interface Options extends MailLinks {
  db: Db;
  mailer: Mailer;
  log: MailLog;
  pollMs?: number;
}

export interface NotificationMail {
  /** Resolves when no due daily mail waits, and the mail queue is idle (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function startNotificationMail({
  db,
  mailer,
  log,
  pollMs = 60_000,
  ...links
}: Options): NotificationMail {
  /** Sends the daily mail of the accounts whose set-aside notifications are due; returns how many. */
  async function sendDigests(): Promise<number> {
    return db.transaction(async (tx) => {
      const users = await queryRows<{ id: number; email: string; language: string; active: boolean }>(
        tx,
        sql`select u.id, u.email, u.language, u.is_active as active from users u
            where u.id in (select n.user_id from notifications n
                           where n.mail_state = 'digest' and n.digest_after <= now())
            limit 20 for update of u skip locked`,
      );
      for (const user of users) {
        // A digest holds mailed types only: mailState skips an app-only one.
        const items = await queryRows<{
          type: MailedNotificationType;
          params: Record<string, string>;
          link: string;
        }>(
          tx,
          sql`update notifications set mail_state = 'digested'
              where user_id = ${user.id} and mail_state = 'digest' and digest_after <= now()
              returning type, params, link`,
        );
        if (user.active && items.length > 0) {
          const unsubscribe = unsubscribeUrl(links, user.id, 'daily_digest');
          const mail = digestMail(
            knownLanguage(user.language),
            items.map((item) => ({ ...item, open: `${links.publicUrl}${item.link}` })),
            unsubscribe,
          );
          await mailer.send({ to: user.email, ...mail, headers: unsubscribeHeaders(unsubscribe) }, log, tx);
        }
      }
      return users.length;
    });
  }

  const poller = startPoller({
    what: 'daily mail',
    everyMs: pollMs,
    log,
    run: async () => (await sendDigests()) > 0,
  });

  return {
    async idle() {
      // A run that starts after this call (after the one under way, if any): mail due by now is sent.
      await poller.wake();
      await mailer.idle();
    },
    close: () => poller.close(),
  };
}

/** Turns off what an unsubscribe link names, for its account. */
export async function unsubscribe(db: Executor, userId: number, what: Unsubscribable) {
  await db.execute(
    what === 'daily_digest'
      ? sql`update users set notification_digest = false where id = ${userId}`
      : // An account deleted since the mail: nothing left to turn off.
        sql`insert into notification_mail_off (user_id, type)
            select id, ${what} from users where id = ${userId} on conflict do nothing`,
  );
}
