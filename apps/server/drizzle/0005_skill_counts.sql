-- The total of an employee list filtered by one or two skills, without counting (issue 4): active
-- users per role and per skill pair, kept exact by triggers in the same transaction as every change
-- that moves them. Counting the matches of a skill filter grows with the user base (a GIN bitmap
-- over every match); this stays one row. A pair (a, a) counts the users with skill a; a pair (a, b)
-- with a < b those with both. Three or more skills, or skills with other filters, still count.

CREATE TABLE skill_counts (
  user_role     text NOT NULL,
  skill_a       text NOT NULL,
  skill_b       text NOT NULL,
  -- no CHECK (>= 0): the triggers add signed deltas through INSERT … ON CONFLICT, whose proposed
  -- row would be checked before the conflict is found; tests compare every row with a recount.
  active_count  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_role, skill_a, skill_b),
  CHECK (skill_a <= skill_b)
);
--> statement-breakpoint

-- Each distinct skill of a list with itself, and every pair of distinct skills in order.
CREATE FUNCTION skill_pairs(skills text[]) RETURNS TABLE (skill_a text, skill_b text)
LANGUAGE sql IMMUTABLE AS $$
  WITH s AS (SELECT DISTINCT unnest(skills) AS k)
  SELECT a.k, b.k FROM s a JOIN s b ON a.k <= b.k
$$;
--> statement-breakpoint
INSERT INTO skill_counts (user_role, skill_a, skill_b, active_count)
SELECT u.user_role, p.skill_a, p.skill_b, count(*)
FROM users u, skill_pairs(u.skills_lc) p
WHERE u.is_active
GROUP BY 1, 2, 3;
--> statement-breakpoint

-- Adds the signed deltas of (role, skill_a, skill_b, n) rows in key order, so two writers take the
-- row locks in the same order and cannot deadlock.
CREATE FUNCTION skill_counts_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO skill_counts AS c (user_role, skill_a, skill_b, active_count)
  SELECT d.r, d.a, d.b, d.n
  FROM jsonb_to_recordset(delta) AS d(r text, a text, b text, n int)
  WHERE d.n <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (user_role, skill_a, skill_b)
  DO UPDATE SET active_count = c.active_count + excluded.active_count;
$$;
--> statement-breakpoint

-- Inserts and deletes: once per statement over its transition table (a bulk load is one upsert).
CREATE FUNCTION skill_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM skill_counts_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('r', r, 'a', a, 'b', b, 'n', n)), '[]')
    FROM (SELECT x.user_role AS r, p.skill_a AS a, p.skill_b AS b, count(*) AS n
          FROM new_rows x, skill_pairs(x.skills_lc) p WHERE x.is_active GROUP BY 1, 2, 3) s));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skill_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM skill_counts_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('r', r, 'a', a, 'b', b, 'n', -n)), '[]')
    FROM (SELECT x.user_role AS r, p.skill_a AS a, p.skill_b AS b, count(*) AS n
          FROM old_rows x, skill_pairs(x.skills_lc) p WHERE x.is_active GROUP BY 1, 2, 3) s));
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- Updates: per row, and only when skills, status or role change, so the aggregate updates of every
-- rating never fire it.
CREATE FUNCTION skill_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM skill_counts_add((
    SELECT coalesce(jsonb_agg(jsonb_build_object('r', r, 'a', a, 'b', b, 'n', n)), '[]')
    FROM (SELECT r, a, b, sum(n) AS n FROM (
            SELECT OLD.user_role AS r, p.skill_a AS a, p.skill_b AS b, -1 AS n
            FROM skill_pairs(OLD.skills_lc) p WHERE OLD.is_active
            UNION ALL
            SELECT NEW.user_role, p.skill_a, p.skill_b, 1
            FROM skill_pairs(NEW.skills_lc) p WHERE NEW.is_active) d
          GROUP BY 1, 2, 3) s));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_skill_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION skill_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER users_skill_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION skill_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER users_skill_counts_update AFTER UPDATE OF is_active, user_role, skills_lc ON users
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active
                     OR OLD.user_role IS DISTINCT FROM NEW.user_role
                     OR OLD.skills_lc IS DISTINCT FROM NEW.skills_lc)
  EXECUTE FUNCTION skill_counts_updated();
