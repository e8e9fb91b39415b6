// Outgoing mail: codes, grievance receipts and decisions, and every later notice. Each message is a
// row of the mail queue before it is anything else (mail-queue.ts, ADR 0024); the queue's worker hands
// it to a transport: SMTP through nodemailer with SMTP_URL, otherwise a file in DATA_DIR/outbox
// (ADR 0005). Either way the log never holds an address, a code or a message body (DESIGN §6).
//
// The answer of a request that sends mail is the same whether the mail went out, is being retried or
// failed, and waits for no delivery.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text, paragraphs separated by blank lines; the HTML part is made from it. */
  text: string;
  /** Past this time the message is not sent at all (a code that has expired). */
  expiresAt?: Date;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** A stored message on its way out: its id is its Message-ID, the same on every attempt. */
interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

export interface Transport {
  /** Delivers one message or throws (nodemailer's errors: `responseCode`, `code`). */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface Mailer {
  /**
   * Stores the message for delivery and returns; in `tx` it goes out only once that transaction
   * commits. `log` is the logger of the request that sends it, so that its line carries the
   * request's id and the mail's, which the worker's lines carry too.
   */
  send(mail: Mail, log?: MailLog, tx?: Executor): Promise<void>;
  /** Resolves when no stored message waits for delivery (tests, shutdown). */
  idle(): Promise<void>;
  /** Waits for waiting messages (at most `drainMs`), then stops the worker and closes connections. */
  close(drainMs?: number): Promise<void>;
}

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Without SMTP_URL: each message a file in `dir`, named so that the names sort by time. */
export function fileTransport(dir: string, log: MailLog): Transport {
  return {
    async deliver(mail) {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      const extra = Object.entries(mail.headers).map(([name, value]) => `${name}: ${value}\n`);
      writeFileSync(file, `To: ${mail.to}\nSubject: ${mail.subject}\n${extra.join('')}\n${mail.text}\n`, {
        mode: 0o600,
      });
      log.info({ mail: mail.id, outbox: file }, 'mail written to the outbox (SMTP_URL is not set)');
    },
    close() {},
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The HTML part: the same paragraphs as the text, in a plain, readable page. */
export function htmlOf(mail: Pick<Mail, 'subject' | 'text'>): string {
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

/** The Message-ID of a stored message: the same on every attempt, so a receiver keeps one copy. */
export const messageIdOf = (id: string) => `<${id}@mail.worktrust.invalid>`;

/** nodemailer's time limits for one delivery: connecting, the server's greeting, silence on the line. */
const SMTP_TIME_LIMITS_MS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** Through an SMTP server (nodemailer): a text and an HTML part, from `from`. */
export function smtpTransport(url: string, from: string): Transport {
  // Time limits well inside the mail queue's lease (mail-queue.ts), so one delivery never outlives it;
  // given in the URL, where nodemailer reads its options (an operator's own values there win).
  const limited = new URL(url);
  for (const [name, ms] of Object.entries(SMTP_TIME_LIMITS_MS)) {
    if (!limited.searchParams.has(name)) limited.searchParams.set(name, String(ms));
  }
  const transport = nodemailer.createTransport(limited.toString());
  return {
    async deliver(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: htmlOf(mail),
        messageId: messageIdOf(mail.id),
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}
