-- Anonymous ratings held until the next day in India (ADR 0030): status 'held' is seen by the author
-- alone and counts nowhere until the release job (modules/ratings/release.ts) publishes it with the
-- rest of its day. The verified badge's count of raters (drizzle/0029) must not move when it is
-- written either, since that count decides, for everyone, whether badges show: a held rating is
-- counted when it leaves 'held', and uncounted on delete only if it had been.
ALTER TABLE ratings DROP CONSTRAINT ratings_status_check;
--> statement-breakpoint
ALTER TABLE ratings ADD CONSTRAINT ratings_status_check CHECK (status IN ('published', 'hidden', 'disputed', 'held'));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ratings_verified_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE users SET verified_raters = verified_raters - 1 WHERE id = OLD.ratee_id;
  ELSE
    UPDATE users SET verified_raters = verified_raters + 1 WHERE id = NEW.ratee_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER ratings_verified_insert ON ratings;
--> statement-breakpoint
CREATE TRIGGER ratings_verified_insert AFTER INSERT ON ratings
FOR EACH ROW WHEN (NEW.verified_employee AND NEW.status <> 'held') EXECUTE FUNCTION ratings_verified_counted();
--> statement-breakpoint
DROP TRIGGER ratings_verified_delete ON ratings;
--> statement-breakpoint
CREATE TRIGGER ratings_verified_delete AFTER DELETE ON ratings
FOR EACH ROW WHEN (OLD.verified_employee AND OLD.status <> 'held') EXECUTE FUNCTION ratings_verified_counted();
--> statement-breakpoint
CREATE TRIGGER ratings_verified_released AFTER UPDATE OF status ON ratings
FOR EACH ROW WHEN (OLD.status = 'held' AND NEW.status <> 'held' AND NEW.verified_employee)
EXECUTE FUNCTION ratings_verified_counted();
--> statement-breakpoint
-- The release job's queue: the held ratings in the order they were written, and nothing else.
CREATE INDEX ratings_held ON ratings (created_at) WHERE status = 'held';
--> statement-breakpoint
-- A burst that a held rating completes is flagged for moderators at once, but the profile's public
-- notice of it (unusual-activity.ts, underReviewQuery) shows only from the next day in India: shown at
-- once, it would date the held rating.
ALTER TABLE flags ADD COLUMN notice_from timestamptz;
