-- Each user's per-category totals move from their own table onto the user's row (ADR 0003), as a
-- JSON object {"<category>": {"sum": s, "count": n}} over the published ratings they received, with
-- only the categories that count (n > 0). A new rating already rewrites the ratee's row for the other
-- aggregates; the six upserts into user_category_totals beside it (index lookups, conflict checks,
-- six more rows written) were about a seventh of PostgreSQL's work per rating (docs/benchmarks.md).
ALTER TABLE users ADD COLUMN category_totals jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(category_totals) = 'object');
--> statement-breakpoint

UPDATE users u SET category_totals = t.totals
FROM (
  SELECT user_id, jsonb_object_agg(category, jsonb_build_object('sum', score_sum, 'count', score_count)) AS totals
  FROM user_category_totals WHERE score_count > 0 GROUP BY user_id
) t
WHERE u.id = t.user_id;
--> statement-breakpoint

DROP TABLE user_category_totals;
