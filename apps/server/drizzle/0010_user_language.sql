-- The web app's language chosen by the user (DESIGN §8.4, ADR 0011): English or Hindi, kept on the
-- account so that it follows them to another browser. Existing accounts keep English.

ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
