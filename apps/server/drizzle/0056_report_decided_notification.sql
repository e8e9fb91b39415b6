-- A reporter is told what came of their report (ADR 0034): kept, with the moderator's reason, or
-- hidden. Told in the app only (contracts NOTIFICATION_APP_ONLY_TYPES), never by mail.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN ('rating_received',
  'reply_received', 'dispute_opened', 'dispute_decided', 'appeal_decided', 'rating_hidden',
  'rating_restored', 'reply_hidden', 'grievance_answered', 'work_email_verified', 'report_decided'));
--> statement-breakpoint
ALTER TABLE notification_mail_off DROP CONSTRAINT notification_mail_off_type_check;
--> statement-breakpoint
ALTER TABLE notification_mail_off ADD CONSTRAINT notification_mail_off_type_check CHECK (type IN ('rating_received',
  'reply_received', 'dispute_opened', 'dispute_decided', 'appeal_decided', 'rating_hidden',
  'rating_restored', 'reply_hidden', 'grievance_answered', 'work_email_verified', 'report_decided'));
