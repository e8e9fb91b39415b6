-- A company's mail domain only after it proves its sign-in address (DESIGN §9.1, ADR 0018). The
-- address was never proven, so anyone could register as boss@bigcorp.example and take the domain:
-- the real company could no longer claim it, and our code mails to its people carried the
-- squatter's text. Any account proves its address with a code mailed to it (email_codes, like
-- work_email_codes: a keyed digest of the code, tries and expiry, deleted once used).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
--> statement-breakpoint
-- Domains declared before this rule were never proven: they are released, and their companies
-- declare them again once they have confirmed their sign-in email.
UPDATE users SET email_domain = NULL WHERE email_domain IS NOT NULL;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_email_domain_proven
  CHECK (email_domain IS NULL OR email_verified_at IS NOT NULL);
--> statement-breakpoint
-- A new sign-in address is not proven, and neither is the domain that came from the old one.
CREATE FUNCTION users_email_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.email_verified_at := NULL;
  NEW.email_domain := NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_email_changed BEFORE UPDATE OF email ON users
FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION users_email_changed();
--> statement-breakpoint
CREATE TABLE email_codes (
  user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  tries      integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
