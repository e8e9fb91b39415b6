// `npm run cli -- move-to-postgres --to URL` (DESIGN §9.2, issue 46): an embedded database that holds
// every kind of row, made through the API as people make them, moved as an operator moves it into a
// private PostgreSQL cluster; the copy compared table by table, a changed row found, and a target
// that is not empty refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRIVACY_NOTICE_VERSION } from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import { differenceBetween, openTarget } from '../../src/db/move.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { seedDatabase } from '../../src/seed/load.ts';
import { makeUser, rate, type TestUser } from '../core/support.ts';
import { call, createTestApp } from '../helpers.ts';
import { outboxFor, register, signIn } from '../privacy/support.ts';
import { type PrivatePostgres, startPostgres } from '../resilience/support.ts';
import { lines, runCli } from './processes.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'wt-move-'));
let cluster: PrivatePostgres;

/** The last six-digit code mailed to `to` (the outbox file: no SMTP in these tests). */
async function codeMailedTo(ctx: Awaited<ReturnType<typeof createTestApp>>, to: string) {
  const mails = await outboxFor(ctx, to);
  const code = /(\d{6})/.exec(mails.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** Fills an embedded database in `dataDir` with every kind of row the portal writes. */
async function fillEmbedded() {
  // Ranks not yet copied into search's pieces stay due (ranked_grams_due), as a stopped server leaves them.
  const ctx = await createTestApp(
    { DATA_DIR: dataDir },
    { database: await openDatabase({ dataDir }), rankRefreshMs: 3_600_000 },
  );
  try {
    await seedDatabase(ctx.deps.db, { users: 120, ratings: 600, seed: 'move', now: new Date(), flags: 5 });
    const ok = async (answer: Promise<{ status: number; body: unknown }>, status = 200) => {
      const { status: got, body } = await answer;
      expect(got, JSON.stringify(body)).toBe(status);
      return body as { id: number };
    };
    const post = (who: TestUser | null, url: string, body?: unknown, token?: string) =>
      call(ctx.app, 'POST', url, { token: token ?? who?.token, body });
    const moderator = await makeUser(ctx, 'moderator');
    const company = await makeUser(ctx, 'employer');
    const [author, other, leaving, suspended] = [
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
    ];
    // Consents and sessions: a person who registers and signs in.
    const person = await register(ctx, 'employee', { consent_version: PRIVACY_NOTICE_VERSION });
    const { access } = await signIn(ctx, person.email);
    // A rating with a reply, a dispute decided, another hidden and appealed, a flag by a person.
    const rating = await rate(ctx, author, company, {
      feedback_message: 'Fair pay and good mentors overall.',
    });
    await ok(
      post(company, `/api/core/ratings/${rating.id}/reply/`, { message: 'Thank you for the review.' }),
      201,
    );
    const dispute = await ok(
      post(company, `/api/core/ratings/${rating.id}/dispute/`, {
        reason: 'FALSE_FACTS',
        details: 'We never had a night shift.',
      }),
      201,
    );
    await ok(
      post(moderator, `/api/moderation/disputes/${dispute.id}/decide/`, {
        outcome: 'REJECTED',
        reason: 'The review describes the author’s own experience.',
      }),
    );
    const hidden = await rate(ctx, other, company);
    await ok(post(moderator, `/api/moderation/ratings/${hidden.id}/hide/`, { reason: 'Off-topic content.' }));
    await ok(
      post(other, `/api/core/ratings/${hidden.id}/appeal/`, { message: 'It is about my time there.' }),
      201,
    );
    await ok(post(other, `/api/core/ratings/${rating.id}/flag/`, { reason: 'SPAM' }), 201);
    // A withdrawal (its record and the wait to rate again) and a suspension (the ratings it hid).
    const withdrawn = await rate(ctx, leaving, company);
    await ok(
      post(company, `/api/core/ratings/${withdrawn.id}/dispute/`, {
        reason: 'FALSE_FACTS',
        details: 'This person never worked here.',
      }),
      201,
    );
    await ok(call(ctx.app, 'DELETE', `/api/core/ratings/${withdrawn.id}/`, { token: leaving.token }), 204);
    await rate(ctx, suspended, company);
    await ok(post(moderator, `/api/moderation/users/${suspended.id}/suspend/`, { reason: 'Fake reviews.' }));
    // A grievance, a reset code, a sign-in email proven, a work email verified, mail settings, and a
    // review refused for the personal data in it.
    await ok(
      post(
        null,
        '/api/core/grievances/',
        { category: 'PRIVACY', details: 'Please correct my city on my profile.' },
        access,
      ),
      201,
    );
    await ok(post(null, '/api/auth/password-reset/request/', { email: person.email }));
    const domain = 'kaveri-move.in';
    const employer = await register(ctx, 'employer', { email: `hr@${domain}` });
    const employerSession = await signIn(ctx, employer.email);
    await ok(post(null, '/api/auth/email/verify/', undefined, employerSession.access), 202);
    await ok(
      post(
        null,
        '/api/auth/email/verify/confirm/',
        { code: await codeMailedTo(ctx, employer.email) },
        employerSession.access,
      ),
    );
    await ok(
      call(ctx.app, 'PATCH', '/api/auth/profile/', {
        token: employerSession.access,
        body: { email_domain: domain },
      }),
    );
    await ok(post(null, '/api/auth/work-email/', { email: `priya@${domain}` }, access), 202);
    await ok(
      post(
        null,
        '/api/auth/work-email/confirm/',
        { code: await codeMailedTo(ctx, `priya@${domain}`) },
        access,
      ),
    );
    // Codes asked for and not yet used.
    await ok(post(author, '/api/auth/work-email/', { email: `ravi@${domain}` }), 202);
    await ok(post(null, '/api/auth/email/verify/', undefined, access), 202);
    await ok(
      call(ctx.app, 'PATCH', '/api/auth/notification-settings/', {
        token: author.token,
        body: { email: { reply_received: false } },
      }),
    );
    const refused = await post(author, '/api/core/ratings/', {
      ratee: (await makeUser(ctx, 'employer')).id,
      role_context: 'EMPLOYEE_TO_COMPANY',
      is_anonymous: false,
      feedback_message: 'Call the manager on 98765 43210 for details.',
      category_scores: [{ category: 'Work Environment', score: 3 }],
    });
    expect(refused.status).toBe(400);
    await ctx.deps.notificationMail.idle();
  } finally {
    await ctx.close();
  }
}

beforeAll(async () => {
  cluster = await startPostgres();
  await fillEmbedded();
}, 240_000);
afterAll(async () => {
  await cluster?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('move-to-postgres', () => {
  it('copies every kind of row into an empty PostgreSQL database and finds them the same', async () => {
    const embedded = await openDatabase({ dataDir });
    const counts: Record<string, number> = {};
    for (const { name } of await queryRows<{ name: string }>(
      embedded.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )) {
      const [row] = await queryRows<{ n: number }>(
        embedded.db,
        sql.raw(`select count(*)::int as n from "${name}"`),
      );
      counts[name] = row?.n ?? 0;
    }
    await embedded.close();
    // Every table holds rows: the move is tried on each kind.
    expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);

    const url = await cluster.createDatabase();
    const moved = await runCli(['move-to-postgres', '--to', url], { DATA_DIR: dataDir });
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    expect(lines(moved.stdout).at(-1)).toMatch(
      new RegExp(
        `^Moved ${counts.users} users, ${counts.ratings} ratings and every other row .* every table compared and the same\\.`,
      ),
    );

    // The target as the server will use it: the same rows, aggregates exact, and identity
    // sequences past every copied id (a new row does not collide).
    const source = await openDatabase({ dataDir });
    const target = await openTarget(url);
    try {
      for (const [table, n] of Object.entries(counts)) {
        const [row] = await queryRows<{ n: number }>(
          target.db,
          sql.raw(`select count(*)::int as n from "${table}"`),
        );
        expect([table, row?.n]).toEqual([table, n]);
      }
      expect(await aggregateMismatches(target.db)).toEqual([]);
      const [flag] = await queryRows<{ id: number }>(
        target.db,
        sql`insert into flags (rating_id, reporter_id, reason)
            select id, rater_id, 'SPAM' from ratings limit 1 returning id`,
      );
      const [highest] = await queryRows<{ id: number }>(source.db, sql`select max(id)::int as id from flags`);
      expect(flag?.id).toBeGreaterThan(highest?.id ?? 0);
      // A changed row is found and named, in one line.
      expect(await differenceBetween(source.db, target.db)).toBe(
        `flags differs: ${counts.flags} row(s) in the embedded database, ${(counts.flags ?? 0) + 1} in PostgreSQL`,
      );
      await target.db.execute(sql`delete from flags where id = ${flag?.id ?? 0}`);
      await target.db.execute(sql`update grievances set details = details || '.'`);
      expect(await differenceBetween(source.db, target.db)).toBe(
        `grievances differs: ${counts.grievances} row(s) each, not the same contents`,
      );
    } finally {
      await source.close();
      await target.close();
    }

    // Run again onto the same database: refused, nothing touched.
    const again = await runCli(['move-to-postgres', '--to', url], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(lines(again.stderr)).toHaveLength(1);
    expect(again.stderr).toMatch(/^error: the target database is not empty: it has \d+ table\(s\)/);
  });

  it('refuses a database that holds tables of its own, and says how it was called wrong', async () => {
    const url = await cluster.createDatabase();
    const target = await openTarget(url);
    await target.db.execute(sql`create table invoices (id int primary key)`);
    await target.close();
    const refused = await runCli(['move-to-postgres', '--to', url], { DATA_DIR: dataDir });
    expect([refused.code, lines(refused.stderr)]).toEqual([
      1,
      [
        'error: the target database is not empty: it has 1 table(s) (invoices); move-to-postgres copies only into an empty database (createdb)',
      ],
    ]);
    const check = await openTarget(url);
    expect(
      await queryRows(check.db, sql`select tablename from pg_tables where schemaname = 'public'`),
    ).toEqual([{ tablename: 'invoices' }]);
    await check.close();

    expect((await runCli(['move-to-postgres'], { DATA_DIR: dataDir })).stderr).toMatch(
      /^error: move-to-postgres needs --to URL/,
    );
    const bad = await runCli(['move-to-postgres', '--to', 'mysql://db/x'], { DATA_DIR: dataDir });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringMatching(/^error: --to must be a PostgreSQL URL/),
    ]);
    const nothing = await runCli(['move-to-postgres', '--to', url], {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'wt-move-none-')),
    });
    expect([nothing.code, nothing.stderr]).toEqual([
      1,
      expect.stringMatching(/^error: there is no embedded database in /),
    ]);
  });
});
