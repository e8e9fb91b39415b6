-- A version of the directory lists (issue 4, ADR 0007): every list page shows users' rows only, so
-- any statement that inserts, updates or deletes users moves it, in its own transaction. The server
-- caches list pages per process at this version, read with the caller's session.
--
-- One counter row would make every rating wait for the previous one to commit. The version is the
-- sum of 128 shard rows instead, and a transaction bumps a shard no other one holds, so writers
-- never wait for each other here and cannot deadlock on it while fewer than 128 write at once (with
-- more, the last ones wait for a shard in turn).

CREATE TABLE directory_versions (
  shard    smallint PRIMARY KEY,
  version  bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO directory_versions (shard) SELECT generate_series(0, 127);
--> statement-breakpoint

-- A shard is claimed with a transaction-level advisory lock (in memory: no row lock or WAL record
-- of its own), starting from this connection's, so two writers never update the same shard and
-- neither waits for the other. Claiming again within a transaction succeeds at once.
CREATE FUNCTION directory_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  own int := pg_backend_pid() % 128;
  taken int := own;
BEGIN
  WHILE NOT pg_try_advisory_xact_lock(727274008, taken) LOOP
    taken := (taken + 1) % 128;
    IF taken = own THEN
      -- Every shard is being written: wait for this connection's own.
      PERFORM pg_advisory_xact_lock(727274008, own);
      EXIT;
    END IF;
  END LOOP;
  UPDATE directory_versions SET version = version + 1 WHERE shard = taken;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_directory_version AFTER INSERT OR UPDATE OR DELETE ON users
FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
