-- Two refreshes with one token at the same moment (two tabs; two requests that both met a 401) must
-- not end the session (issue 15 §12, ADR 0004). The family remembers the token it last rotated away
-- from and when, and counts its rotations: within REFRESH_REUSE_GRACE a repeat of that token is
-- answered with the family's current tokens (whose id is derived from the family and the count, so
-- the server can sign them again without storing them); after it, the repeat is reuse, as before.
ALTER TABLE refresh_families ADD COLUMN previous_jti_hash text;
--> statement-breakpoint
ALTER TABLE refresh_families ADD COLUMN rotated_at timestamptz;
--> statement-breakpoint
ALTER TABLE refresh_families ADD COLUMN generation integer NOT NULL DEFAULT 0;
