-- A filtered list's total counts its city's users from this index alone (issue 11). PostgreSQL reads
-- an expression index without the table only when every column the query names is in it, and lower(city)
-- is not city: counting a big city's companies visited a user row per company (12,873 rows, 420 ms
-- cold, at 1M users). city and rating_tenths (the rating filter) are included for that; a rating
-- rewrites every index entry of its ratee anyway (the update is never HOT), so they cost only space.
DROP INDEX users_dir_city;
--> statement-breakpoint
CREATE INDEX users_dir_city ON users (user_role, lower(city)) INCLUDE (city, rating_tenths) WHERE is_active;
