-- An exact search's total without counting (issue 11, ADR 0020): the rows of search_grams per piece
-- and flags, kept exact in the same transaction as every write of search_grams, as skill_counts
-- (drizzle/0005) keeps the skill filters' totals. An exact search (one word of 3 or 4 plain letters,
-- no filter but the role) counted up to 1,001 entries of each group's piece for its total: about a
-- third of such a search ("ran" at 100,000 users: 0.5 of 1.3 ms). It reads three rows here; other
-- searches of one word read their pieces' counts here too (storedPiece, modules/directory/search.ts).
-- A rating writes none of search_grams, so none of these either.
CREATE TABLE search_gram_counts (
  user_role   text NOT NULL,
  gram        text NOT NULL,
  word_start  boolean NOT NULL,
  inside      boolean NOT NULL,
  -- no CHECK (>= 0): signed deltas go through INSERT … ON CONFLICT, whose proposed row would be
  -- checked before the conflict is found (as skill_counts); tests compare every row with a recount.
  listed      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_role, gram, word_start, inside)
);
--> statement-breakpoint
INSERT INTO search_gram_counts (user_role, gram, word_start, inside, listed)
SELECT user_role, gram, word_start, inside, count(*) FROM search_grams GROUP BY 1, 2, 3, 4;
--> statement-breakpoint

-- Counts the rows written to and removed from search_grams, in one upsert in key order: two
-- writers take the row locks in the same order and cannot deadlock, and a piece both removed and
-- written again (a change of skills) locks nothing.
CREATE FUNCTION search_gram_counts_add(added search_grams[], removed search_grams[]) RETURNS void
  LANGUAGE sql AS $$
    INSERT INTO search_gram_counts AS c (user_role, gram, word_start, inside, listed)
    SELECT user_role, gram, word_start, inside, sum(n)
    FROM (SELECT a.user_role, a.gram, a.word_start, a.inside, 1 AS n FROM unnest(added) a
          UNION ALL
          SELECT r.user_role, r.gram, r.word_start, r.inside, -1 FROM unnest(removed) r) d
    GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_role, gram, word_start, inside) DO UPDATE SET listed = c.listed + excluded.listed
  $$;
--> statement-breakpoint

-- 0018's writers of search_grams, counting what they write and remove: an insert of users and a
-- user's update as they write, a delete of users once per statement (below). Counted per user, a
-- statement deleting 2,500 users updated the same hot rows thousands of times in one transaction,
-- each update walking the row's versions before it: past the 15 s statement limit.
CREATE OR REPLACE FUNCTION search_grams_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added search_grams[];
BEGIN
  WITH written AS (INSERT INTO search_grams SELECT r.* FROM new_rows n, search_grams_rows(n) r RETURNING *)
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
  END IF;
  IF TG_OP <> 'DELETE' THEN
    WITH written AS (INSERT INTO search_grams SELECT * FROM search_grams_rows(NEW) RETURNING *)
    SELECT coalesce(array_agg(w), '{}') INTO added FROM written w;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM search_gram_counts_add(added, removed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_gram_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_gram_counts_add('{}', array(SELECT r FROM old_rows o, search_grams_rows(o) r));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_gram_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_gram_counts_deleted();
