// Unlinkable rating ids (DESIGN §8.2, issue 13, ADR 0016): scenarios shared by the tests that run on
// the run's engine (PGlite, or PostgreSQL with TEST_DATABASE_URL) and the services test that runs
// them on a real PostgreSQL server whatever the run's engine (node-postgres reads int8 its own way).
import {
  type AuditEntry,
  type FlaggedRating,
  MSG,
  type MyData,
  type ProfileResponse,
  type Rating,
} from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Database, type Db, type Executor, queryRows } from '../../src/db/client.ts';
import {
  aggregateMismatches,
  averageTenths,
  histogramOf,
  rankScore,
} from '../../src/modules/ratings/aggregates.ts';
import { get, makeUser, rate, type TestUser } from '../core/support.ts';
import { call, databaseBefore, type ErrorAnswer, type TestContext } from '../helpers.ts';

/** The largest rating id there can be: 2^53 - 1, the largest integer a JavaScript number holds exactly. */
export const LARGEST_ID = Number.MAX_SAFE_INTEGER;

/**
 * Runs `write` with the next rating id fixed to `id`: the column's default changes for the while, so
 * the rating goes through the real API and the real INSERT. The seam is the database's, not our code's.
 */
export async function withNextRatingId<T>(ctx: TestContext, id: number, write: () => Promise<T>): Promise<T> {
  await ctx.deps.db.execute(sql.raw(`alter table ratings alter column id set default ${id}`));
  try {
    return await write();
  } finally {
    await ctx.deps.db.execute(sql`alter table ratings alter column id set default random_rating_id()`);
  }
}

type List<T> = { results: T[]; total_count: number };

/** The id as it stands in the JSON text: digits, exactly, never a string or a rounded number. */
const inJson = (raw: string, field: string, id: number) => raw.includes(`"${field}":${id}`);

/**
 * A rating with the id `id` read, flagged, replied to, edited, disputed, hidden, appealed, restored
 * and withdrawn over HTTP, each answer carrying the id as a JSON number; the aggregates stay exact.
 */
