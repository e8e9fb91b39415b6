-- A skills-filtered search tells most of a piece's users without the skill from search_grams alone
-- (issue 11, ADR 0020). Each row carries its user's skill signature: 64 bits, two set by each skill
-- (from its MD5, so the same on every engine and version). A user having every skill of a filter has
-- all the filter's bits; a user with ~6 skills (about 12 bits of 64 set) has both of another skill's
-- bits by chance about 1 time in 30, so a candidate lacking the filter's bits is dropped in the index,
-- and only the rest are looked up and checked against their skills. A skill is no search key: a change of skills rewrites the
-- user's rows, as a change of name does, and a rating still writes none.
CREATE FUNCTION skill_bits(skills text[]) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(bit_or((1::bigint << (('x' || substr(md5(s), 1, 2))::bit(8)::int % 64))
      | (1::bigint << (('x' || substr(md5(s), 3, 2))::bit(8)::int % 64))), 0)
    FROM unnest(skills) AS s
  $$;
--> statement-breakpoint
ALTER TABLE search_grams ADD COLUMN skill_bits bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_grams_rows(listed users) RETURNS SETOF search_grams
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT listed.user_role, g.gram, listed.id, g.word_start, g.inside, lower(listed.city), s.bits
    FROM (SELECT skill_bits(listed.skills_lc) AS bits) s, search_grams_of(listed.search_key) g
    WHERE listed.is_active AND listed.user_role <> 'moderator'
  $$;
--> statement-breakpoint
-- Written again whole, then indexed with the signature: an UPDATE of every row would leave each old
-- version in the new indexes too (they are still visible to others until this commits), doubling
-- them. About 80 s at 100,000 users.
DROP INDEX search_grams_matches;
--> statement-breakpoint
DROP INDEX search_grams_city;
--> statement-breakpoint
TRUNCATE search_grams;
--> statement-breakpoint
INSERT INTO search_grams SELECT r.* FROM users u, search_grams_rows(u) r;
--> statement-breakpoint
CREATE INDEX search_grams_matches ON search_grams (user_role, gram, word_start, inside, user_id)
  INCLUDE (city_lc, skill_bits);
--> statement-breakpoint
CREATE INDEX search_grams_city ON search_grams (user_role, city_lc, gram, word_start, inside, user_id)
  INCLUDE (skill_bits);
--> statement-breakpoint
DROP TRIGGER users_search_grams_update ON users;
--> statement-breakpoint
-- A rating updates none of these columns, so it never fires this.
CREATE TRIGGER users_search_grams_update AFTER UPDATE OF full_name, city, is_active, user_role, skills_lc ON users
  FOR EACH ROW WHEN (OLD.search_key IS DISTINCT FROM NEW.search_key OR OLD.city IS DISTINCT FROM NEW.city
    OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.user_role IS DISTINCT FROM NEW.user_role
    OR OLD.skills_lc IS DISTINCT FROM NEW.skills_lc)
  EXECUTE FUNCTION search_grams_changed();
