-- A rating received is dated by India's day (ADR 0025) and is now stored as the moment that day began
-- (db/days.ts dayStart), not as midnight UTC of its date: that moment was 05:30 in India, and from
-- 18:30 UTC it lay tomorrow, so a rating received late at night was listed above the day's later
-- events. The API still carries the date as midnight UTC (contracts' dayOnly), made when it is read.
UPDATE notifications SET created_at = (created_at AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Kolkata'
WHERE type = 'rating_received';
