-- Searches of several words read group 0's page in rank order too (issue 46, ADR 0027 "Names"): a
-- name as people type it ("vikram s", "neha ar") reads the rarest of its word pairs (drizzle/0041,
-- ADR 0028), and at 1,000,000 users a first name and one letter of the last has thousands of users,
-- each looked up and sorted for a page, or the list walked at their density (names' p50 under load 2.2
-- to 2.4 times 100,000 users', where the issue allows 1.5). The word pairs now have rows in
-- ranked_grams, so the pair's users are one index range in rank order, checked against the whole
-- search on each entry's user until the page is found (ranked_words_page).
-- No write of users meanwhile, as in 0047: a user written by the previous ranked_gram() would be left
-- without their pairs here. Taken first, so that a user's update holding its lock cannot deadlock with
-- the inserts below.
LOCK TABLE users IN SHARE MODE;
--> statement-breakpoint
-- The pieces a ranked search reads: one word of 3 or 4 letters (EXACT_SEARCH in
-- modules/directory/search/shape.ts), and the word pairs (the only pieces holding a space) whose
-- second part does not begin their first. Every word is its own pair's too ("manp ma", "manp m": every
-- Manpreet), so such a pair's users are mostly not the two names searched for, and a third of the
-- pairs would be rows to copy at every rating for searches better served by their candidates (ADR
-- 0027, "Names"). The search row asks this function whether its pair is ranked (search-row.ts). The
-- writers of ranked_grams (search_grams_inserted, search_grams_changed: drizzle/0047) and the rank
-- copy (copy_ranks, drizzle/0042) take every piece this says, so none of them changes.
CREATE OR REPLACE FUNCTION ranked_gram(gram text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT length(gram) BETWEEN 3 AND 4
    OR (strpos(gram, ' ') > 0 AND NOT starts_with(split_part(gram, ' ', 1), split_part(gram, ' ', 2))) $$;
--> statement-breakpoint
INSERT INTO ranked_grams (user_role, gram, word_start, rank_score, skill_bits, user_id, city_lc)
SELECT g.user_role, g.gram, g.word_start, u.rank_score, g.skill_bits, g.user_id,
  CASE WHEN g.user_role = 'employer' THEN g.city_lc END
FROM search_grams g JOIN users u ON u.id = g.user_id
WHERE strpos(g.gram, ' ') > 0 AND ranked_gram(g.gram);
--> statement-breakpoint
-- A page of group 0 of a search of several words: the pair's users in rank order, each checked against
-- the search on its user until the page is found. The test is matchOf's for group 0
-- (search/matches.ts): every word of the search begins a word of the user's key (the first three as
-- `begin1`-`begin3`, a space before each or '' for none, the rest in `begins_rest`), then the rating
-- and skills filters (none: 0, '{}'). Planned here, with sorts and bitmap scans off, as ranked_page is
-- (drizzle/0039): a generic plan puts a pair at a few users and would gather and sort them all.
CREATE FUNCTION ranked_words_page(role text, pair text, begin1 text, begin2 text, begin3 text,
    begins_rest text[], min_tenths integer, all_skills text[], skill_mask bigint, n integer, skip integer)
  RETURNS SETOF integer LANGUAGE plpgsql STABLE ROWS 20
  SET enable_sort = off SET enable_bitmapscan = off SET enable_hashjoin = off SET enable_mergejoin = off
  AS $$
BEGIN
  RETURN QUERY SELECT r.user_id FROM ranked_grams r JOIN users u ON u.id = r.user_id
    WHERE r.user_role = role AND r.gram = pair AND r.word_start
      AND (r.skill_bits & skill_mask) = skill_mask
      AND strpos(u.search_key, begin1) > 0 AND strpos(u.search_key, begin2) > 0
      AND strpos(u.search_key, begin3) > 0
      AND (cardinality(begins_rest) = 0
        OR NOT EXISTS (SELECT 1 FROM unnest(begins_rest) w WHERE strpos(u.search_key, ' ' || w) = 0))
      AND u.rating_tenths >= min_tenths AND u.skills_lc @> all_skills
    ORDER BY r.rank_score DESC, r.user_id LIMIT n OFFSET skip;
END $$;
