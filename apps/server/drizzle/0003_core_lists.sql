-- Indexes for the core lists (modules/ratings/repository.ts, modules/directory/repository.ts).

-- Public lists of a user's received ratings: newest day first, public before anonymous within a day,
-- then id, so an anonymous rating's position tells no more than its date. Published ratings only.
CREATE INDEX ratings_public_received
  ON ratings (ratee_id, (date_trunc('day', created_at AT TIME ZONE 'UTC')) DESC, is_anonymous, id DESC)
  WHERE status = 'published';
--> statement-breakpoint

-- The 'reviews' sort orders by the review count others may see: users who hide their rating
-- details sort last, so the order cannot reveal their count. It replaces the plain count index.
DROP INDEX IF EXISTS users_dir_reviews;
--> statement-breakpoint
CREATE INDEX users_dir_reviews_visible
  ON users (user_role, (CASE WHEN show_rating_details THEN total_ratings_received ELSE -1 END) DESC, id)
  WHERE is_active;
