-- The web app's languages as rows the database reads (issue 43): db/migrate.ts writes the contracts'
-- LANGUAGES into this table after every run, so a third language is one line there and one catalog,
-- not a migration. users.language points at it instead of a CHECK that listed 'en' and 'hi'.
CREATE TABLE languages (code text PRIMARY KEY CHECK (code ~ '^[a-z]{2,3}$'));
--> statement-breakpoint
INSERT INTO languages (code) VALUES ('en'), ('hi');
--> statement-breakpoint
ALTER TABLE users DROP CONSTRAINT users_language_check;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_language_fkey FOREIGN KEY (language) REFERENCES languages (code);
