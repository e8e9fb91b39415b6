-- A company search in one city reads its page in rank order too (issue 46, ADR 0027): employees look
-- for companies by a piece of the name and a city, and such a search found its page by looking up
-- each of its candidates (the piece's companies in the city, hundreds at 1,000,000 users) and sorting
-- them, or by walking the list: 0.6 ms of PostgreSQL a search at 100,000 users, 2.3 ms at 1,000,000
-- (p50 under load 19 -> 68 ms, 3.6 times, against the 1.5 the issue allows). A company's rows of
-- ranked_grams now carry its city, and an index on them makes the piece's companies in a city one
-- range in rank order. Only companies': the index is one more entry for the rank copy to write for
-- every row it refreshes, and the employee directory is searched by name, seldom within a city (an
-- employee search in a city keeps looking its candidates up, search_grams_city).
-- No write of users meanwhile: until this commits, other sessions write companies' rows without the
-- city (writes wait, then see the new writers). Taken first: a user's update already holding its lock
-- on users, whose trigger then writes ranked_grams, would otherwise deadlock with the ALTER below.
LOCK TABLE users IN SHARE MODE;
--> statement-breakpoint
-- Locks ranked_grams against reads too until the migration commits: searches read from it wait.
ALTER TABLE ranked_grams ADD COLUMN city_lc text;
--> statement-breakpoint
UPDATE ranked_grams r SET city_lc = lower(u.city)
  FROM users u WHERE u.id = r.user_id AND r.user_role = 'employer';
--> statement-breakpoint
-- Not led by the role, which the predicate fixes: PostgreSQL drops the role from the index's
-- conditions when the predicate implies it, and then read the whole index for want of a first column.
CREATE INDEX ranked_grams_city ON ranked_grams (city_lc, gram, word_start, rank_score DESC, user_id)
  WHERE user_role = 'employer';
--> statement-breakpoint
-- A page of a company search in a city, as ranked_page reads one without (drizzle/0039).
CREATE FUNCTION ranked_city_page(role text, city text, piece text, starts boolean, n integer, skip integer)
  RETURNS SETOF integer LANGUAGE plpgsql STABLE ROWS 20
  SET enable_sort = off SET enable_bitmapscan = off
  AS $$
BEGIN
  RETURN QUERY SELECT r.user_id FROM ranked_grams r
    WHERE r.user_role = 'employer' AND r.user_role = role AND r.city_lc = lower(city)
      AND r.gram = piece AND r.word_start = starts
    ORDER BY r.rank_score DESC, r.user_id LIMIT n OFFSET skip;
END $$;
--> statement-breakpoint
-- 0039's writers of ranked_grams, writing a company's city beside its pieces.
CREATE OR REPLACE FUNCTION search_grams_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added search_grams[];
BEGIN
  -- Each new user's pieces computed once, for both tables (a join of the pieces back to new_rows was
  -- planned as a nested loop: 10,000 users' 350,000 pieces took over a minute).
  WITH pieces AS MATERIALIZED (SELECT r AS piece, n.rank_score FROM new_rows n, search_grams_rows(n) r),
  ranked AS (INSERT INTO ranked_grams (user_role, gram, word_start, rank_score, skill_bits, user_id, city_lc)
    SELECT (piece).user_role, (piece).gram, (piece).word_start, rank_score, (piece).skill_bits, (piece).user_id,
      CASE WHEN (piece).user_role = 'employer' THEN (piece).city_lc END
    FROM pieces WHERE ranked_gram((piece).gram)),
  written AS (INSERT INTO search_grams SELECT (piece).* FROM pieces RETURNING *)
  SELECT coalesce(array_agg(w), '{}') INTO added FROM written w;
  PERFORM search_gram_counts_add(added, '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_grams_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  piece record;
  gone search_grams;
  removed search_grams[] := '{}';
  added search_grams[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    FOR piece IN SELECT * FROM search_grams_of(OLD.search_key) LOOP
      DELETE FROM search_grams s
      WHERE s.user_role = OLD.user_role AND s.gram = piece.gram AND s.word_start = piece.word_start
        AND s.inside = piece.inside AND s.user_id = OLD.id
      RETURNING s.* INTO gone;
      IF FOUND THEN
        removed := removed || gone;
      END IF;
    END LOOP;
    DELETE FROM ranked_grams WHERE user_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    WITH written AS (INSERT INTO search_grams SELECT * FROM search_grams_rows(NEW) RETURNING *)
    SELECT coalesce(array_agg(w), '{}') INTO added FROM written w;
    INSERT INTO ranked_grams (user_role, gram, word_start, rank_score, skill_bits, user_id, city_lc)
    SELECT a.user_role, a.gram, a.word_start, NEW.rank_score, a.skill_bits, a.user_id,
      CASE WHEN a.user_role = 'employer' THEN a.city_lc END
    FROM unnest(added) a
    WHERE ranked_gram(a.gram);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM search_gram_counts_add(added, removed);
  END IF;
  RETURN NULL;
END $$;
