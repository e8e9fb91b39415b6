-- Withdrawing a rating keeps its record (DESIGN §9.1, ADR 0013). Its flags, dispute and appeal used
-- to go with it (ON DELETE CASCADE), so withdrawing and rating again undid a dispute or a hiding and
-- the transparency report stopped counting them. They now stay, with the rating's id, and what was
-- still open is closed as 'withdrawn'. The rows that go with a rating are its reply and scores.
ALTER TABLE flags DROP CONSTRAINT flags_rating_id_fkey;
--> statement-breakpoint
ALTER TABLE rating_disputes DROP CONSTRAINT rating_disputes_rating_id_fkey;
--> statement-breakpoint
ALTER TABLE rating_appeals DROP CONSTRAINT rating_appeals_rating_id_fkey;
--> statement-breakpoint
ALTER TABLE flags DROP CONSTRAINT flags_status_check;
--> statement-breakpoint
ALTER TABLE flags ADD CONSTRAINT flags_status_check CHECK (status IN ('open', 'dismissed', 'actioned', 'withdrawn'));
--> statement-breakpoint
ALTER TABLE rating_disputes DROP CONSTRAINT rating_disputes_status_check;
--> statement-breakpoint
ALTER TABLE rating_disputes ADD CONSTRAINT rating_disputes_status_check CHECK (status IN ('open', 'decided', 'withdrawn'));
--> statement-breakpoint
ALTER TABLE rating_appeals DROP CONSTRAINT rating_appeals_status_check;
--> statement-breakpoint
ALTER TABLE rating_appeals ADD CONSTRAINT rating_appeals_status_check CHECK (status IN ('open', 'restored', 'rejected', 'withdrawn'));
--> statement-breakpoint
-- A rater who withdrew a rating under moderation (hidden, under an open dispute, or after an upheld
-- one) waits until `until` to rate that person again in that context. Purged once past.
CREATE TABLE rating_cooldowns (
  rater_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ratee_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_context  text NOT NULL CHECK (role_context IN ('EMPLOYEE_TO_COMPANY', 'EMPLOYER_TO_EMPLOYEE')),
  until         timestamptz NOT NULL,
  PRIMARY KEY (rater_id, ratee_id, role_context)
);
