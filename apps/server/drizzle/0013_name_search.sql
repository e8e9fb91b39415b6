-- Name search (issue 11, ADR 0012): words found by their beginning first ("ram" finds Ram, Ramesh and
-- Ramya before Vikram), then any other place a fragment appears, regardless of case and accents, on
-- both engines (PGlite ships unaccent and pg_trgm as extensions).

CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint

-- unaccent() itself is only STABLE (its dictionary could be swapped), so an index or generated column
-- cannot use it; naming the dictionary makes the result depend on the text alone. Schema-qualified so
-- that a restore with another search_path computes the same.
CREATE FUNCTION search_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint

-- A search as a prefix query: every word of it must begin a word of the name or city
-- ('Ram Sha' -> 'ram':* & 'sha':*). The words come from the same parser as the names' vectors, so the
-- two sides split text alike; NULL (no match) when the search has no word at all ('%%').
CREATE FUNCTION search_prefix_query(text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT string_agg(quote_literal(word) || ':*', ' & ')::tsquery
    FROM unnest(tsvector_to_array(to_tsvector('simple', public.search_normalize($1)))) AS word
  $$;
--> statement-breakpoint

-- Stored, so a walk of a sort index tests each row it passes without normalising again, and so that
-- ANALYZE keeps statistics of the words and texts: the planner then knows whether a search matches a
-- few hundred users (read them through the GIN indexes and sort) or thousands (walk the sort's index
-- and stop after a page).
ALTER TABLE users
  ADD COLUMN search_text text GENERATED ALWAYS AS (search_normalize(full_name || ' ' || city)) STORED,
  ADD COLUMN search_words tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', search_normalize(full_name || ' ' || city))) STORED;
--> statement-breakpoint

CREATE INDEX users_search_words ON users USING gin (search_words) WHERE is_active;
--> statement-breakpoint

-- Fragments anywhere (substring matches), now over the normalised text.
DROP INDEX users_search_trgm;
--> statement-breakpoint
CREATE INDEX users_search_text_trgm ON users USING gin (search_text gin_trgm_ops) WHERE is_active;
