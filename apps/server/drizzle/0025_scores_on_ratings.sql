-- A rating's category scores move from their own table onto the rating (ADR 0003), as a JSON object
-- {"<category>": score} of the categories it rates. rating_scores held six rows per rating under a
-- primary key whose leading column is the rating's random id (ADR 0016): each rating wrote six rows,
-- six entries at a random place of a 200 MB index at the bench's 1,000,000 ratings (most often a page
-- read back into memory, and a full-page image in the WAL), and six foreign-key checks.
ALTER TABLE ratings ADD COLUMN scores jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint

UPDATE ratings r SET scores = s.scores
FROM (SELECT rating_id, jsonb_object_agg(category, score) AS scores FROM rating_scores GROUP BY rating_id) s
WHERE r.id = s.rating_id;
--> statement-breakpoint

ALTER TABLE ratings ALTER COLUMN scores DROP DEFAULT;
--> statement-breakpoint

-- An object of whole scores from 1 to 5 (the contracts' LIMITS.scoreMin and scoreMax).
ALTER TABLE ratings ADD CONSTRAINT ratings_scores_check CHECK (
  jsonb_typeof(scores) = 'object'
  AND NOT jsonb_path_exists(scores, '$.* ? (@.type() != "number" || @ < 1 || @ > 5 || @ != @.floor())')
);
--> statement-breakpoint

DROP TABLE rating_scores;
