-- Every list order walked through its index alone (issue 11): the name and review orders are
-- expressions, and PostgreSQL returns an expression from an index only when the index holds every
-- column it is computed from. Without them a page read a user row for each user passed over on the
-- way to it (the name order's page 30: 600 rows, where the other orders read 600 index entries and
-- 20 rows); at 1,000,000 users those rows are far past shared_buffers.
-- Each new index is built before the old one is dropped: building lets reads of users go on (writes
-- wait), where DROP INDEX locks the table whole until the migration commits.
CREATE INDEX users_dir_reviews_visible_0028 ON users (user_role,
  (CASE WHEN show_rating_details THEN total_ratings_received ELSE -1 END) DESC, id)
  INCLUDE (search_key, city, rating_tenths, show_rating_details, total_ratings_received) WHERE is_active;
--> statement-breakpoint
CREATE INDEX users_dir_name_0028 ON users (user_role, lower(full_name), id)
  INCLUDE (search_key, city, rating_tenths, full_name) WHERE is_active;
--> statement-breakpoint
DROP INDEX users_dir_reviews_visible;
--> statement-breakpoint
DROP INDEX users_dir_name;
--> statement-breakpoint
ALTER INDEX users_dir_reviews_visible_0028 RENAME TO users_dir_reviews_visible;
--> statement-breakpoint
ALTER INDEX users_dir_name_0028 RENAME TO users_dir_name;
