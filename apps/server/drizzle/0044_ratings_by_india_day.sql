-- Public lists of received ratings go newest day first by India's day (contracts' DAY_ZONE), as
-- anonymous ratings now show it (db/days.ts), not by the UTC day: a rating written at 1 a.m. in India
-- belonged to the day before. Otherwise as 0014 made it; the expression is db/days.ts's dayIn. Built
-- beside the old index, which is then dropped: dropping first would lock every read of ratings for
-- the whole build.
CREATE INDEX ratings_public_received_india
  ON ratings (ratee_id, (date_trunc('day', created_at AT TIME ZONE 'Asia/Kolkata')) DESC, is_anonymous,
              (CASE WHEN is_anonymous THEN NULL ELSE created_at END) DESC, id DESC)
  WHERE status = 'published';
--> statement-breakpoint
DROP INDEX ratings_public_received;
--> statement-breakpoint
ALTER INDEX ratings_public_received_india RENAME TO ratings_public_received;
