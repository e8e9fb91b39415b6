-- The rank copy of ADR 0027, said once: the ranked_grams rows of the users given take their users'
-- rank_score; with no users given, every user's. The refresh job (search/ranks.ts) copies the users
-- whose rank moved; a recompute of every aggregate (ratings/aggregates.ts) copies them all, so that
-- search order follows at once. Two statements, each planned for its case: one condition for both
-- would leave a generic plan that cannot tell a batch of users from all of them.
CREATE FUNCTION copy_ranks(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    UPDATE ranked_grams r SET rank_score = u.rank_score
      FROM users u
     WHERE r.user_id = u.id AND r.rank_score <> u.rank_score;
  ELSE
    UPDATE ranked_grams r SET rank_score = u.rank_score
      FROM users u
     WHERE u.id = ANY (ids) AND r.user_id = u.id AND r.rank_score <> u.rank_score;
  END IF;
END
$$;
