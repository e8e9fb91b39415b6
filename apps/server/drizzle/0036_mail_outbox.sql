-- Mail that survives a restart (DESIGN §9.3 "Nothing lost", ADR 0024): every message is a row first,
-- written before the request that sends it answers (in the event's own transaction where it has one);
-- a worker in each server process claims due rows with FOR UPDATE SKIP LOCKED and a lease, delivers
-- them with retries and backoff, and marks them sent. Once sent or given up on, a row keeps no
-- address, subject or body (codes travel in them); the purge removes it a week later.
CREATE TABLE mail_outbox (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address  text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  -- Extra headers, e.g. List-Unsubscribe on notification mail (RFC 8058).
  headers     jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- When the row may next be claimed: now, after a failure's backoff, or after a claim's lease.
  due_at      timestamptz NOT NULL DEFAULT now(),
  -- A message past this time is not worth sending (a code that no longer works).
  expires_at  timestamptz,
  attempts    integer NOT NULL DEFAULT 0,
  sent_at     timestamptz,
  gave_up_at  timestamptz,
  -- Why it was given up on: the error's class only, never the server's text.
  failure     text
);
--> statement-breakpoint
CREATE INDEX mail_outbox_due ON mail_outbox (due_at) WHERE sent_at IS NULL AND gave_up_at IS NULL;
