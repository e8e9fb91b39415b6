-- A moderator hiding a reply tells its author why (notification 'reply_hidden'), as hiding a rating
-- tells the rating's author: every moderation decision reaches the person it concerns with its reason.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN ('rating_received',
  'reply_received', 'dispute_opened', 'dispute_decided', 'appeal_decided', 'rating_hidden',
  'rating_restored', 'reply_hidden', 'grievance_answered', 'work_email_verified'));
--> statement-breakpoint
ALTER TABLE notification_mail_off DROP CONSTRAINT notification_mail_off_type_check;
--> statement-breakpoint
ALTER TABLE notification_mail_off ADD CONSTRAINT notification_mail_off_type_check CHECK (type IN ('rating_received',
  'reply_received', 'dispute_opened', 'dispute_decided', 'appeal_decided', 'rating_hidden',
  'rating_restored', 'reply_hidden', 'grievance_answered', 'work_email_verified'));
