-- Ratings hidden by a user's suspension, so that reinstating the user publishes exactly these again
-- and not ratings a moderator hid for cause. A row exists only while its rating is hidden.
CREATE TABLE suspension_hidden_ratings (
  rating_id  integer PRIMARY KEY REFERENCES ratings (id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users (id)
);
--> statement-breakpoint
CREATE INDEX suspension_hidden_ratings_user ON suspension_hidden_ratings (user_id);
