-- Words of one letter are looked up too (ADR 0020): every word's first letter becomes a piece of
-- search_grams (word_start). A search whose words are all under two letters ("q x", "d s": from
-- "D'Souza", which search_key splits at the apostrophe) had no piece for group 0, and a search of
-- several words whose later words are one letter ("ra k") none for group 1: both were found by
-- walking the whole list, every user checked against the search (at 100,000 users "q x" took 80 ms
-- of PostgreSQL, at 1,000,000 about ten times that). A first letter begins about one word in twenty,
-- so such a piece is looked up with the other words' signature bits (word_bits, drizzle/0026), as
-- any piece is; it adds about three rows a user. No other search reads a piece of one letter: an
-- exact search's is 3 or 4 letters (ranked_grams takes none), a pair's holds a space.
-- No write of users meanwhile, as in 0041: until this commits, other sessions write pieces with the
-- previous search_grams_of.
LOCK TABLE users IN SHARE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_grams_of(key text) RETURNS TABLE (gram text, word_start boolean, inside boolean)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT substr(w, p, n), bool_or(p = 1), bool_or(p > 1)
    FROM unnest(string_to_array(btrim(key), ' ')) AS w, generate_series(1, 12) AS n,
      generate_series(1, CASE WHEN n IN (3, 4) THEN length(w) - n + 1 ELSE least(1, length(w) - n + 1) END) AS p
    GROUP BY 1
    UNION ALL
    SELECT DISTINCT left(a, 4) || ' ' || left(b, n), true, false
    FROM unnest(string_to_array(btrim(key), ' ')) AS a, unnest(string_to_array(btrim(key), ' ')) AS b,
      generate_series(1, 2) AS n
    WHERE length(a) >= 4 AND length(b) >= n
  $$;
--> statement-breakpoint
-- Every listed user's first letters, and their counts (none existed before). The writers (0039's
-- triggers) read search_grams_of, so from here on they write and remove these too.
WITH written AS (
  INSERT INTO search_grams SELECT r.* FROM users u, search_grams_rows(u) r WHERE length(r.gram) = 1
  RETURNING user_role, gram, word_start, inside)
INSERT INTO search_gram_counts (user_role, gram, word_start, inside, listed)
SELECT user_role, gram, word_start, inside, count(*) FROM written GROUP BY 1, 2, 3, 4;
