-- The verified badge is fixed when a rating is written (DESIGN §9.1, ADR 0018). It used to be looked
-- up on every view, so a company that saw it appear on an anonymous rating right after a code mail
-- reached one of its addresses learnt who wrote it. Now the rating keeps it as it was, and the
-- company's row counts the raters whose ratings of it carry it (one rating per rater and context, so
-- ratings are raters), for the views to show it only from VERIFIED_BADGE_MIN of them on.
ALTER TABLE ratings ADD COLUMN verified_employee boolean NOT NULL DEFAULT false;
--> statement-breakpoint
UPDATE ratings r SET verified_employee = true
WHERE r.role_context = 'EMPLOYEE_TO_COMPANY'
  AND EXISTS (SELECT 1 FROM employment_verifications v WHERE v.employee_id = r.rater_id AND v.company_id = r.ratee_id);
--> statement-breakpoint
ALTER TABLE users ADD COLUMN verified_raters integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE users u SET verified_raters = c.n
FROM (SELECT ratee_id, count(*)::int AS n FROM ratings WHERE verified_employee GROUP BY ratee_id) c
WHERE u.id = c.ratee_id;
--> statement-breakpoint
-- Only verified ratings fire these (the WHEN clauses), so an ordinary rating's write costs nothing more.
CREATE FUNCTION ratings_verified_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET verified_raters = verified_raters + 1 WHERE id = NEW.ratee_id;
  ELSE
    UPDATE users SET verified_raters = verified_raters - 1 WHERE id = OLD.ratee_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ratings_verified_insert AFTER INSERT ON ratings
FOR EACH ROW WHEN (NEW.verified_employee) EXECUTE FUNCTION ratings_verified_counted();
--> statement-breakpoint
CREATE TRIGGER ratings_verified_delete AFTER DELETE ON ratings
FOR EACH ROW WHEN (OLD.verified_employee) EXECUTE FUNCTION ratings_verified_counted();