export async function bigIdJourney(ctx: TestContext, id: number) {
  const company = await makeUser(ctx, 'employer');
  const author = await makeUser(ctx, 'employee');
  const reader = await makeUser(ctx, 'employee');
  const moderator = await makeUser(ctx, 'moderator');
  const send = <T = ErrorAnswer>(user: TestUser, method: string, url: string, body?: unknown) =>
    call<T>(ctx.app, method as 'POST', url, { token: user.token, body });

  const created = await withNextRatingId(ctx, id, () => rate(ctx, author, company));
  expect(created.id).toBe(id);

  const profile = await get<ProfileResponse>(ctx, reader, `/api/core/users/${company.id}/profile/`);
  expect(profile.status).toBe(200);
  expect(profile.body.all_ratings.map((r) => r.id)).toEqual([id]);
  expect(inJson(profile.raw.body, 'id', id)).toBe(true);
  const page = await get<List<Rating>>(ctx, reader, `/api/core/users/${company.id}/ratings/`);
  expect(page.body.results.map((r) => r.id)).toEqual([id]);
  const given = await get<List<Rating>>(ctx, author, '/api/core/my-ratings/given/');
  expect(given.body.results.map((r) => r.id)).toEqual([id]);
  const received = await get<List<Rating>>(ctx, company, '/api/core/my-ratings/received/');
  expect(received.body.results.map((r) => r.id)).toEqual([id]);
  expect(inJson(received.raw.body, 'id', id)).toBe(true);

  const flag = await send<{ rating_id: number }>(reader, 'POST', `/api/core/ratings/${id}/flag/`, {
    reason: 'SPAM',
  });
  expect(flag.status).toBe(201);
  expect(flag.body.rating_id).toBe(id);
  const queue = await get<List<FlaggedRating>>(ctx, moderator, '/api/moderation/flags/');
  expect(queue.body.results.map((r) => r.rating.id)).toContain(id);
  expect(inJson(queue.raw.body, 'rating_id', id)).toBe(true);

  expect(
    (await send(company, 'POST', `/api/core/ratings/${id}/reply/`, { message: 'Thank you.' })).status,
  ).toBe(201);
  expect((await send(company, 'PUT', `/api/core/ratings/${id}/reply/`, { message: 'Thanks!' })).status).toBe(
    200,
  );
  expect((await send(company, 'DELETE', `/api/core/ratings/${id}/reply/`)).status).toBe(204);
  expect((await send(company, 'POST', `/api/core/ratings/${id}/reply/`, { message: 'Again.' })).status).toBe(
    201,
  );
  expect(
    (await send(moderator, 'POST', `/api/moderation/ratings/${id}/hide-reply/`, { reason: 'Off topic' }))
      .status,
  ).toBe(200);

  expect(
    (await send(author, 'PATCH', `/api/core/ratings/${id}/`, { feedback_message: 'Edited after a month.' }))
      .status,
  ).toBe(204);
  const dispute = await send(company, 'POST', `/api/core/ratings/${id}/dispute/`, {
    reason: 'FALSE_FACTS',
    details: 'This never happened.',
  });
  expect(dispute.status).toBe(201);

  expect(
    (await send(moderator, 'POST', `/api/moderation/ratings/${id}/hide/`, { reason: 'Abusive' })).status,
  ).toBe(200);
  const hidden = await get<List<Rating>>(ctx, author, '/api/core/my-ratings/given/');
  expect(hidden.body.results[0]).toMatchObject({ id, status: 'hidden', moderation: { reason: 'Abusive' } });
  expect(
    (await send(author, 'POST', `/api/core/ratings/${id}/appeal/`, { message: 'Please look again.' })).status,
  ).toBe(201);
  expect(
    (await send(moderator, 'POST', `/api/moderation/ratings/${id}/restore/`, { reason: 'Fair' })).status,
  ).toBe(200);
  const audit = await get<List<AuditEntry>>(ctx, moderator, '/api/moderation/audit/');
  expect(audit.body.results.slice(0, 3).map((a) => [a.action, a.target_type, a.target_id])).toEqual([
    ['restore_rating', 'rating', id],
    ['hide_rating', 'rating', id],
    ['hide_reply', 'rating', id],
  ]);
  expect(inJson(audit.raw.body, 'target_id', id)).toBe(true);

  const mine = await get<MyData>(ctx, author, '/api/auth/my-data/');
  expect(mine.body.ratings_given.map((r) => r.id)).toEqual([id]);
  expect(mine.body.appeals_filed.map((a) => a.rating_id)).toEqual([id]);
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);

  expect((await send(author, 'DELETE', `/api/core/ratings/${id}/`)).status).toBe(204);
  const gone = await send(author, 'DELETE', `/api/core/ratings/${id}/`);
  expect(gone).toMatchObject({ status: 404, body: { detail: MSG.ratingNotFound } });
  expect(
    (await get<ProfileResponse>(ctx, reader, `/api/core/users/${company.id}/profile/`)).body.all_ratings,
  ).toEqual([]);
  expect(await aggregateMismatches(ctx.deps.db)).toEqual([]);
}

// --- the migration's re-keying ---

/** A new database with migrations 0001..0013 applied: the schema as it was before random ids. */
async function databaseBeforeRandomIds(
  postgresServer: string | undefined,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const { database, drop, applied } = await databaseBefore('0014', postgresServer);
  expect(applied.at(-1)).toBe('0013_name_search.sql');
  return { database, drop };
}

/**
 * Data as 0013's schema held it: ratings of every kind with sequential ids, and every row that refers
 * to one (scores, flags, replies, disputes, appeals, suspension rows, audit entries, among them two
 * about a rating since withdrawn, and entries about a user, a flag and a dispute whose ids are also
 * rating ids), with the aggregates computed from them.
 */
