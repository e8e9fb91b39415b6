-- A version of what others see of a user (issue 4, ADR 0007): their profile, rating summary and
-- published ratings received. The server caches those answers per process and checks the version
-- in the same statement as the caller's session, so a cached answer is served only while nothing it
-- shows has changed, on any instance.
--
-- Everything such an answer shows lives in the user's row or moves it in the same transaction:
-- profile edits, privacy, suspension and every rating published, hidden or restored (the aggregates
-- are updated with it: ratings/aggregates.ts, ratings/repository.ts). The one thing shown from
-- another row is a rater's name, so renaming a user moves the version of everyone they rated.

ALTER TABLE users ADD COLUMN view_version bigint NOT NULL DEFAULT 0;
--> statement-breakpoint

CREATE FUNCTION users_view_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.view_version := OLD.view_version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_view_version BEFORE UPDATE ON users
FOR EACH ROW EXECUTE FUNCTION users_view_version_bump();
--> statement-breakpoint

-- Locks the ratees in id order first (as applyRatings does), so writers that share ratees cannot
-- deadlock.
CREATE FUNCTION users_rater_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT ratee_id FROM ratings WHERE rater_id = NEW.id)
  ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET view_version = view_version + 1
  WHERE id IN (SELECT ratee_id FROM ratings WHERE rater_id = NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_rater_renamed AFTER UPDATE OF full_name ON users
FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name)
EXECUTE FUNCTION users_rater_renamed();
