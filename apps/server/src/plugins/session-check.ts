// The per-request session check (ADR 0004) and what routes read with it (ADR 0007), batched: the
// checks of the requests that arrive in one turn of the event loop go to the database as one
// statement over their (user, session, reads) rows, so each request still reads the database after
// it arrived, exactly as before, but several share a round trip (issue 4: a round trip cost the
// server and PostgreSQL more than the check itself).
import type { UserRole } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { givenCount } from '../modules/ratings/repository.ts';

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
  givenCount: number | null;
  directoryVersion: number | null;
  ratedAmong: number[] | null;
}

interface RawRow {
  i: number;
  role: UserRole;
  is_active: boolean;
  full_name: string;
  view_version: number;
  session_live: boolean;
  shown_version: number | null;
  caller_rated: boolean;
  given_count: number | null;
  directory_version: number | null;
  rated_among: number[] | null;
}

/** Bigint columns as float8: both drivers answer them as numbers (exact below 2^53). */
const checks = (batch: string) => sql`
  select c.i, u.user_role as role, u.is_active, u.full_name, u.view_version::float8 as view_version,
    (f.id is not null and f.revoked_at is null) as session_live,
    case when c.shown is not null then (select s.view_version::float8 from users s
      where s.id = c.shown and s.is_active and s.user_role <> 'moderator') end as shown_version,
    coalesce(c.shown is not null and exists(select 1 from ratings x
      where x.rater_id = c.uid and x.ratee_id = c.shown), false) as caller_rated,
    case when c.given then (${givenCount(sql`c.uid`)})::float8 end as given_count,
    case when c.listed is not null then (select sum(version) from directory_versions)::float8 end
      as directory_version,
    case when c.listed is not null then coalesce((select array_agg(x.ratee_id) from ratings x
      where x.rater_id = c.uid and x.ratee_id = any(c.listed)), '{}') end as rated_among
  from jsonb_to_recordset(${batch}::jsonb) as c(i int, uid int, sid text, shown int, given boolean, listed int[])
  join users u on u.id = c.uid
  left join refresh_families f on f.id = c.sid and f.user_id = u.id`;

interface Pending {
  input: CheckInput;
  resolve: (row: CheckRow | null) => void;
  reject: (error: unknown) => void;
}

/** A checker per database: `check` answers the caller's row, or null for an unknown user. */
export function sessionChecker(db: Executor) {
  let pending: Pending[] = [];

  const flush = async () => {
    const batch = pending;
    pending = [];
    try {
      const rows = await queryRows<RawRow>(
        db,
        checks(
          JSON.stringify(
            batch.map(({ input }, i) => ({
              i,
              uid: input.userId,
              sid: input.sessionId,
              shown: input.shownId ?? null,
              given: input.given === true,
              listed: input.listed ?? null,
            })),
          ),
        ),
      );
      const byIndex = new Map(rows.map((row) => [row.i, row]));
      batch.forEach(({ resolve }, i) => {
        const row = byIndex.get(i);
        resolve(
          row
            ? {
                role: row.role,
                isActive: row.is_active,
                fullName: row.full_name,
                viewVersion: row.view_version,
                sessionLive: row.session_live,
                shownVersion: row.shown_version,
                callerRated: row.caller_rated,
                givenCount: row.given_count,
                directoryVersion: row.directory_version,
                ratedAmong: row.rated_among,
              }
            : null,
        );
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