async function fillBeforeRandomIds(db: Db): Promise<void> {
  const run = (statement: string) => db.execute(sql.raw(statement));
  await run(`
    insert into users (user_code, email, password_hash, full_name, user_role, is_active)
    select 'EMP-' || lpad(g::text, 6, '0'), 'employee' || g || '@example.in', 'x', 'Employee ' || g, 'employee', g <> 40
    from generate_series(1, 40) g`);
  await run(`
    insert into users (user_code, email, password_hash, full_name, user_role)
    select 'CMP-' || lpad(g::text, 6, '0'), 'company' || g || '@example.in', 'x', 'Company ' || g, 'employer'
    from generate_series(1, 12) g`);
  await run(`insert into users (user_code, email, password_hash, full_name, user_role)
             values ('MOD-000001', 'moderator@example.in', 'x', 'Moderator', 'moderator')`);
  // Employees 1..40 have ids 1..40, companies 41..52, the moderator 53. Ratings of companies by
  // employees and of employees by companies, a day apart, some anonymous, in id order.
  await run(`
    insert into ratings (rater_id, ratee_id, role_context, is_anonymous, feedback_message, overall_tenths, created_at)
    select e, c, 'EMPLOYEE_TO_COMPANY', (e + c) % 4 = 0, 'Rating ' || e || ' of ' || c, 10 + (e * c) % 41,
           timestamptz '2026-01-01 00:00:00+00' + (e * 12 + c) * interval '7 hours'
    from generate_series(1, 40) e, generate_series(41, 52) c where (e + c) % 3 = 0`);
  await run(`
    insert into ratings (rater_id, ratee_id, role_context, is_anonymous, overall_tenths, created_at)
    select c, e, 'EMPLOYER_TO_EMPLOYEE', false, 20 + (e + c) % 31, timestamptz '2026-03-01 00:00:00+00' + e * interval '1 day'
    from generate_series(41, 44) c, generate_series(1, 40) e where (e * c) % 5 = 0`);
  await run(`
    insert into rating_scores (rating_id, category, score)
    select r.id, c.category, 1 + (r.id + c.n) % 5
    from ratings r, (values ('Work Environment', 1), ('Growth', 2)) as c(category, n)
    where c.n = 1 or r.id % 2 = 0`);
  await run(`
    insert into flags (rating_id, reporter_id, reason, status)
    select id, ratee_id, 'SPAM', case when id % 2 = 0 then 'open' else 'dismissed' end from ratings where id % 7 = 0`);
  await run(`insert into rating_replies (rating_id, message)
             select id, 'Reply to ' || id from ratings where id % 5 = 0 and role_context = 'EMPLOYEE_TO_COMPANY'`);
  // A dispute per context; an employee's disputed rating is held back while open.
  await run(`
    insert into rating_disputes (rating_id, reason, details, due_at)
    select min(id), 'FALSE_FACTS', 'Not true', now() + interval '15 days' from ratings group by role_context`);
  await run(`update ratings set status = 'disputed'
             where id = (select min(id) from ratings where role_context = 'EMPLOYER_TO_EMPLOYEE')`);
  // Employee 40 is suspended: the ratings they gave are hidden and remembered.
  await run(`update ratings set status = 'hidden' where rater_id = 40`);
  await run(
    `insert into suspension_hidden_ratings (rating_id, user_id) select id, 40 from ratings where rater_id = 40`,
  );
  // A rating hidden for cause, with an appeal; another hidden and restored; a third hidden, then
  // withdrawn by its author (its audit entries stay, naming an id no rating has any more).
  await run(`update ratings set status = 'hidden' where id = 10`);
  await run(`insert into rating_appeals (rating_id, message) values (10, 'Please look again')`);
  await run(`
    insert into moderation_actions (moderator_id, action, target_type, target_id, reason, created_at) values
      (53, 'hide_rating', 'rating', 10, 'Abusive', '2026-04-01'),
      (53, 'hide_rating', 'rating', 11, 'Check', '2026-04-02'),
      (53, 'restore_rating', 'rating', 11, 'Fine', '2026-04-03'),
      (53, 'hide_rating', 'rating', 12, 'Spam', '2026-04-04'),
      (53, 'restore_rating', 'rating', 12, 'Fine', '2026-04-05'),
      (53, 'suspend_user', 'user', 40, 'Fake reviews', '2026-04-06'),
      (53, 'dismiss_flag', 'flag', 1, null, '2026-04-07'),
      (53, 'decide_dispute', 'dispute', 2, 'Checked', '2026-04-08')`);
  await run(
    `insert into withdrawn_ratings (role_context, created_at) select role_context, created_at from ratings where id = 12`,
  );
  await run(`delete from ratings where id = 12`);
  await aggregatesBeforeRandomIds(db);
}

/**
 * The aggregates as 0013's schema stored them: on the user's row, and per category in
 * user_category_totals (until 0024 moved them onto the row), where a category whose ratings were all
 * withdrawn stayed behind at zero, which 0024 leaves out.
 */
