// The mail queue (DESIGN §9.3 "Nothing lost", ADR 0024): `send` writes the message as a row of
// mail_outbox, in the caller's transaction when it passes one; a worker in every server process
// claims due rows (FOR UPDATE SKIP LOCKED, so two processes never take the same row), holds them for
// a lease, delivers them through the transport and marks them sent. A process killed between the
// claim and the mark leaves the row to be claimed again when the lease ends: delivery is at least
// once, and every attempt carries the same Message-ID (the row's id), by which a receiver
// deduplicates. Temporary failures are tried again after growing delays; permanent ones, and mail
// past its expiry, are given up. A row sent or given up keeps no address, subject or body.

import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../db/client.ts';
import {
  fileTransport,
  type Mail,
  type Mailer,
  type MailLog,
  smtpTransport,
  type Transport,
} from './mailer.ts';
import { startPoller } from './poller.ts';

export interface QueueOptions {
  /** Waits before the 2nd, 3rd, … attempt; a temporary failure after the last one gives up. */
  retryDelaysMs?: number[];
  /** How often an idle worker looks for due mail (another process's, or a retry's). */
  pollMs?: number;
  /** How long a claimed row is held before another worker may take it again. */
  leaseMs?: number;
  /**
   * Makes the text of a row stored with only a notification's id (written in the event's
   * transaction), as it is sent; null when the notification is gone.
   */
  render?: (notificationId: string) => Promise<Pick<Mail, 'subject' | 'text' | 'headers'> | null>;
}

/** Two seconds, then 15 s, a minute, 5 minutes, 15 minutes and an hour: an outage of over an hour is survived. */
const RETRY_DELAYS_MS = [2_000, 15_000, 60_000, 300_000, 900_000, 3_600_000];

interface Row {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  headers: Record<string, string>;
  notification_id: string | null;
  attempts: number;
  expired: boolean;
}

/**
 * A failure worth trying again: the server said 4xx (try later), or the connection failed. A 5xx
 * (bad address, refused, authentication) will fail the same way next time.
 */
function isTemporary(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET'].includes(e.code ?? '');
}

/** The error's class, for the log and the row: the server's own text may quote the address. */
const failureOf = (error: unknown) => {
  const e = error as { responseCode?: number; code?: string };
  return { code: e.code, responseCode: e.responseCode };
};

