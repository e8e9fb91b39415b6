-- Searches of several words read a pair of their words (issue 46, ADR 0028). A search such as
-- "tanvi tripathi" or "rahul sh" read every user with a word beginning its longest word, dropping
-- on the index's entries those lacking the other words' signature bits (drizzle/0026): a first or
-- last name begins about one word in a hundred, so at 1,000,000 users that was about 10,000 entries a
-- search (names: 5.4 ms of PostgreSQL a search, p50 103 ms under load, 3.8 times their p50 at
-- 100,000 users). Each listed user now also has word pairs: for every word of 4 letters or more (a)
-- and every word (b, a itself included, since one word may begin two of a search's words), a's first
-- 4 letters, a space, and b's first letter, and its first 2 when it has them ("tanv t", "tanv tr"),
-- as word beginnings. A search with a word of 4 letters or more and another word reads the rarest
-- of its pairs (the other word's first 2 letters, or its 1) and its longest word's beginning: about one user in several thousand has
-- a given one, where about one in a hundred begins a word with a given name. Two letters of b keep a
-- pair rare where both words begin alike ("tanvi tripathi": every Tripathi has "trip t" from the
-- name itself, few have "trip ta"). A pair holds a space, which no single word's piece does, so no
-- other search reads it, and ranked_grams (pieces of 3 and 4 letters) takes none.
-- No write of users meanwhile: until this commits, other sessions write pieces with the previous
-- search_grams_of, so a user registered, renamed, suspended or deleted while the pairs are added would
-- be left without their pairs, with stale ones, or with counts off (writes wait, then see the new
-- function).
LOCK TABLE users IN SHARE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_grams_of(key text) RETURNS TABLE (gram text, word_start boolean, inside boolean)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT substr(w, p, n), bool_or(p = 1), bool_or(p > 1)
    FROM unnest(string_to_array(btrim(key), ' ')) AS w, generate_series(2, 12) AS n,
      generate_series(1, CASE WHEN n IN (3, 4) THEN length(w) - n + 1 ELSE least(1, length(w) - n + 1) END) AS p
    GROUP BY 1
    UNION ALL
    SELECT DISTINCT left(a, 4) || ' ' || left(b, n), true, false
    FROM unnest(string_to_array(btrim(key), ' ')) AS a, unnest(string_to_array(btrim(key), ' ')) AS b,
      generate_series(1, 2) AS n
    WHERE length(a) >= 4 AND length(b) >= n
  $$;
--> statement-breakpoint
-- Every listed user's pairs, and their counts (none existed before). The writers (0039's triggers)
-- read search_grams_of, so from here on they write and remove the pairs too.
WITH written AS (
  INSERT INTO search_grams SELECT r.* FROM users u, search_grams_rows(u) r WHERE strpos(r.gram, ' ') > 0
  RETURNING user_role, gram, word_start, inside)
INSERT INTO search_gram_counts (user_role, gram, word_start, inside, listed)
SELECT user_role, gram, word_start, inside, count(*) FROM written GROUP BY 1, 2, 3, 4;
