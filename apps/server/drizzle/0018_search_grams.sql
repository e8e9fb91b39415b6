-- Name search that reads a page, not every match (issue 11, ADR 0020). Replaces drizzle/0013's
-- generated tsvector and text columns and their GIN indexes, which a rating rewrote (every rating
-- updates its ratee's row) and whose matches had to be read from the table to be counted and sorted.
--
-- A user's searchable text becomes their search key: the name and city with accents and case folded,
-- every run of other ASCII characters (spaces, punctuation) one space, and a space before every word
-- (' ramesh kumar pune'), so "a word begins with w" is `key LIKE '% w%'` and "contains s" is
-- `key LIKE '%s%'`. search_grams holds, for every listed user, the pieces of their key's words a search
-- is looked up by: every beginning of a word of 2 to 12 letters, and every 3- and 4-letter piece
-- inside a word. Which users a search of one word matches by a word's beginning, and which by a
-- piece inside a word, are then index ranges there, read without visiting the users. Neither the key
-- nor the pieces change when a user is rated.

-- The key of a text: accents and case folded (unaccent with its own dictionary named, then lower, as
-- drizzle/0013 folded them), and every run of characters that separate words one space: every ASCII
-- character but a-z and 0-9; letters of other scripts (Devanagari, accented letters unaccent leaves)
-- are word characters. PL/pgSQL, whose expressions are planned once per connection: an SQL function
-- calling unaccent (only STABLE) cannot be inlined, and would plan its body again in every statement
-- that calls it (0.2 ms a search).
CREATE FUNCTION search_key(text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ BEGIN
    RETURN ' ' || btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)),
      '[\u0001-\u002f\u003a-\u0060\u007b-\u007f]+', ' ', 'g'));
  END $$;
--> statement-breakpoint

-- The pieces of a key's words, each once: every beginning of 2 to 12 letters (word_start) and every
-- 3- and 4-letter piece that starts inside a word (inside); a piece found both ways has both.
CREATE FUNCTION search_grams_of(key text) RETURNS TABLE (gram text, word_start boolean, inside boolean)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT substr(w, p, n), bool_or(p = 1), bool_or(p > 1)
    FROM unnest(string_to_array(btrim(key), ' ')) AS w, generate_series(2, 12) AS n,
      generate_series(1, CASE WHEN n IN (3, 4) THEN length(w) - n + 1 ELSE least(1, length(w) - n + 1) END) AS p
    GROUP BY 1
  $$;
--> statement-breakpoint

ALTER TABLE users ADD COLUMN search_key text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE users SET search_key = search_key(full_name || ' ' || city);
--> statement-breakpoint

-- Kept by the row's own writers' statements: only a change of name or city computes it again.
CREATE FUNCTION users_search_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_key := search_key(NEW.full_name || ' ' || NEW.city);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_key BEFORE INSERT OR UPDATE OF full_name, city ON users
  FOR EACH ROW EXECUTE FUNCTION users_search_key();
--> statement-breakpoint

-- Listed users only (active employees and companies), as the directories list them.
CREATE TABLE search_grams (
  user_role text NOT NULL,
  gram text NOT NULL,
  user_id integer NOT NULL,
  word_start boolean NOT NULL,
  inside boolean NOT NULL,
  city_lc text NOT NULL
);
--> statement-breakpoint
-- A listed user's rows of search_grams: none for a suspended user or a moderator.
CREATE FUNCTION search_grams_rows(listed users) RETURNS SETOF search_grams
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT listed.user_role, g.gram, listed.id, g.word_start, g.inside, lower(listed.city)
    FROM search_grams_of(listed.search_key) g
    WHERE listed.is_active AND listed.user_role <> 'moderator'
  $$;