async function aggregatesBeforeRandomIds(db: Db): Promise<void> {
  const [s, c] = [sql`coalesce(p.s, 0)`, sql`coalesce(p.c, 0)`];
  await db.execute(sql`
    update users u set rating_sum_tenths = ${s}, total_ratings_received = ${c},
      rating_tenths = ${averageTenths(s, c)}, score_histogram = coalesce(p.h, '{0,0,0,0,0}'),
      rank_score = ${rankScore(s, c)}
    from users x left join (
      select ratee_id, sum(overall_tenths)::int as s, count(*)::int as c, ${histogramOf(sql`overall_tenths`)} as h
      from ratings where status = 'published' group by ratee_id
    ) p on p.ratee_id = x.id
    where u.id = x.id`);
  await db.execute(sql`
    insert into user_category_totals (user_id, category, score_sum, score_count)
    select r.ratee_id, s.category, sum(s.score), count(*)
    from ratings r join rating_scores s on s.rating_id = r.id where r.status = 'published' group by 1, 2
    union all select 41, 'Withdrawn since', 0, 0`);
}

/** A rating's identity that survives re-keying: who rated whom in which context. */
const KEY = `r.rater_id || '>' || r.ratee_id || ' ' || r.role_context`;

/** Everything the migration must keep, with each rating id replaced by its rating's identity. */
async function keyedContent(db: Executor) {
  const rows = (statement: string) => queryRows<Record<string, unknown>>(db, sql.raw(statement));
  const tables = [
    'users',
    'ratings',
    'flags',
    'rating_replies',
    'rating_disputes',
    'rating_appeals',
    'suspension_hidden_ratings',
    'moderation_actions',
    'withdrawn_ratings',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = row?.n ?? -1;
  }
  return {
    counts,
    ratings: await rows(`select ${KEY} as key, is_anonymous, feedback_message, overall_tenths, status,
                                created_at::text, edited_at::text from ratings r order by 1`),
    // In their own table until 0025, on the rating since.
    scores: (await rows(`select to_regclass('rating_scores') is not null as own`))[0]?.own
      ? await rows(`select ${KEY} as key, s.category, s.score::int as score
                    from rating_scores s join ratings r on r.id = s.rating_id order by 1, 2`)
      : await rows(`select ${KEY} as key, s.key as category, s.value::int as score
                    from ratings r, jsonb_each(r.scores) s order by 1, 2`),
    flags: await rows(`select f.id, ${KEY} as key, f.reporter_id, f.reason, f.status
                       from flags f join ratings r on r.id = f.rating_id order by 1`),
    replies:
      await rows(`select ${KEY} as key, p.message from rating_replies p join ratings r on r.id = p.rating_id
                         order by 1`),
    disputes:
      await rows(`select d.id, ${KEY} as key, d.status from rating_disputes d join ratings r on r.id = d.rating_id
                          order by 1`),
    appeals:
      await rows(`select a.id, ${KEY} as key, a.message from rating_appeals a join ratings r on r.id = a.rating_id
                         order by 1`),
    suspended: await rows(`select ${KEY} as key, s.user_id from suspension_hidden_ratings s
                           join ratings r on r.id = s.rating_id order by 1`),
    audit: await rows(`select a.id, a.action, a.target_type, a.reason,
                              case when a.target_type <> 'rating' then a.target_id::text
                                   else coalesce((select ${KEY} from ratings r where r.id = a.target_id), 'withdrawn') end
                                as target
                       from moderation_actions a order by 1`),
    users:
      await rows(`select id, rating_sum_tenths, total_ratings_received, rating_tenths, score_histogram::text,
                              rank_score from users order by 1`),
    foreignKeys:
      await rows(`select conrelid::regclass::text as table, conname, pg_get_constraintdef(oid) as def
                             from pg_constraint where confrelid = 'ratings'::regclass order by 1, 2`),
  };
}

const ratingIds = async (db: Executor) =>
  (await queryRows<{ id: number }>(db, sql`select id from ratings order by id`)).map((r) => r.id);

/** The audit log's rating ids that no rating has (entries about withdrawn ratings). */
const orphanIds = async (db: Executor) =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`select distinct target_id as id from moderation_actions a
          where target_type = 'rating' and not exists (select 1 from ratings r where r.id = a.target_id)`,
    )
  ).map((r) => r.id);

/**
 * Builds a database at 0013 with data, migrates it by building the app on it (as a deployment does),
 * and holds the result to what was there: nothing lost, every reference on the same rating, new
 * random ids, and the schema as 0014 wants it. Returns the app for further checks; the caller closes it.
 */
