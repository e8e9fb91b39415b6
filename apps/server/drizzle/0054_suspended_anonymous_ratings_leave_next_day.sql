-- A suspended user's anonymous ratings leave with the next day's release, not at the moment of the
-- suspension (ADR 0030): their profile disappearing and an anonymous rating disappearing from a
-- company's page in the same minute would tell the company who wrote it. Until then the row is kept
-- with leaving_since set and the rating stays published; the release hides it and clears the mark.
ALTER TABLE suspension_hidden_ratings ADD COLUMN leaving_since timestamptz;
--> statement-breakpoint
-- The release job's queue of leaving ratings, and nothing else.
CREATE INDEX suspension_hidden_ratings_leaving ON suspension_hidden_ratings (leaving_since)
WHERE leaving_since IS NOT NULL;
