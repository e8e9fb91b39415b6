-- A reinstated user's anonymous ratings come back with the next day's release of held ratings, not at
-- the moment of the reinstatement (ADR 0030): their account reappearing and an anonymous rating
-- reappearing on a company's page in the same minute would tell the company who wrote it. The row
-- their suspension wrote stays until then, reinstated_at set; a new suspension clears it again.
ALTER TABLE suspension_hidden_ratings ADD COLUMN reinstated_at timestamptz;
--> statement-breakpoint
-- The release job's queue of returning ratings, and nothing else.
CREATE INDEX suspension_hidden_ratings_returning ON suspension_hidden_ratings (reinstated_at)
WHERE reinstated_at IS NOT NULL;
