// Retention (DESIGN §8.3): `npm run cli -- purge`, run as an operator runs it (a real process on a
// scratch database), removes ended or expired sessions, used or expired reset codes and the contact
// email of grievances closed over a year ago, and nothing that is still in use.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { runCli, type Scratch, scratchDatabase } from '../cli/processes.ts';

let scratch: Scratch;
beforeAll(async () => {
  scratch = await scratchDatabase();
});
afterAll(() => scratch?.drop());

it('removes only what is kept for a time, and prints the counts', { timeout: 180_000 }, async () => {
  const database = await scratch.open();
  try {
    const db = database.db;
    await migrate(db);
    await db.execute(sql`
      insert into users (user_code, email, password_hash, full_name, user_role)
      values ('EMP-PURGE1', 'purge@example.in', 'x', 'Purge Person', 'employee')`);
    await db.execute(sql`
      insert into refresh_families (id, user_id, current_jti_hash, expires_at, revoked_at)
      select f.id, u.id, 'h', f.expires_at, f.revoked_at from users u,
        (values ('live', now() + interval '1 day', null::timestamptz),
                ('ended', now() + interval '1 day', now()),
                ('expired', now() - interval '1 minute', null::timestamptz)) as f(id, expires_at, revoked_at)`);
    await db.execute(sql`
      insert into password_resets (user_id, code_hash, expires_at, used_at)
      select u.id, r.code, r.expires_at, r.used_at from users u,
        (values ('live', now() + interval '10 minutes', null::timestamptz),
                ('used', now() + interval '10 minutes', now()),
                ('expired', now() - interval '1 minute', null::timestamptz)) as r(code, expires_at, used_at)`);
    await db.execute(sql`
      insert into grievances (category, details, email, status, created_at, due_at, closed_at, close_reason)
      values ('OTHER', 'open one', 'open@example.in', 'open', now(), now() + interval '15 days', null, null),
             ('OTHER', 'closed lately', 'recent@example.in', 'closed', now() - interval '30 days',
              now() - interval '15 days', now() - interval '20 days', 'Done'),
             ('OTHER', 'closed long ago', 'old@example.in', 'closed', now() - interval '400 days',
              now() - interval '385 days', now() - interval '380 days', 'Done')`);
  } finally {
    await database.close();
  }

  const result = await runCli(['purge'], scratch.env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(
    /^Purged 2 ended or expired session\(s\), 2 used or expired reset code\(s\) and the contact email of 1 grievance\(s\) closed over a year ago/,
  );

  const after = await scratch.open();
  try {
    const families = await queryRows<{ id: string }>(after.db, sql`select id from refresh_families`);
    expect(families.map((f) => f.id)).toEqual(['live']);
    const resets = await queryRows<{ code_hash: string }>(
      after.db,
      sql`select code_hash from password_resets`,
    );
    expect(resets.map((r) => r.code_hash)).toEqual(['live']);
    const kept = await queryRows<{ details: string; email: string | null }>(
      after.db,
      sql`select details, email from grievances order by id`,
    );
    expect(kept).toEqual([
      { details: 'open one', email: 'open@example.in' },
      { details: 'closed lately', email: 'recent@example.in' },
      { details: 'closed long ago', email: null },
    ]);
  } finally {
    await after.close();
  }

  const again = await runCli(['purge'], scratch.env);
  expect(again.stdout).toMatch(/^Purged 0 .* 0 .* of 0 grievance/);
});
