-- The rated user on each flag, copied from its rating by a trigger (ratings never change ratee), so
-- a profile's "under review" check (ADR 0017) reads that user's open automatic flags from a small
-- partial index instead of looking up the rating of every open automatic flag on the site.
ALTER TABLE flags ADD COLUMN ratee_id integer;
--> statement-breakpoint
UPDATE flags f SET ratee_id = r.ratee_id FROM ratings r WHERE r.id = f.rating_id;
--> statement-breakpoint
CREATE FUNCTION flags_set_ratee() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ratee_id := (SELECT r.ratee_id FROM ratings r WHERE r.id = NEW.rating_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER flags_set_ratee BEFORE INSERT ON flags FOR EACH ROW EXECUTE FUNCTION flags_set_ratee();
--> statement-breakpoint
CREATE INDEX flags_open_automatic_by_ratee ON flags (ratee_id) WHERE reporter_id IS NULL AND status = 'open';
