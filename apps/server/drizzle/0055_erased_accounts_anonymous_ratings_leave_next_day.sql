-- An account deleted with its ratings (DESIGN §8.3) takes its anonymous ratings others can see with
-- the next day's release, not in the minute the account goes (ADR 0015, ADR 0030): a person leaving
-- the directory and an anonymous rating leaving a company's page together would tell the company who
-- wrote it. Until then the rating belongs to the deletion's placeholder rater, tied to no person, and
-- author_erased_at says when; the release deletes it with its placeholder.
ALTER TABLE ratings ADD COLUMN author_erased_at timestamptz;
--> statement-breakpoint
-- The release job's queue of them, and nothing else.
CREATE INDEX ratings_author_erased ON ratings (author_erased_at) WHERE author_erased_at IS NOT NULL;
