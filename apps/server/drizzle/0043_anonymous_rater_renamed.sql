-- A rater's new name moves the view version only of the users they rated openly: an anonymous
-- rating shows its author's name to no one but the author, whose own views are keyed by their own
-- version (their row's update moves it). Moving the rated user's version too let the rated party see,
-- as its cached pages missed, that one of its anonymous raters renamed at that moment (DESIGN §9.1).
-- Locks those ratees in id order first (as applyRatings does), so writers that share ratees cannot
-- deadlock.
CREATE OR REPLACE FUNCTION users_rater_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users
  WHERE id IN (SELECT ratee_id FROM ratings WHERE rater_id = NEW.id AND NOT is_anonymous)
  ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET view_version = view_version + 1
  WHERE id IN (SELECT ratee_id FROM ratings WHERE rater_id = NEW.id AND NOT is_anonymous);
  RETURN NULL;
END;
$$;
