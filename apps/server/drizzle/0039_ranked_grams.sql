-- Search pages read in rank order (issue 46, ADR 0027): a copy of search_grams' pieces of 3 and 4
-- letters carrying each user's rank_score, indexed so that a page of a piece's users in the list's
-- default order ("top") is one index range of about a page's entries, however many users share the
-- piece. Who has a piece is kept exact here in the same transaction as search_grams (a new, renamed,
-- suspended or erased user is found, or not, at once); the rank is copied by a background job
-- (search/ranks.ts) a second or so behind the ratings that move it, which DESIGN §9.2 allows for
-- search order. A rating writes one row
-- of ranked_grams_due (below), never these rows: keeping them exact in the rating's transaction
-- would about double a rating's database time (ADR 0020, "Considered and not done").
-- Only the pieces a ranked search reads: its one word of 3 or 4 letters (EXACT_SEARCH in
-- modules/directory/search/shape.ts), about two thirds of a user's pieces. Each is a row to rewrite
-- when the user's rank moves (about 24 a user at 100,000 users).
CREATE FUNCTION ranked_gram(gram text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT length(gram) BETWEEN 3 AND 4 $$;
--> statement-breakpoint
CREATE TABLE ranked_grams (
  user_role   text NOT NULL,
  gram        text NOT NULL,
  word_start  boolean NOT NULL,
  rank_score  double precision NOT NULL,
  -- The user's skill signature (search_grams.skill_bits, drizzle/0021): a skills filter drops on the
  -- index's entries the users lacking a skill's bits, without looking them up.
  skill_bits  bigint NOT NULL,
  -- No foreign key: its check locks the user once per row, and a statement writing many users'
  -- pieces slowed with the square of their number (2,500 users: 2.0 -> 16 s). search_grams_changed
  -- removes a deleted user's rows, as it removes their search_grams.
  user_id     integer NOT NULL
);
--> statement-breakpoint
-- Users whose rank moved since their rows were refreshed. No key and no index: a rating appends its
-- ratee without waiting for anyone (a key would make it wait for a refresh that holds the same key),
-- and the refresh takes rows by ctid; a user rated several times before a refresh is refreshed once.
CREATE TABLE ranked_grams_due (user_id integer NOT NULL);
--> statement-breakpoint
CREATE FUNCTION ranked_grams_due_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ranked_grams_due (user_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_ranked_grams_due AFTER UPDATE OF rank_score ON users
  FOR EACH ROW WHEN (OLD.rank_score IS DISTINCT FROM NEW.rank_score AND NEW.is_active
    AND NEW.user_role <> 'moderator')
  EXECUTE FUNCTION ranked_grams_due_add();
--> statement-breakpoint
-- Copied after the trigger above exists: creating it locks users against writes until this
-- migration commits, so no rating moves a rank between the copy and the trigger.
INSERT INTO ranked_grams (user_role, gram, word_start, rank_score, skill_bits, user_id)
SELECT g.user_role, g.gram, g.word_start, u.rank_score, g.skill_bits, g.user_id
FROM search_grams g JOIN users u ON u.id = g.user_id
WHERE ranked_gram(g.gram);
--> statement-breakpoint
-- A page: the piece's users as the list orders them (rank_score desc, then id), group 0 (the piece
-- begins a word) and group 1 (only inside one) each one range.
CREATE INDEX ranked_grams_page ON ranked_grams (user_role, gram, word_start, rank_score DESC, user_id)
  INCLUDE (skill_bits);
--> statement-breakpoint
-- A group's part of a page, read along ranked_grams_page in its order, never gathered and sorted: the
-- plan is generic (the search pool's), and for a piece whose users the statistics put at a few dozen
-- PostgreSQL chose a bitmap scan and a sort, which reads every entry of the piece (in the plan test,
-- "roh": a quarter of the names). The settings hold while the function plans and runs.
CREATE FUNCTION ranked_page(role text, piece text, starts boolean, n integer, skip integer)
  RETURNS SETOF integer LANGUAGE plpgsql STABLE ROWS 20
  SET enable_sort = off SET enable_bitmapscan = off
  AS $$
BEGIN
  RETURN QUERY SELECT r.user_id FROM ranked_grams r
    WHERE r.user_role = role AND r.gram = piece AND r.word_start = starts
    ORDER BY r.rank_score DESC, r.user_id LIMIT n OFFSET skip;
END $$;
--> statement-breakpoint
-- The same with a rating or skills filter, checked on each entry's user (the skills' signature first,
-- on the index's own entry) until the page is found. Read at the filter's density: a minimum rating
-- keeps a quarter to three quarters of a piece's users, a skill's signature drops most of the rest.
CREATE FUNCTION ranked_filtered_page(role text, piece text, starts boolean, min_tenths integer,
    all_skills text[], skill_mask bigint, n integer, skip integer)
  RETURNS SETOF integer LANGUAGE plpgsql STABLE ROWS 20
  SET enable_sort = off SET enable_bitmapscan = off SET enable_hashjoin = off SET enable_mergejoin = off
  AS $$
BEGIN
  RETURN QUERY SELECT r.user_id FROM ranked_grams r JOIN users u ON u.id = r.user_id
    WHERE r.user_role = role AND r.gram = piece AND r.word_start = starts
      AND (r.skill_bits & skill_mask) = skill_mask
      AND u.rating_tenths >= min_tenths AND u.skills_lc @> all_skills
    ORDER BY r.rank_score DESC, r.user_id LIMIT n OFFSET skip;
END $$;
--> statement-breakpoint
-- A user's rows, for the refresh and for a change of name, city, skills, role or activity.
CREATE INDEX ranked_grams_user ON ranked_grams (user_id);
--> statement-breakpoint

-- A refresh changes search order, so the directory's cached answers (drizzle/0008) must not outlive it.
CREATE TRIGGER ranked_grams_directory_version AFTER UPDATE ON ranked_grams
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
--> statement-breakpoint

-- 0027's writers of search_grams, writing ranked_grams in step: the rows written, with their user's
-- rank as it is now. A user's removed rows go with all their ranked rows (one index range by user).
CREATE OR REPLACE FUNCTION search_grams_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added search_grams[];
BEGIN
  -- Each new user's pieces computed once, for both tables (a join of the pieces back to new_rows was
  -- planned as a nested loop: 10,000 users' 350,000 pieces took over a minute).
  WITH pieces AS MATERIALIZED (SELECT r AS piece, n.rank_score FROM new_rows n, search_grams_rows(n) r),
  ranked AS (INSERT INTO ranked_grams (user_role, gram, word_start, rank_score, skill_bits, user_id)
    SELECT (piece).user_role, (piece).gram, (piece).word_start, rank_score, (piece).skill_bits, (piece).user_id
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
    INSERT INTO ranked_grams (user_role, gram, word_start, rank_score, skill_bits, user_id)
    SELECT a.user_role, a.gram, a.word_start, NEW.rank_score, a.skill_bits, a.user_id FROM unnest(added) a
    WHERE ranked_gram(a.gram);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM search_gram_counts_add(added, removed);
  END IF;
  RETURN NULL;
END $$;