--> statement-breakpoint
INSERT INTO search_grams SELECT r.* FROM users u, search_grams_rows(u) r;
--> statement-breakpoint
-- A search's candidates: those with a word beginning with the piece, those with it only inside a
-- word, and those with it inside a word either way (two ranges); and the same within one city (the
-- company directory is searched with a city more often than not).
CREATE INDEX search_grams_matches ON search_grams (user_role, gram, word_start, inside, user_id) INCLUDE (city_lc);
--> statement-breakpoint
CREATE INDEX search_grams_city ON search_grams (user_role, city_lc, gram, word_start, inside, user_id);
--> statement-breakpoint

CREATE FUNCTION search_grams_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_grams SELECT r.* FROM new_rows n, search_grams_rows(n) r;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement-level, so a bulk load (the seed) writes all its users' pieces in one statement.
CREATE TRIGGER users_search_grams_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_grams_inserted();
--> statement-breakpoint
-- The old rows go one by one, each found by its whole key in search_grams_matches, so the plan never
-- depends on how common a piece is (a join over the pieces was planned as a scan of the table).
CREATE FUNCTION search_grams_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  piece record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    FOR piece IN SELECT * FROM search_grams_of(OLD.search_key) LOOP
      DELETE FROM search_grams s
      WHERE s.user_role = OLD.user_role AND s.gram = piece.gram AND s.word_start = piece.word_start
        AND s.inside = piece.inside AND s.user_id = OLD.id;
    END LOOP;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_grams SELECT * FROM search_grams_rows(NEW);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A rating updates none of these columns, so it never fires this.
CREATE TRIGGER users_search_grams_update AFTER UPDATE OF full_name, city, is_active, user_role ON users
  FOR EACH ROW WHEN (OLD.search_key IS DISTINCT FROM NEW.search_key OR OLD.city IS DISTINCT FROM NEW.city
    OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.user_role IS DISTINCT FROM NEW.user_role)
  EXECUTE FUNCTION search_grams_changed();
--> statement-breakpoint
CREATE TRIGGER users_search_grams_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION search_grams_changed();
--> statement-breakpoint

-- The sort indexes carry the key, the city and the average, so a search or filter that matches many
-- users walks the list's order through the index alone until a page is found (the ranking index also
-- carries the skills, drizzle/0006).
DROP INDEX users_dir_top;
--> statement-breakpoint
CREATE INDEX users_dir_top ON users (user_role, rank_score DESC, id)
  INCLUDE (search_key, city, rating_tenths, skills_lc) WHERE is_active;
--> statement-breakpoint
DROP INDEX users_dir_rating;
--> statement-breakpoint
CREATE INDEX users_dir_rating ON users (user_role, rating_tenths DESC, id) INCLUDE (search_key, city) WHERE is_active;
--> statement-breakpoint
DROP INDEX users_dir_reviews_visible;
--> statement-breakpoint
CREATE INDEX users_dir_reviews_visible ON users (user_role,
  (CASE WHEN show_rating_details THEN total_ratings_received ELSE -1 END) DESC, id)
  INCLUDE (search_key, city, rating_tenths) WHERE is_active;
--> statement-breakpoint
DROP INDEX users_dir_newest;
--> statement-breakpoint
CREATE INDEX users_dir_newest ON users (user_role, date_joined DESC, id) INCLUDE (search_key, city, rating_tenths) WHERE is_active;
--> statement-breakpoint
DROP INDEX users_dir_name;
--> statement-breakpoint
CREATE INDEX users_dir_name ON users (user_role, lower(full_name), id) INCLUDE (search_key, city, rating_tenths) WHERE is_active;
--> statement-breakpoint

-- drizzle/0013's columns, indexes and query function give way.
DROP INDEX users_search_words;
--> statement-breakpoint
DROP INDEX users_search_text_trgm;
--> statement-breakpoint
ALTER TABLE users DROP COLUMN search_words, DROP COLUMN search_text;
--> statement-breakpoint
DROP FUNCTION search_prefix_query(text);
--> statement-breakpoint
DROP FUNCTION search_normalize(text);
