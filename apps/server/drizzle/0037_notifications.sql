-- Notifications (DESIGN §9.3, ADR 0025): what happened to a person's ratings, disputes, appeals and
-- grievances, written in the same transaction as the event, and so is their mail. `mail_state` says
-- what became of the mail, decided from the account's settings as the row is written: 'queued' (a
-- mail_outbox row, `notification_id`, written with it), 'skipped' (that type off, or no account) or
-- 'digest' (for the daily mail at `digest_after`), then 'digested'.
CREATE TABLE notifications (
  -- Random: a counter's order would date a rating received against one's other notifications.
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        text NOT NULL CHECK (type IN ('rating_received', 'reply_received', 'dispute_opened',
                'dispute_decided', 'appeal_decided', 'rating_hidden', 'rating_restored',
                'grievance_answered', 'work_email_verified')),
  params      jsonb NOT NULL DEFAULT '{}',
  link        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz,
  mail_state  text NOT NULL CHECK (mail_state IN ('queued', 'skipped', 'digest', 'digested')),
  -- For 'digest': the daily mail it goes in (03:30 UTC of the day after it was set aside, or of the
  -- same day before then), the same moment for everyone, whatever the time of the event.
  digest_after timestamptz
);
--> statement-breakpoint
CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
--> statement-breakpoint
CREATE INDEX notifications_for_digest ON notifications (digest_after) WHERE mail_state = 'digest';
--> statement-breakpoint
-- Mail by type: a row only for a type someone turned off (every type is on by default).
CREATE TABLE notification_mail_off (
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type     text NOT NULL CHECK (type IN ('rating_received', 'reply_received', 'dispute_opened',
             'dispute_decided', 'appeal_decided', 'rating_hidden', 'rating_restored',
             'grievance_answered', 'work_email_verified')),
  PRIMARY KEY (user_id, type)
);
--> statement-breakpoint
-- One mail a day instead of one a notification (off by default).
ALTER TABLE users ADD COLUMN notification_digest boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- A notification's mail: its text is made as it is sent, in the account's language then.
ALTER TABLE mail_outbox ADD COLUMN notification_id uuid REFERENCES notifications (id) ON DELETE CASCADE;
