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

-- No sequence any more: the default draws a random id inside the INSERT itself.
ALTER TABLE ratings
  ALTER COLUMN id DROP IDENTITY,
  ALTER COLUMN id TYPE bigint,
  ALTER COLUMN id SET DEFAULT random_rating_id();
--> statement-breakpoint
ALTER TABLE rating_scores ALTER COLUMN rating_id TYPE bigint;
--> statement-breakpoint
ALTER TABLE flags ALTER COLUMN rating_id TYPE bigint;
--> statement-breakpoint
ALTER TABLE suspension_hidden_ratings ALTER COLUMN rating_id TYPE bigint;
--> statement-breakpoint
ALTER TABLE rating_replies ALTER COLUMN rating_id TYPE bigint;
--> statement-breakpoint
ALTER TABLE rating_disputes ALTER COLUMN rating_id TYPE bigint;
--> statement-breakpoint
ALTER TABLE rating_appeals ALTER COLUMN rating_id TYPE bigint;
--> statement-breakpoint
-- The audit log names its target by id alone (a rating's, a user's, a flag's...), with no key.
ALTER TABLE moderation_actions ALTER COLUMN target_id TYPE bigint;
--> statement-breakpoint

-- Old id -> new id for every rating id there is: the ratings', and those the audit log still names
-- after their rating was withdrawn (so the log keeps no sequential id either, and its entries about
-- one rating still agree). New ids are distinct and equal to no old id, so the updates below never
-- meet a duplicate key halfway; drawn again until every old id has one (a repeat among a million
-- draws from 2^53 is rare, but not impossible).
CREATE TEMPORARY TABLE rating_old_ids (id bigint PRIMARY KEY);
--> statement-breakpoint
INSERT INTO rating_old_ids (id)
SELECT id FROM ratings
UNION
SELECT target_id FROM moderation_actions WHERE target_type = 'rating';
--> statement-breakpoint
CREATE TEMPORARY TABLE rating_id_map (old_id bigint PRIMARY KEY, new_id bigint NOT NULL UNIQUE);
--> statement-breakpoint
DO $$
BEGIN
  LOOP
    INSERT INTO rating_id_map (old_id, new_id)
    SELECT o.id, random_rating_id() FROM rating_old_ids o
    WHERE NOT EXISTS (SELECT 1 FROM rating_id_map m WHERE m.old_id = o.id)
    ON CONFLICT DO NOTHING;
    DELETE FROM rating_id_map m WHERE EXISTS (SELECT 1 FROM rating_old_ids o WHERE o.id = m.new_id);
    EXIT WHEN (SELECT count(*) FROM rating_id_map) = (SELECT count(*) FROM rating_old_ids);
  END LOOP;
END;
$$;
--> statement-breakpoint
UPDATE ratings r SET id = m.new_id FROM rating_id_map m WHERE r.id = m.old_id;
--> statement-breakpoint
UPDATE rating_scores t SET rating_id = m.new_id FROM rating_id_map m WHERE t.rating_id = m.old_id;
--> statement-breakpoint
UPDATE flags t SET rating_id = m.new_id FROM rating_id_map m WHERE t.rating_id = m.old_id;
--> statement-breakpoint
UPDATE suspension_hidden_ratings t SET rating_id = m.new_id FROM rating_id_map m WHERE t.rating_id = m.old_id;
--> statement-breakpoint
UPDATE rating_replies t SET rating_id = m.new_id FROM rating_id_map m WHERE t.rating_id = m.old_id;
--> statement-breakpoint
UPDATE rating_disputes t SET rating_id = m.new_id FROM rating_id_map m WHERE t.rating_id = m.old_id;
--> statement-breakpoint
UPDATE rating_appeals t SET rating_id = m.new_id FROM rating_id_map m WHERE t.rating_id = m.old_id;
--> statement-breakpoint
-- The log is append-only (0001's trigger); this one re-keying is the exception, in this transaction.
ALTER TABLE moderation_actions DISABLE TRIGGER moderation_actions_no_change;
--> statement-breakpoint
UPDATE moderation_actions a SET target_id = m.new_id FROM rating_id_map m
WHERE a.target_type = 'rating' AND a.target_id = m.old_id;
--> statement-breakpoint
ALTER TABLE moderation_actions ENABLE TRIGGER moderation_actions_no_change;
--> statement-breakpoint
DROP TABLE rating_id_map, rating_old_ids;
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
DROP INDEX ratings_public_received;
--> statement-breakpoint
CREATE INDEX ratings_public_received
  ON ratings (ratee_id, (date_trunc('day', created_at AT TIME ZONE 'UTC')) DESC, is_anonymous,
              (CASE WHEN is_anonymous THEN NULL ELSE created_at END) DESC, id DESC)
  WHERE status = 'published';
