// Retention (DESIGN §8.3): `npm run cli -- purge`, run as an operator runs it (a real process on a
// scratch database), removes ended or expired sessions, used or expired reset codes, expired email
// codes, ended waits to rate again and the contact email of grievances closed over a year ago, and
// nothing that is still in use.
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
    // Codes mailed to prove an address, and waits to rate again (DESIGN §9.1): the live ones stay.
    await db.execute(sql`
      insert into users (user_code, email, password_hash, full_name, user_role)
      values ('EMP-PURGE2', 'purge2@example.in', 'x', 'Second Person', 'employee'),
             ('EMR-PURGE3', 'hr@purge3.in', 'x', 'Purge Company', 'employer')`);
    await db.execute(sql`
      insert into work_email_codes (employee_id, company_id, domain, address_hmac, code_hash, expires_at)
      select e.id, c.id, 'purge3.in', e.user_code, 'h', e0.expires_at
      from (values ('EMP-PURGE1', now() + interval '10 minutes'), ('EMP-PURGE2', now() - interval '1 minute'))
             as e0(user_code, expires_at)
      join users e using (user_code), users c where c.user_code = 'EMR-PURGE3'`);
    await db.execute(sql`
      insert into email_codes (user_id, code_hash, expires_at)
      select id, user_code, case when user_code = 'EMP-PURGE1' then now() - interval '1 minute'
                                 else now() + interval '10 minutes' end
      from users where user_code in ('EMP-PURGE1', 'EMR-PURGE3')`);
    await db.execute(sql`
      insert into rating_cooldowns (rater_id, ratee_id, role_context, until)
      select e.id, c.id, 'EMPLOYEE_TO_COMPANY', e.until from users c,
        (select id, case when user_code = 'EMP-PURGE1' then now() + interval '90 days'
                         else now() - interval '1 minute' end as until
         from users where user_code in ('EMP-PURGE1', 'EMP-PURGE2')) e
      where c.user_code = 'EMR-PURGE3'`);
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
    /^Purged 2 ended or expired session\(s\), 2 used or expired reset code\(s\), 2 expired email code\(s\), 1 ended wait\(s\) to rate again and the contact email of 1 grievance\(s\) closed over a year ago/,
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
    const codes = await queryRows<{ code: string }>(
      after.db,
      sql`select u.user_code as code from work_email_codes w join users u on u.id = w.employee_id
          union all select code_hash from email_codes union all
          select u.user_code from rating_cooldowns r join users u on u.id = r.rater_id order by 1`,
    );
    expect(codes.map((c) => c.code)).toEqual(['EMP-PURGE1', 'EMP-PURGE1', 'EMR-PURGE3']);
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
  expect(again.stdout).toMatch(/^Purged 0 .* 0 .* 0 .* 0 .* of 0 grievance/);
});
