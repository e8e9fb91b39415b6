// A rating received was stored as midnight UTC of its day in India, which from 18:30 UTC lay
// tomorrow and listed it above the day's later events; drizzle/0049 moves the stored rows to the
// moment India's day began, as they are written now (db/days.ts dayStart), and leaves timed ones alone.
// On PostgreSQL too with TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { databaseBefore, migrationsFrom } from '../helpers.ts';

const DAY_START_MIGRATION = '0049_rating_received_day_start.sql';

let database: Database;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ database, drop } = await databaseBefore(DAY_START_MIGRATION));
});
afterAll(async () => {
  await database.close();
  await drop();
});

it('moves each rating received to the moment its day began in India, and no other notification', async () => {
  const [user] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into users (user_code, email, password_hash, full_name, user_role)
        values ('EMR-NIGHT', 'night@example.in', 'x', 'Night Works', 'employer') returning id`,
  );
  // As written before: a rating received at 00:30 on 1 January in India, dated 2027-01-01T00:00Z,
  // and a dispute decided at 00:40 there (19:10 UTC on 31 December).
  await database.db.execute(sql`insert into notifications (user_id, type, link, created_at, mail_state) values
    (${user?.id}, 'rating_received', '/my-ratings?tab=received', '2027-01-01T00:00:00Z', 'digest'),
    (${user?.id}, 'dispute_decided', '/my-ratings?tab=received', '2026-12-31T19:10:00Z', 'queued')`);

  expect(await migrate(database.db)).toEqual(migrationsFrom(DAY_START_MIGRATION));
  const rows = await queryRows<{ type: string; created_at: Date | string }>(
    database.db,
    sql`select type, created_at from notifications where user_id = ${user?.id} order by created_at desc`,
  );
  expect(rows.map((r) => [r.type, new Date(r.created_at).toISOString()])).toEqual([
    ['dispute_decided', '2026-12-31T19:10:00.000Z'],
    ['rating_received', '2026-12-31T18:30:00.000Z'],
  ]);
});
