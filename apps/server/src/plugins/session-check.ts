// The per-request session check (ADR 0004) and what routes read with it (ADR 0007), batched: the
// checks of the requests that arrive in one turn of the event loop go to the database as one
// statement over their (user, session, reads) rows, so each request still reads the database after
// it arrived, exactly as before, but several share a round trip (issue 4: a round trip cost the
// server and PostgreSQL more than the check itself). The statement is prepared once (db/prepared.ts):
// built and sent as text for every batch, PostgreSQL parsed and planned it each time, 0.19 ms of
// planning for 0.04 ms of execution.
import type { UserRole } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { preparedRaw } from '../db/prepared.ts';

export interface CheckInput {
  userId: number;
  sessionId: string;
  /** The user a route shows: their view version, and whether the caller rated them. */
  shownId?: number;
  /** How many ratings the caller has given. */
  given?: boolean;
  /** Users of a cached list page: the directory version, and which of them the caller rated. */
  listed?: readonly number[];
}

export interface CheckRow {
  role: UserRole;
  isActive: boolean;
  fullName: string;
  viewVersion: number;
  sessionLive: boolean;
  shownVersion: number | null;
  callerRated: boolean;
  /** The day the caller may rate the shown user again, after a withdrawal under moderation; else null. */
  rateAgainOn: string | null;
  givenCount: number | null;
  directoryVersion: number | null;
  ratedAmong: number[] | null;
}

/**
 * The batch's rows as JSON, one for each request; columns named as CheckRow's fields, bigint ones as
 * float8, which both drivers answer as numbers (exact below 2^53).
 */
/** The SQL the check takes from the ratings module (app.ts), so that plugins import no module. */
export interface SessionCheckReads {
  /** Counts the ratings a user gave. */
  givenCount: (raterId: SQL) => SQL;
  /** The day a rater may rate a ratee again (YYYY-MM-DD), while a cooldown runs; else no row or null. */
  rateAgainOn: (raterId: SQL, rateeId: SQL) => SQL;
}

const checksStatement = preparedRaw<CheckRow & { i: number }, [SessionCheckReads]>((reads) => {
  const batch = sql.placeholder('batch');
  return sql`
  select c.i, u.user_role as role, u.is_active as "isActive", u.full_name as "fullName",
    u.view_version::float8 as "viewVersion",
    (f.id is not null and f.revoked_at is null) as "sessionLive",
    case when c.shown is not null then (select s.view_version::float8 from users s
      where s.id = c.shown and s.is_active and s.user_role <> 'moderator') end as "shownVersion",
    coalesce(c.shown is not null and exists(select 1 from ratings x
      where x.rater_id = c.uid and x.ratee_id = c.shown), false) as "callerRated",
    case when c.shown is not null then (${reads.rateAgainOn(sql`c.uid`, sql`c.shown`)}) end as "rateAgainOn",
    case when c.given then (${reads.givenCount(sql`c.uid`)})::float8 end as "givenCount",
    case when c.listed is not null then (select sum(version) from directory_versions)::float8 end
      as "directoryVersion",
    case when c.listed is not null then coalesce((select array_agg(x.ratee_id) from ratings x
      where x.rater_id = c.uid and x.ratee_id = any(c.listed)), '{}') end as "ratedAmong"
  from jsonb_to_recordset(${batch}::jsonb) as c(i int, uid int, sid text, shown int, given boolean, listed int[])
  join users u on u.id = c.uid
  left join refresh_families f on f.id = c.sid and f.user_id = u.id`;
});

interface Pending {
  input: CheckInput;
  resolve: (row: CheckRow | null) => void;
  reject: (error: unknown) => void;
}

/** A checker per database: `check` answers the caller's row, or null for an unknown user. */
export function sessionChecker(db: Executor, reads: SessionCheckReads) {
  let pending: Pending[] = [];

  const flush = async () => {
    const batch = pending;
    pending = [];
    try {
      const rows = await checksStatement(db, 'session_check', reads).rows({
        batch: JSON.stringify(
          batch.map(({ input }, i) => ({
            i,
            uid: input.userId,
            sid: input.sessionId,
            shown: input.shownId ?? null,
            given: input.given === true,
            listed: input.listed ?? null,
          })),
        ),
      });
      // Each request takes the row of its own index; an unknown user has none.
      const byIndex = new Map(rows.map(({ i, ...row }) => [i, row]));
      batch.forEach(({ resolve }, i) => {
        resolve(byIndex.get(i) ?? null);
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  };

  return (input: CheckInput) =>
    new Promise<CheckRow | null>((resolve, reject) => {
      // The first check of a turn schedules the batch; those after it in the same turn join it.
      if (pending.length === 0) setImmediate(flush);
      pending.push({ input, resolve, reject });
    });
}
