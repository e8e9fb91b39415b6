-- The language a grievance was filed in (issue 46's session, the mails' languages): its
-- acknowledgement and its outcome are mailed in it, as an account's mails are in the account's
-- language. Grievances filed before are English, the only language their mails had.
ALTER TABLE grievances ADD COLUMN language text NOT NULL DEFAULT 'en' REFERENCES languages (code);
