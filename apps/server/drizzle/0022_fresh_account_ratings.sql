-- Each rating stores whether its rater's account was fresh when it was written (opened less than
-- UNUSUAL_ACTIVITY.freshAccountHours, 72, before: ratings/unusual-activity.ts freshAccountAt), so the
-- unusual-activity rule counts fresh accounts' ratings from a small partial index instead of looking
-- up the rater of every rating in a profile's month (issue 13, ADR 0017). Neither time ever changes,
-- so the stored answer stays true. Only the ratings that were fresh are written here: about 2 % of
-- the 1M-rating seed's, a few seconds.
ALTER TABLE ratings ADD COLUMN from_fresh_account boolean NOT NULL DEFAULT false;
--> statement-breakpoint
UPDATE ratings r SET from_fresh_account = true
  FROM users u
  WHERE u.id = r.rater_id AND r.created_at - u.date_joined < interval '72 hours';
--> statement-breakpoint
CREATE INDEX ratings_fresh_received ON ratings (ratee_id, created_at) WHERE from_fresh_account;
