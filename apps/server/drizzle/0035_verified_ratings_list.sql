-- A company's ratings from verified employees, read alone (DESIGN §9.4, "Verified only"): the public
-- list's index (0014) for the ratings that carry the badge, which also counts them for "N of M".
CREATE INDEX ratings_verified_received
  ON ratings (ratee_id, (date_trunc('day', created_at AT TIME ZONE 'UTC')) DESC, is_anonymous,
              (CASE WHEN is_anonymous THEN NULL ELSE created_at END) DESC, id DESC)
  WHERE status = 'published' AND verified_employee;
