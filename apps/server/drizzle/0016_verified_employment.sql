-- Verified employment (DESIGN §8.2, ADR 0018). A company declares its email domain (one company per
-- domain); an employee proves work there with a code sent to an address at that domain. Kept: the
-- company, the domain and the date. Never kept: the address (a pending code keeps only an HMAC of it,
-- to limit codes per address, and is deleted once used).
ALTER TABLE users ADD COLUMN email_domain text
  CHECK (email_domain IS NULL OR (user_role = 'employer' AND email_domain = lower(email_domain)));
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_domain ON users (email_domain) WHERE email_domain IS NOT NULL;
--> statement-breakpoint
CREATE TABLE work_email_codes (
  employee_id  integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  company_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  domain       text NOT NULL,
  address_hmac text NOT NULL,
  code_hash    text NOT NULL,
  tries        integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE employment_verifications (
  employee_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  domain       text NOT NULL,
  verified_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (employee_id, company_id)
);
--> statement-breakpoint
CREATE INDEX employment_verifications_company ON employment_verifications (company_id);
