-- Unusual activity (DESIGN §8.2, ADR 0017): bursts of ratings on one profile are flagged
-- automatically, with reason UNUSUAL_ACTIVITY and no reporter. A rating is flagged automatically at
-- most once, ever (the partial unique index: once moderators have looked, the same burst does not
-- return); the index also serves the profile's "under review" check, and stays small.
ALTER TABLE flags ALTER COLUMN reporter_id DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE flags DROP CONSTRAINT flags_reason_check;
--> statement-breakpoint
ALTER TABLE flags ADD CONSTRAINT flags_reason_check
  CHECK (reason IN ('FAKE', 'OFFENSIVE', 'SPAM', 'CONFLICT_OF_INTEREST', 'PERSONAL_INFORMATION', 'OTHER', 'UNUSUAL_ACTIVITY'));
--> statement-breakpoint
-- People's flags name their reporter; only the automatic check flags without one, and only with
-- its own reason.
ALTER TABLE flags ADD CONSTRAINT flags_automatic_reason
  CHECK ((reporter_id IS NULL) = (reason = 'UNUSUAL_ACTIVITY'));
--> statement-breakpoint
CREATE UNIQUE INDEX flags_one_automatic ON flags (rating_id) WHERE reporter_id IS NULL;
