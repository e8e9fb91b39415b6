-- The planner's view of a city's share (issue 11). Lists filter on lower(city), and PostgreSQL takes an
-- expression's statistics from an index on it only when the index is not partial; users_dir_city is
-- (WHERE is_active), so every city was guessed at 0.5 % of the users. At 1M users Mumbai holds 10 % of
-- the companies: a Mumbai list in ranking order was planned as "read the city's 12,873 rows, then
-- sort" (158 ms) instead of walking the ranking index until the page (4 ms). Statistics on the
-- expression itself give its real frequencies, city by city.
CREATE STATISTICS IF NOT EXISTS users_city_folded ON (lower(city)) FROM users;
--> statement-breakpoint
ANALYZE users;
