-- The ratee's newest automatic flag of each rule, read by the unusual-activity rule once per rating of
-- a burst (ADR 0017): where the last run that found the burst stopped, so a rating in a burst flags
-- itself and the ratings since, not the whole window again. Every status: a dismissed flag still
-- marks a burst already looked at.
CREATE INDEX flags_automatic_by_ratee_rule ON flags (ratee_id, rule, created_at DESC) WHERE reporter_id IS NULL;