/** Stores a message for delivery; in `tx`, it is sent only if that transaction commits. */
async function enqueueMail(db: Executor, mail: Mail): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into mail_outbox (to_address, subject, body, headers, expires_at)
        values (${mail.to}, ${mail.subject}, ${mail.text}, ${JSON.stringify(mail.headers ?? {})}::jsonb,
                ${mail.expiresAt?.toISOString() ?? null}::timestamptz)
        returning id`,
  );
  if (!row) throw new Error('the mail queue stored nothing');
  return row.id;
}

/** The queue and its worker, started at once; `close` stops the worker after draining. */
export function mailQueue(db: Db, transport: Transport, log: MailLog, options: QueueOptions = {}): Mailer {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  // One message a claim, held for longer than the transport's own time limits allow one delivery to
  // take (mailer.ts): a slow server never lets another worker take a message still being sent.
  const leaseSeconds = (options.leaseMs ?? 180_000) / 1000;
  let stopped = false;

  const claim = () =>
    queryRows<Row>(
      db,
      sql`update mail_outbox o set attempts = o.attempts + 1, due_at = now() + make_interval(secs => ${leaseSeconds})
          from (select id from mail_outbox
                where sent_at is null and gave_up_at is null and due_at <= now()
                order by due_at limit 1 for update skip locked) due
          where o.id = due.id
          returning o.id, o.to_address, o.subject, o.body, o.headers, o.notification_id, o.attempts,
                    coalesce(o.expires_at <= now(), false) as expired`,
    );

  // Each write names the claim it follows (its attempt): a worker whose lease ran out changes nothing.
  const finish = (row: Row, column: 'sent_at' | 'gave_up_at', failure: string | null = null) =>
    db.execute(
      sql`update mail_outbox set ${sql.raw(column)} = now(), failure = ${failure},
            to_address = '', subject = '', body = '', headers = '{}'
          where id = ${row.id} and attempts = ${row.attempts}`,
    );

  async function deliver(row: Row) {
    if (row.expired) {
      await finish(row, 'gave_up_at', 'expired');
      log.warn({ mail: row.id }, 'mail not delivered: expired before it could be sent');
      return;
    }
    try {
      const made =
        row.notification_id === null
          ? null
          : // A failure to read the notification is the database's, and passes: tried again.
            await options.render?.(row.notification_id).catch((error: unknown) => {
              throw Object.assign(new Error('notification not readable'), {
                code: 'ECONNECTION',
                cause: error,
              });
            });
      if (row.notification_id !== null && !made) {
        await finish(row, 'gave_up_at', 'no notification');
        return;
      }
      await transport.deliver({
        id: row.id,
        to: row.to_address,
        subject: made?.subject ?? row.subject,
        text: made?.text ?? row.body,
        headers: made?.headers ?? row.headers,
      });
      await finish(row, 'sent_at');
      log.info({ mail: row.id, attempt: row.attempts }, 'mail sent');
    } catch (error) {
      const detail = { mail: row.id, attempt: row.attempts, ...failureOf(error) };
      const delay = delays[row.attempts - 1];
      if (!isTemporary(error) || delay === undefined) {
        await finish(row, 'gave_up_at', JSON.stringify(failureOf(error)));
        log.warn(detail, 'mail not delivered');
        return;
      }
      await db.execute(
        sql`update mail_outbox set due_at = now() + make_interval(secs => ${delay / 1000})
            where id = ${row.id} and attempts = ${row.attempts}`,
      );
      log.warn(detail, 'mail delivery failed for now, trying again');
    }
  }

  // A run delivers one due message; the poller runs again at once while there was one.
  const poller = startPoller({
    what: 'mail queue',
    everyMs: options.pollMs ?? 1_000,
    log,
    run: async () => {
      const [row] = await claim();
      if (!row) return false;
      await deliver(row);
      return true;
    },
  });
  const wake = poller.wake;

  async function pending(): Promise<{ n: number; next: number | null }> {
    const [row] = await queryRows<{ n: number; next: number | null }>(
      db,
      sql`select count(*)::int as n, extract(epoch from min(due_at) - now())::float8 * 1000 as next
          from mail_outbox where sent_at is null and gave_up_at is null`,
    );
    return row ?? { n: 0, next: null };
  }

  const mailer: Mailer = {
    async send(mail, requestLog = log, tx) {
      const id = await enqueueMail(tx ?? db, mail);
      requestLog.info({ mail: id }, 'mail queued');
      // Outside a transaction the row is there now; in one, the poll finds it once committed.
      if (!tx) void wake();
    },
    async idle() {
      for (;;) {
        await wake();
        const { n, next } = await pending();
        if (n === 0 || stopped) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(next ?? 0, 5), 1_000)));
      }
    },
    async close(drainMs = 5_000) {
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        // A database already closed (a test, a failed start) leaves nothing to wait for.
        mailer.idle().catch(() => {}),
        new Promise<void>((resolve) => {
          deadline = setTimeout(resolve, drainMs);
        }),
      ]);
      clearTimeout(deadline);
      stopped = true;
      await poller.close();
      transport.close();
    },
  };
  return mailer;
}

/** The queue with the deployment's transport: SMTP_URL's server, or files in DATA_DIR/outbox. */
export function createMailer(
  env: { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string },
  log: MailLog,
  db: Db,
  options?: QueueOptions,
): Mailer {
  const transport = env.SMTP_URL
    ? smtpTransport(env.SMTP_URL, env.MAIL_FROM)
    : fileTransport(join(env.DATA_DIR, 'outbox'), log);
  return mailQueue(db, transport, log, options);
}