export async function migrationScenario(
  postgresServer: string | undefined,
  createApp: (database: Database) => Promise<TestContext>,
): Promise<{ ctx: TestContext; drop: () => Promise<void> }> {
  const { database, drop } = await databaseBeforeRandomIds(postgresServer);
  await fillBeforeRandomIds(database.db);
  const before = await keyedContent(database.db);
  const oldIds = await ratingIds(database.db);
  const oldOrphans = await orphanIds(database.db);
  // Sequential before, as the sequence gave them (12 withdrawn).
  expect(oldIds).toHaveLength(191);
  expect(oldIds.filter((id) => id !== 12)).toEqual(
    Array.from({ length: oldIds.length + 1 }, (_, i) => i + 1).filter((id) => id !== 12),
  );
  expect(oldOrphans).toEqual([12]);

  const ctx = await createApp(database);
  const db = ctx.deps.db;
  const after = await keyedContent(db);
  const { foreignKeys: keysBefore, ...restBefore } = before;
  const { foreignKeys: keysAfter, ...restAfter } = after;
  expect(restAfter).toEqual(restBefore);
  // The same constraints by name and definition: ON DELETE CASCADE, no ON UPDATE. The scores' own
  // table, and its key, are gone since 0025; flags, disputes and appeals outlive a withdrawn rating
  // since 0031 (no key to it); the copied-text rule's keys of a text go with its rating since 0033.
  const outlive = ['rating_scores', 'flags', 'rating_disputes', 'rating_appeals'];
  const since = ['feedback_bands'];
  expect(keysAfter.filter((key) => !since.includes(key.table as string))).toEqual(
    keysBefore.filter((key) => !outlive.includes(key.table as string)),
  );
  expect(keysAfter.filter((key) => since.includes(key.table as string))).toEqual([
    {
      table: 'feedback_bands',
      conname: 'feedback_bands_rating_id_fkey',
      def: 'FOREIGN KEY (rating_id) REFERENCES ratings(id) ON DELETE CASCADE',
    },
  ]);
  expect(keysAfter).toHaveLength(3);

  const newIds = await ratingIds(db);
  expect(newIds).toHaveLength(oldIds.length);
  for (const id of newIds) {
    expect(Number.isSafeInteger(id) && id >= 1).toBe(true);
    expect(oldIds).not.toContain(id);
  }
  // Spread over the whole range, not clustered: a quarter of the ids above 3/4 of 2^53 and a quarter below 1/4.
  const quarter = 2 ** 51;
  expect(newIds.filter((id) => id < quarter).length).toBeGreaterThan(newIds.length / 8);
  expect(newIds.filter((id) => id > 3 * quarter).length).toBeGreaterThan(newIds.length / 8);
  // The withdrawn rating's two entries still name one id, a new one that no rating has.
  const newOrphans = await orphanIds(db);
  expect(newOrphans).toHaveLength(1);
  expect(newOrphans[0]).not.toBe(12);
  expect(newIds).not.toContain(newOrphans[0]);
  expect(await aggregateMismatches(db)).toEqual([]);

  // Every column that holds a rating id is bigint; no identity, no sequence; the log append-only again.
  const columns = await queryRows<{ column: string; type: string }>(
    db,
    sql`select c.conrelid::regclass::text || '.' || a.attname as column, format_type(a.atttypid, a.atttypmod) as type
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.confrelid = 'ratings'::regclass
        union all
        select table_name || '.' || column_name, data_type from information_schema.columns
        where table_schema = 'public' and (table_name, column_name) in (('ratings', 'id'), ('moderation_actions', 'target_id'),
          -- With no key to the rating since 0031.
          ('flags', 'rating_id'), ('rating_disputes', 'rating_id'), ('rating_appeals', 'rating_id'),
          -- The rating a copied-text flag matched, since 0033; feedback_bands has its key.
          ('flags', 'matched_rating_id'))
        order by 1`,
  );
  expect(columns).toHaveLength(9);
  for (const column of columns) expect(column.type, column.column).toBe('bigint');
  const [identity] = await queryRows<{ sequence: string | null; identity: string; fallback: string }>(
    db,
    sql`select pg_get_serial_sequence('ratings', 'id') as sequence,
               (select attidentity::text from pg_attribute where attrelid = 'ratings'::regclass and attname = 'id') as identity,
               (select pg_get_expr(adbin, adrelid) from pg_attrdef
                where adrelid = 'ratings'::regclass and adnum = (select attnum from pg_attribute
                  where attrelid = 'ratings'::regclass and attname = 'id')) as fallback`,
  );
  expect(identity).toEqual({ sequence: null, identity: '', fallback: 'random_rating_id()' });
  await expect(db.execute(sql`update moderation_actions set reason = 'rewritten'`)).rejects.toThrow();
  return { ctx, drop };
}
