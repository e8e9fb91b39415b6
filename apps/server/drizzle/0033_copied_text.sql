-- Copied text (DESIGN §9.4, ADR 0023). An automatic flag now names the rule that raised it
-- (contracts AUTOMATIC_FLAG_RULES), and one rating may carry one automatic flag per rule instead of
-- one ever: a burst and a copied text are different things for a moderator to weigh. The copied-text
-- rules also name the rating whose text matched (no foreign key: a withdrawn rating's row goes while
-- its flags stay, drizzle/0031).
ALTER TABLE flags ADD COLUMN rule text CHECK (rule IN ('volume', 'fresh_accounts', 'copied_text', 'repeated_text'));
--> statement-breakpoint
UPDATE flags SET rule = CASE WHEN details LIKE '%from accounts opened%' THEN 'fresh_accounts' ELSE 'volume' END
WHERE reporter_id IS NULL;
--> statement-breakpoint
ALTER TABLE flags ADD CONSTRAINT flags_rule_when_automatic CHECK ((rule IS NULL) = (reporter_id IS NOT NULL));
--> statement-breakpoint
ALTER TABLE flags ADD COLUMN matched_rating_id bigint;
--> statement-breakpoint
DROP INDEX flags_one_automatic;
--> statement-breakpoint
CREATE UNIQUE INDEX flags_one_automatic ON flags (rating_id, rule) WHERE reporter_id IS NULL;
--> statement-breakpoint
-- The band keys of each recent text long enough for the rule (ratings/text-bands.ts): MinHash keys
-- over its trigrams that near-identical texts share, so the rule compares a new text only with the
-- few recent texts that share a key (ratings/copied-text.ts). Rows past the rule's window are
-- purged (privacy/repository.ts purgeExpired); a withdrawn rating's go with it.
CREATE TABLE feedback_bands (
  band        bigint NOT NULL,
  rating_id   bigint NOT NULL REFERENCES ratings (id) ON DELETE CASCADE,
  written_at  timestamptz NOT NULL,
  PRIMARY KEY (band, rating_id)
);
--> statement-breakpoint
CREATE INDEX feedback_bands_rating ON feedback_bands (rating_id);
--> statement-breakpoint
CREATE INDEX feedback_bands_written ON feedback_bands (written_at);
