-- The rating id's default as one expression, so PostgreSQL inlines it into every INSERT (ADR 0016).
-- 0014's body read its UUID in a FROM clause, which kept the function from being inlined: each
-- rating then parsed, analysed and planned the function's SQL afresh, about a tenth of PostgreSQL's
-- time per rating (docs/benchmarks.md). The draw is the same: 56 random bits of a version-4 UUID
-- (here the last two hex digits of its fourth group and the last twelve), folded into 1 .. 2^53 - 1.
CREATE OR REPLACE FUNCTION random_rating_id() RETURNS bigint
  LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$
    SELECT ('x' || translate(right(gen_random_uuid()::text, 15), '-', ''))::bit(56)::bigint % 9007199254740991 + 1
  $$;
