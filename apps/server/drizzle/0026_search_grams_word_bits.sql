-- A search of several words reads one word's piece of search_grams and tells, from the index's own
-- entries, most of its users who lack another word's beginning (issue 11, ADR 0020). Each row
-- carries its user's word signature: 64 bits, one set by each beginning of 1, 2 and 3 letters of each
-- word of the search key (from its MD5, so the same on every engine and version). A user with every
-- word of a search begun has all the search's bits; a user of three words (about 9 bits of 64 set)
-- has a word's 3 bits by chance about 1 time in 350, and is dropped when checked against their user.
-- Intersecting the words' pieces read every row of each ("rahul sh" at 1,000,000 users: every user
-- with a word beginning "sh").
-- A loop of PL/pgSQL: as one SQL statement over the words (an aggregate, never inlined) each call
-- took 130 us, started as a query; the loop's plain expressions take about 30.
CREATE FUNCTION word_bits(words text[]) RETURNS bigint
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ DECLARE
    bits bigint := 0;
    w text;
  BEGIN
    FOREACH w IN ARRAY words LOOP
      FOR n IN 1..least(3, length(w)) LOOP
        bits := bits | (1::bigint << (('x' || substr(md5(substr(w, 1, n)), 1, 2))::bit(8)::int % 64));
      END LOOP;
    END LOOP;
    RETURN bits;
  END $$;
--> statement-breakpoint
ALTER TABLE search_grams ADD COLUMN word_bits bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The signatures once per user: without the fence (OFFSET 0) the subquery is pulled up and both are
-- computed again for each of the user's ~35 rows (0021's skill_bits: 1.4 ms a user written, now 0.35).
CREATE OR REPLACE FUNCTION search_grams_rows(listed users) RETURNS SETOF search_grams
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT listed.user_role, g.gram, listed.id, g.word_start, g.inside, lower(listed.city), s.bits, s.words
    FROM (SELECT skill_bits(listed.skills_lc) AS bits,
            word_bits(string_to_array(btrim(listed.search_key), ' ')) AS words OFFSET 0) s,
      search_grams_of(listed.search_key) g
    WHERE listed.is_active AND listed.user_role <> 'moderator'
  $$;
--> statement-breakpoint
-- Written again whole, then indexed with the signature, as 0021 did (an UPDATE of every row would
-- leave each old version in the new indexes too).
DROP INDEX search_grams_matches;
--> statement-breakpoint
DROP INDEX search_grams_city;
--> statement-breakpoint
TRUNCATE search_grams;
--> statement-breakpoint
INSERT INTO search_grams SELECT r.* FROM users u, search_grams_rows(u) r;
--> statement-breakpoint
CREATE INDEX search_grams_matches ON search_grams (user_role, gram, word_start, inside, user_id)
  INCLUDE (city_lc, skill_bits, word_bits);
--> statement-breakpoint
CREATE INDEX search_grams_city ON search_grams (user_role, city_lc, gram, word_start, inside, user_id)
  INCLUDE (skill_bits, word_bits);
