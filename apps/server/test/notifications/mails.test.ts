// Every notification type's mail, in English and in Hindi, through a real SMTP server (DESIGN §9.3):
// the worker writes each into the mail queue in the account's language, with the link to what it is
// about and the one-click unsubscribe headers (RFC 8058); the data export lists them too.
import {
  LANGUAGES,
  type MailedNotificationType,
  type MyData,
  NOTIFICATION_MAIL_TYPES,
} from '@workspace/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { recordNotification } from '../../src/modules/notifications/repository.ts';
import { get, makeUser } from '../core/support.ts';
import { createTestApp, type TestContext } from '../helpers.ts';
import { startSmtp, type TestSmtp } from '../mail/smtp-server.ts';

let ctx: TestContext;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://worktrust.example.in' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const PARAMS: Record<MailedNotificationType, Record<string, string>> = {
  rating_received: {},
  reply_received: { ratee_name: 'Kaveri Foods' },
  // A rating of an employee, held back while disputed.
  dispute_opened: { ratee_name: 'Kaveri Foods', held: 'true' },
  dispute_decided: { outcome: 'REJECTED', reason: 'The review describes work.', side: 'author' },
  appeal_decided: { outcome: 'rejected', reason: 'No new facts.' },
  rating_hidden: { reason: 'Names a person.' },
  rating_restored: { reason: 'Checked.' },
  reply_hidden: { reason: 'Insults the reviewer.' },
  grievance_answered: { grievance_number: 'GRV-000001' },
  work_email_verified: { company_name: 'Kaveri Foods' },
};

describe('every type’s mail', () => {
  for (const language of LANGUAGES) {
    it(`is written in ${language}, with its link and the unsubscribe headers`, async () => {
      const person = await makeUser(ctx, 'employee');
      await ctx.deps.db.update(users).set({ language }).where(eq(users.id, person.id));
      await ctx.deps.db.transaction(async (tx) => {
        for (const type of NOTIFICATION_MAIL_TYPES) {
          await recordNotification(tx, {
            userId: person.id,
            type,
            params: PARAMS[type],
            link: `/to/${type}`,
          });
        }
      });
      await ctx.deps.notificationMail.idle();
      // A rating received waits for the daily mail: its time comes.
      await ctx.deps.db.execute(
        sql`update notifications set digest_after = now() where user_id = ${person.id}`,
      );
      await ctx.deps.notificationMail.idle();

      const mails = smtp.received.filter((m) => (m.to as { text: string }).text === person.email);
      // One mail a type, the rating received's as the daily mail.
      expect(mails).toHaveLength(NOTIFICATION_MAIL_TYPES.length);
      for (const mail of mails) {
        // Unfolded: a long header is folded over lines in the raw mail.
        const lines = mail.headerLines.map((h) => h.line.replace(/\r?\n\s+/g, ' '));
        expect(
          lines.some((l) =>
            /^List-Unsubscribe: <https:\/\/worktrust\.example\.in\/api\/auth\/unsubscribe\/\?u=\d+&t=\w+&s=[\w-]+>$/.test(
              l,
            ),
          ),
        ).toBe(true);
        expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
        expect(mail.html).toBeTruthy();
      }
      const devanagari = /[\u0900-\u097F]/;
      for (const mail of mails) expect(devanagari.test(`${mail.subject}`)).toBe(language === 'hi');
      for (const type of NOTIFICATION_MAIL_TYPES.filter((t) => t !== 'rating_received')) {
        expect(
          mails.some((m) => m.text?.includes(`https://worktrust.example.in/to/${type}`)),
          type,
        ).toBe(true);
      }
      const disputed = mails.find(
        (m) => m.text?.includes('Kaveri Foods') && /dispute|आपत्ति/.test(`${m.subject}`),
      );
      expect(disputed?.text).toContain(
        language === 'hi'
          ? 'तब तक रेटिंग प्रोफ़ाइल पर नहीं दिखती'
          : 'the rating is held back from the profile meanwhile',
      );
      const reasons = mails.filter((m) => m.text?.includes('Names a person.'));
      expect(reasons).toHaveLength(1);

      // The export lists every notification, and the settings.
      const exported = await get<MyData>(ctx, person, '/api/auth/my-data/');
      expect(exported.status).toBe(200);
      expect(exported.body.notifications.map((n) => n.type).sort()).toEqual(
        [...NOTIFICATION_MAIL_TYPES].sort(),
      );
      expect(exported.body.notification_settings.daily_digest).toBe(false);
    });
  }
});
