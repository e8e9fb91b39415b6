-- Unlinkable rating ids (DESIGN §8.2, issue 13, ADR 0016). A rating's id came from one sequence, so
-- the ids of the public ratings around an anonymous one told when it was written. Ids are now random
-- integers in [1, 2^53) (exact in JavaScript), drawn by the database for every insert, and every
-- existing rating gets a new random id here, with everything that refers to it.

-- 56 bits of a version-4 UUID (PostgreSQL's strong random source, on PGlite too: the first 12 hex
-- digits and the 2 after the version digit), folded into 1 .. 2^53 - 1. random() would not do: it
-- is a seeded generator whose next values can be predicted from earlier ones.
CREATE FUNCTION random_rating_id() RETURNS bigint
  LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$
    SELECT ('x' || substr(h, 1, 12) || substr(h, 14, 2))::bit(56)::bigint % 9007199254740991 + 1
    FROM (SELECT replace(gen_random_uuid()::text, '-', '') AS h) AS u
  $$;
--> statement-breakpoint

-- Old id -> new id for every rating id there is: the ratings', and those the audit log still names
-- after their rating was withdrawn (so the log keeps no sequential id either, and its entries about
-- one rating still agree). New ids are all different, and none is an old one; a draw that repeats
-- (rare among a million draws from 2^53, but not impossible) is drawn again.
CREATE TEMPORARY TABLE rating_id_map AS
SELECT o.id AS old_id, random_rating_id() AS new_id
FROM (SELECT id FROM ratings UNION SELECT target_id FROM moderation_actions WHERE target_type = 'rating') AS o;
--> statement-breakpoint
CREATE UNIQUE INDEX rating_id_map_old ON rating_id_map (old_id);
--> statement-breakpoint
CREATE INDEX rating_id_map_new ON rating_id_map (new_id);
--> statement-breakpoint
DO $$
BEGIN
  LOOP
    UPDATE rating_id_map m SET new_id = random_rating_id()
    WHERE m.old_id IN (
      SELECT d.old_id FROM (
        SELECT old_id, row_number() OVER (PARTITION BY new_id ORDER BY old_id) AS n FROM rating_id_map
      ) AS d WHERE d.n > 1
      UNION
      SELECT a.old_id FROM rating_id_map a JOIN rating_id_map b ON b.old_id = a.new_id);
    EXIT WHEN NOT FOUND;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Read by the column rewrites below (a rewrite's USING may call a function, not hold a subquery).
CREATE FUNCTION rekeyed_rating_id(bigint) RETURNS bigint
  LANGUAGE sql STABLE STRICT
  AS $$ SELECT new_id FROM rating_id_map WHERE old_id = $1 $$;
--> statement-breakpoint

-- The foreign keys go while ids change, and come back below exactly as they were.
ALTER TABLE rating_scores DROP CONSTRAINT rating_scores_rating_id_fkey;
--> statement-breakpoint
ALTER TABLE flags DROP CONSTRAINT flags_rating_id_fkey;
--> statement-breakpoint
ALTER TABLE suspension_hidden_ratings DROP CONSTRAINT suspension_hidden_ratings_rating_id_fkey;
--> statement-breakpoint
ALTER TABLE rating_replies DROP CONSTRAINT rating_replies_rating_id_fkey;
--> statement-breakpoint
ALTER TABLE rating_disputes DROP CONSTRAINT rating_disputes_rating_id_fkey;
--> statement-breakpoint
ALTER TABLE rating_appeals DROP CONSTRAINT rating_appeals_rating_id_fkey;
--> statement-breakpoint
-- Rebuilt below for the new order of public lists: not worth building twice.
DROP INDEX ratings_public_received;
--> statement-breakpoint

-- Each table is rewritten once, its id columns bigint and re-keyed in the same pass, its indexes
-- built afresh (an UPDATE of a million keys took minutes; this takes seconds). A rewrite fires no
-- trigger, so the audit log, append-only (0001), is re-keyed here too, and only here.
-- No sequence any more: the default draws a random id inside the INSERT itself.
ALTER TABLE ratings
  ALTER COLUMN id DROP IDENTITY,
  ALTER COLUMN id TYPE bigint USING rekeyed_rating_id(id),
  ALTER COLUMN id SET DEFAULT random_rating_id();
--> statement-breakpoint
ALTER TABLE rating_scores ALTER COLUMN rating_id TYPE bigint USING rekeyed_rating_id(rating_id);
--> statement-breakpoint
ALTER TABLE flags ALTER COLUMN rating_id TYPE bigint USING rekeyed_rating_id(rating_id);
--> statement-breakpoint
ALTER TABLE suspension_hidden_ratings ALTER COLUMN rating_id TYPE bigint USING rekeyed_rating_id(rating_id);
--> statement-breakpoint
ALTER TABLE rating_replies ALTER COLUMN rating_id TYPE bigint USING rekeyed_rating_id(rating_id);
--> statement-breakpoint
ALTER TABLE rating_disputes ALTER COLUMN rating_id TYPE bigint USING rekeyed_rating_id(rating_id);
--> statement-breakpoint
ALTER TABLE rating_appeals ALTER COLUMN rating_id TYPE bigint USING rekeyed_rating_id(rating_id);
--> statement-breakpoint
-- The audit log names its target by id alone (a rating's, a user's, a flag's...), with no key.
ALTER TABLE moderation_actions ALTER COLUMN target_id TYPE bigint
  USING CASE WHEN target_type = 'rating' THEN rekeyed_rating_id(target_id) ELSE target_id END;
--> statement-breakpoint
DROP FUNCTION rekeyed_rating_id(bigint);
--> statement-breakpoint
DROP TABLE rating_id_map;
--> statement-breakpoint

ALTER TABLE rating_scores ADD CONSTRAINT rating_scores_rating_id_fkey
  FOREIGN KEY (rating_id) REFERENCES ratings (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE flags ADD CONSTRAINT flags_rating_id_fkey
  FOREIGN KEY (rating_id) REFERENCES ratings (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE suspension_hidden_ratings ADD CONSTRAINT suspension_hidden_ratings_rating_id_fkey
  FOREIGN KEY (rating_id) REFERENCES ratings (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE rating_replies ADD CONSTRAINT rating_replies_rating_id_fkey
  FOREIGN KEY (rating_id) REFERENCES ratings (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE rating_disputes ADD CONSTRAINT rating_disputes_rating_id_fkey
  FOREIGN KEY (rating_id) REFERENCES ratings (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE rating_appeals ADD CONSTRAINT rating_appeals_rating_id_fkey
  FOREIGN KEY (rating_id) REFERENCES ratings (id) ON DELETE CASCADE;
--> statement-breakpoint

-- Public lists of received ratings (0003): newest day first, public before anonymous within a day,
-- as before; then public ratings by their exact time (they show it), and anonymous ones by their
-- random id, so their order within the day tells nothing either. The id no longer orders by time.
CREATE INDEX ratings_public_received
  ON ratings (ratee_id, (date_trunc('day', created_at AT TIME ZONE 'UTC')) DESC, is_anonymous,
              (CASE WHEN is_anonymous THEN NULL ELSE created_at END) DESC, id DESC)
  WHERE status = 'published';
