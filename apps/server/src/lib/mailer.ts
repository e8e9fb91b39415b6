// Outgoing mail (password-reset codes). Without SMTP_URL the message is written to
// DATA_DIR/outbox and the log notes where, never the code itself (DESIGN §2, §6).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function outboxMailer(dir: string, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(mail) {
      mkdirSync(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      writeFileSync(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
      log.info({ outbox: file }, 'mail written to the outbox (SMTP_URL is not set)');
    },
  };
}
