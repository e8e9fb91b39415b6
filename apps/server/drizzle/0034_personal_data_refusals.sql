-- The transparency report counts the texts refused for personal data (DESIGN §9.4, ADR 0022): a
-- count per month, kind of text (contracts PERSONAL_DATA_TEXTS) and kind of data
-- (PERSONAL_DATA_KINDS), nothing of the text or of who sent it.
CREATE TABLE personal_data_refusals (
  month  date NOT NULL,
  text   text NOT NULL CHECK (text IN ('rating', 'other')),
  kind   text NOT NULL CHECK (kind IN ('aadhaar', 'pan', 'mobile', 'email', 'address')),
  n      integer NOT NULL CHECK (n > 0),
  PRIMARY KEY (month, text, kind)
);
