-- An edit of an anonymous rating others can see waits for the next day in India, as a new anonymous
-- rating does (ADR 0030): until the release applies it, everyone else sees the rating as it was, so
-- the moment it changed cannot date its author's visit. held_edit holds the edit's fields (a key
-- present is a field changed: category scores with overall_tenths, feedback_message), merged when
-- the author edits again; held_edit_at is when they last did, which decides the day it waits for.
ALTER TABLE ratings ADD COLUMN held_edit jsonb;
--> statement-breakpoint
ALTER TABLE ratings ADD COLUMN held_edit_at timestamptz;
--> statement-breakpoint
-- The release job's queue of edits, and nothing else.
CREATE INDEX ratings_held_edits ON ratings (held_edit_at) WHERE held_edit_at IS NOT NULL;
--> statement-breakpoint
-- A rating moderators hide (by hand, by an upheld dispute, by its author's suspension) loses the edit
-- waiting on it: they decided on the text they saw, and it is that text a restoring decision
-- publishes again. Its author may edit once it is published again.
CREATE FUNCTION ratings_hidden_drop_held_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.held_edit := NULL;
  NEW.held_edit_at := NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ratings_hidden_drop_held_edit BEFORE UPDATE OF status ON ratings
FOR EACH ROW WHEN (NEW.status = 'hidden' AND OLD.held_edit_at IS NOT NULL)
EXECUTE FUNCTION ratings_hidden_drop_held_edit();
