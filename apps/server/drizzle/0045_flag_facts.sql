-- An automatic flag's figures as data (facts), which the web app words in the moderator's language
-- (contracts' FlagFacts), instead of an English sentence in details, which stays a person's own text.
-- The automatic flags already written have their figures read back out of their sentences.
ALTER TABLE flags ADD COLUMN facts jsonb;
--> statement-breakpoint
UPDATE flags
   SET facts = jsonb_build_object(
         'count', (regexp_match(details, '^(\d+) ratings in'))[1]::int,
         'usual_per_day', (regexp_match(details, 'usually ([0-9.]+) a day'))[1]::numeric),
       details = NULL
 WHERE reporter_id IS NULL AND rule IN ('volume', 'fresh_accounts')
   AND details ~ '^\d+ ratings in .*usually [0-9.]+ a day';
--> statement-breakpoint
UPDATE flags
   SET facts = jsonb_build_object('alike_percent', (regexp_match(details, '(\d+) % alike'))[1]::int),
       details = NULL
 WHERE reporter_id IS NULL AND rule IN ('copied_text', 'repeated_text') AND details ~ '\d+ % alike';
