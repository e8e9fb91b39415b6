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
-- The texts the rule compares, by trigram: only those long enough for it (COPIED_TEXT.minChars), so
-- that the index holds no short text and the rule's statement (ratings/copied-text.ts) repeats
-- this predicate to use it. GIN's scan is driven by the text's rarest trigrams, so at a similarity
-- of 0.9 it reads few entries for a text that is not a copy.
CREATE INDEX ratings_feedback_trigrams ON ratings USING gin (feedback_message gin_trgm_ops)
  WHERE char_length(feedback_message) >= 80;
