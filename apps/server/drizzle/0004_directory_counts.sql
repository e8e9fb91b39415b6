-- The unfiltered directory lists' total_count without counting (issue 4): active users per role,
-- kept exact by triggers in the same transaction as every change that moves them. Counting the
-- active employees grows with the user base (an index-only scan of every entry); this stays one row.
-- Filtered lists still count their matches, through the filters' own indexes.

CREATE TABLE user_role_counts (
  user_role     text PRIMARY KEY CHECK (user_role IN ('employee', 'employer', 'moderator')),
  active_count  integer NOT NULL DEFAULT 0 CHECK (active_count >= 0)
);
--> statement-breakpoint
INSERT INTO user_role_counts (user_role, active_count)
SELECT r, (SELECT count(*) FROM users WHERE user_role = r AND is_active)
FROM unnest(ARRAY['employee', 'employer', 'moderator']) AS r;
--> statement-breakpoint

-- Adds `sign` × the active rows of `rows` to their roles' counts (one statement for a bulk insert).
CREATE FUNCTION user_role_counts_add(delta jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE user_role_counts c SET active_count = c.active_count + (d.value)::int
  FROM jsonb_each_text(delta) d
  WHERE c.user_role = d.key AND (d.value)::int <> 0;
$$;
--> statement-breakpoint

-- Inserts and deletes: once per statement over its transition table, so a bulk load of thousands
-- of rows costs one small update.
CREATE FUNCTION user_role_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_role_counts_add(
    (SELECT coalesce(jsonb_object_agg(user_role, n), '{}') FROM
      (SELECT user_role, count(*) AS n FROM new_rows WHERE is_active GROUP BY user_role) s));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION user_role_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_role_counts_add(
    (SELECT coalesce(jsonb_object_agg(user_role, -n), '{}') FROM
      (SELECT user_role, count(*) AS n FROM old_rows WHERE is_active GROUP BY user_role) s));
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- Updates: per row, and only when an update names is_active or user_role and changes one of them,
-- so the aggregate updates of every rating never touch the counters (nor wait on their lock).
CREATE FUNCTION user_role_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_active THEN
    PERFORM user_role_counts_add(jsonb_build_object(OLD.user_role, -1));
  END IF;
  IF NEW.is_active THEN
    PERFORM user_role_counts_add(jsonb_build_object(NEW.user_role, 1));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_role_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER users_role_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER users_role_counts_update AFTER UPDATE OF is_active, user_role ON users
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.user_role IS DISTINCT FROM NEW.user_role)
  EXECUTE FUNCTION user_role_counts_updated();
