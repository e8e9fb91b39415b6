// Days as people in India count them (contracts' DAY_ZONE): what shows its day only (an anonymous
// rating, a rating received) is dated and ordered by them. The zone is written into the SQL as a
// literal, not bound: ratings_public_received (drizzle/0044) indexes the same expression, and a plan
// uses an index on an expression only when the query's is the same text.
import { DAY_ZONE } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const zone = sql.raw(`'${DAY_ZONE}'`);

/** The day of `at` (a timestamptz) in DAY_ZONE: its midnight there, as a timestamp without zone. */
export const dayIn = (at: SQL | PgColumn) => sql`date_trunc('day', ${at} at time zone ${zone})`;

/** That day as the API carries it (contracts' `dayOnly`): midnight UTC of the date, a timestamptz. */
export const dayMarker = (at: SQL | PgColumn) => sql`(${dayIn(at)} at time zone 'UTC')`;

/**
 * The moment that day began in DAY_ZONE, a timestamptz: never after `at`, so that what is dated by it
 * sorts as its day's first among events timed to the instant. (Midnight UTC of India's date, the API's
 * form, is 05:30 in India, and from 18:30 UTC it is tomorrow, after everything else of today.)
 */
export const dayStart = (at: SQL | PgColumn) => sql`(${dayIn(at)} at time zone ${zone})`;

/**
 * The moment the day after that of `at` begins in DAY_ZONE: when what was held through `at`'s day is
 * let out (ADR 0030: a held rating is released from it, and a burst it completed is noticed from it).
 * Written from the day's own start, not as 24 hours later.
 */
export const nextDayStart = (at: SQL | PgColumn) =>
  sql`((${dayIn(at)} + interval '1 day') at time zone ${zone})`;
