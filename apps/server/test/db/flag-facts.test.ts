// Automatic flags carry their figures as data (flags.facts, drizzle/0045), which the web app words in
// the moderator's language; the flags written before, with an English sentence in details, have
// their figures read back out of it by the migration. On PostgreSQL too with TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { databaseBefore, migrationsFrom } from '../helpers.ts';

const FACTS_MIGRATION = '0045_flag_facts.sql';

let database: Database;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ database, drop } = await databaseBefore(FACTS_MIGRATION));
});
afterAll(async () => {
  await database.close();
  await drop();
});

it("reads the figures out of the automatic flags' sentences, and leaves people's words alone", async () => {
  const written = [
    // As unusual-activity.ts and copied-text.ts wrote them before.
    ['volume', '6 ratings in 24 hours; usually 0.0 a day over the 30 days before.'],
    [
      'fresh_accounts',
      '7 ratings in 24 hours from accounts opened less than 72 hours before rating; usually 2.3 a day.',
    ],
    ['copied_text', "Copied text: 93 % alike to another account's rating of the last 30 days."],
    [
      'repeated_text',
      "Repeated text: 100 % alike to this account's rating of another profile in the last 30 days.",
    ],
  ] as const;
  for (const [i, [rule, details]] of written.entries()) {
    await database.db.execute(sql`insert into flags (rating_id, reporter_id, reason, rule, details)
      values (${1000 + i}, null, 'UNUSUAL_ACTIVITY', ${rule}, ${details})`);
  }
  const [user] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into users (user_code, email, password_hash, full_name, user_role)
        values ('EMP-READER', 'reader@example.in', 'x', 'A Reader', 'employee') returning id`,
  );
  await database.db.execute(sql`insert into flags (rating_id, reporter_id, reason, details)
    values (2000, ${user?.id}, 'OTHER', '6 ratings in 24 hours; usually 0.0 a day, as I count them.')`);

  expect(await migrate(database.db)).toEqual(migrationsFrom(FACTS_MIGRATION));
  const rows = await queryRows<{ rating_id: number; details: string | null; facts: unknown }>(
    database.db,
    sql`select rating_id, details, facts from flags order by rating_id`,
  );
  expect(rows.map((r) => ({ ...r, rating_id: Number(r.rating_id) }))).toEqual([
    { rating_id: 1000, details: null, facts: { count: 6, usual_per_day: 0 } },
    { rating_id: 1001, details: null, facts: { count: 7, usual_per_day: 2.3 } },
    { rating_id: 1002, details: null, facts: { alike_percent: 93 } },
    { rating_id: 1003, details: null, facts: { alike_percent: 100 } },
    { rating_id: 2000, details: '6 ratings in 24 hours; usually 0.0 a day, as I count them.', facts: null },
  ]);
});
