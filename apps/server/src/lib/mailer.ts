// Outgoing mail (password-reset codes, and every later notice). With SMTP_URL the message goes out
// through nodemailer; without it, to a file in DATA_DIR/outbox (ADR 0005). Either way the log never
// holds an address, a code or a message body (DESIGN §6).
//
// Delivery runs after the request has answered: the answer of a request that sends mail is the same
// whether the mail went out, is being retried or failed, and takes no longer for an existing account
// than for an unknown one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text, paragraphs separated by blank lines; the HTML part is made from it. */
  text: string;
}

export interface Mailer {
  /**
   * Queues the message and returns at once; delivery failures are logged, never thrown. `log` is
   * the logger of the request that sends it, so that its lines carry the request's id.
   */
  send(mail: Mail, log?: MailLog): Promise<void>;
  /** Resolves when every queued message has been delivered or given up on (tests, shutdown). */
  idle(): Promise<void>;
  /** Waits for queued messages (at most `drainMs`), then closes connections. */
  close(drainMs?: number): Promise<void>;
}

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Runs each delivery in the background and keeps track of the ones still running. */
function backgroundQueue() {
  const running = new Set<Promise<void>>();
  return {
    add(delivery: Promise<void>) {
      running.add(delivery);
      void delivery.finally(() => running.delete(delivery));
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

async function drained(idle: Promise<void>, drainMs: number) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([idle, new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)))]);
  clearTimeout(timer);
}

function outboxMailer(dir: string, ownLog: MailLog): Mailer {
  return {
    async send(mail, log = ownLog) {
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
      log.info({ outbox: file }, 'mail written to the outbox (SMTP_URL is not set)');
    },
    // Written before send returns: nothing is ever pending.
    idle: async () => {},
    close: async () => {},
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The HTML part: the same paragraphs as the text, in a plain, readable page. */
export function htmlOf(mail: Mail): string {
  const paragraphs = mail.text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937; max-width: 560px">',
    paragraphs,
    '<p style="color: #6b7280; font-size: 13px">WorkTrust</p>',
    '</body></html>',
  ].join('\n');
}

export interface SmtpOptions {
  url: string;
  from: string;
  /** Waits before the 2nd, 3rd, … attempt; a temporary failure after the last one gives up. */
  retryDelaysMs?: number[];
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

export function smtpMailer(options: SmtpOptions, ownLog: MailLog): Mailer {
  const transport = nodemailer.createTransport(options.url);
  const delays = options.retryDelaysMs ?? [2_000, 15_000, 60_000];
  const queue = backgroundQueue();

  async function deliver(mail: Mail, log: MailLog) {
    for (let attempt = 1; ; attempt++) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: htmlOf(mail),
        });
        log.info({ attempt }, 'mail sent');
        return;
      } catch (error) {
        const e = error as { responseCode?: number; code?: string };
        // Only the error's class: the server's response text may quote the address.
        const detail = { attempt, code: e.code, responseCode: e.responseCode };
        const delay = delays[attempt - 1];
        if (!isTemporary(error) || delay === undefined) {
          log.warn(detail, 'mail not delivered');
          return;
        }
        log.warn(detail, 'mail delivery failed for now, trying again');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  return {
    async send(mail, log = ownLog) {
      queue.add(deliver(mail, log));
    },
    idle: () => queue.idle(),
    async close(drainMs = 5_000) {
      await drained(queue.idle(), drainMs);
      transport.close();
    },
  };
}

export function createMailer(
  env: { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string },
  log: MailLog,
): Mailer {
  return env.SMTP_URL
    ? smtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }, log)
    : outboxMailer(join(env.DATA_DIR, 'outbox'), log);
}
