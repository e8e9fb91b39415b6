// Loads generated data in bulk: a few thousand rows per statement through `unnest` of array
// parameters, the same SQL on PGlite and PostgreSQL. Everything happens in one transaction (a
// failed or interrupted seed leaves the database as it was), then the aggregates are rebuilt in
// SQL and checked against a recomputation.
import { COPIED_TEXT, RATING_CATEGORIES } from '@workspace/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { aggregateMismatches, recomputeAllAggregates } from '../modules/ratings/aggregates.ts';
import { bandsToStore } from '../modules/ratings/copied-text.ts';
import { freshAccountAt } from '../modules/ratings/unusual-activity.ts';
import {
  type FlagRows,
  type GenerateOptions,
  generate,
  type RatingChunk,
  type UserChunk,
} from './generate.ts';
import { type Progress, silentProgress } from './progress.ts';

/** Password of every seeded account (they share one precomputed hash). */
export const SEED_PASSWORD = 'Demo@2026!';
const SEED_LOCK = 727_274_002;
const USER_CHUNK = 5_000;
const RATING_CHUNK = 20_000;

export class DatabaseNotEmptyError extends Error {}

export interface SeedOptions extends Omit<GenerateOptions, 'firstUserId' | 'takenCodes' | 'takenRatingIds'> {
  /** Add to a database that already has users; otherwise such a database is refused. */
  append?: boolean;
  progress?: Progress;
}

export interface SeedResult {
  employees: number;
  employers: number;
  ratings: number;
  flags: number;
  firstUserId: number;
  seconds: number;
}

const param = (value: unknown) => sql.param(value);

/** Users other than moderators: a database with only moderator accounts still counts as empty. */
async function countPortalUsers(executor: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    executor,
    sql`select count(*)::int as n from users where user_role <> 'moderator'`,
  );
  return row?.n ?? 0;
}

export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const result = await db.transaction(async (tx) => {
    // A bulk load and the final check may take longer than a request's statement timeout.
    await tx.execute(sql`set local statement_timeout = 0`);
    // Room for the joins and aggregates over all ratings to stay in memory (an upper bound only).
    await tx.execute(sql`set local work_mem = '128MB'`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await countPortalUsers(tx);
    if (existing > 0 && !options.append) {
      throw new DatabaseNotEmptyError(
        `The database already has ${existing} users; seed only fills an empty database (add --append to add to it)`,
      );
    }
    // One hash for every seeded account: argon2 is deliberately slow.
    const passwordHash = await hashPassword(SEED_PASSWORD);
    const [ids] = await queryRows<{ users: number; ratings: number }>(
      tx,
      sql`select (select coalesce(max(id), 0) from users)::int as users,
                 (select count(*) from ratings)::int as ratings`,
    );
    const takenCodes = new Set<string>();
    const takenRatingIds = new Set<number>();
    if (existing > 0) {
      const rows = await queryRows<{ code: string }>(tx, sql`select user_code as code from users`);
      for (const row of rows) takenCodes.add(row.code);
      const ratingRows = await queryRows<{ id: number }>(tx, sql`select id from ratings`);
      for (const row of ratingRows) takenRatingIds.add(row.id);
    }
    const firstUserId = (ids?.users ?? 0) + 1;
    // Loading at least as much as there is: build secondary indexes and check foreign keys once
    // at the end (a sort and a join) instead of row by row, several times faster.
    const restore = (ids?.ratings ?? 0) <= options.ratings ? await dropSecondaryIndexes(tx) : [];
    const data = generate({ ...options, firstUserId, takenCodes, takenRatingIds });

    progress.phase('Users', options.users);
    let done = 0;
    await pipeline(
      data.userChunks(USER_CHUNK),
      (chunk) => insertUsers(tx, chunk, passwordHash),
      (chunk) => {
        done += chunk.id.length;
        progress.advance(done);
      },
    );

    progress.phase('Ratings', options.ratings);
    done = 0;
    await pipeline(
      data.ratingChunks(RATING_CHUNK),
      async (chunk) => {
        await insertRatings(tx, chunk);
        await insertTextBands(tx, chunk);
      },
      (chunk) => {
        done += chunk.id.length;
        progress.advance(done);
      },
    );
    const flags = data.flags();
    if (flags.ratingId.length > 0) await insertFlags(tx, flags);

    // Users have a sequence; ratings draw random ids and have none (ADR 0016).
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);

    progress.phase('Aggregates', 0);
    // Statistics first (ANALYZE sees this transaction's rows), so the joins below plan well.
    await tx.execute(sql`analyze users, ratings`);
    await recomputeAllAggregates(tx);
    if (restore.length > 0) {
      progress.phase('Indexes', restore.length);
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const [index, statement] of restore.entries()) {
        await tx.execute(sql.raw(statement));
        progress.advance(index + 1);
      }
    }
    progress.phase('Checking', 0);
    const wrong = await aggregateMismatches(tx);
    if (wrong.length > 0) throw new Error(`aggregates differ from a recomputation for ${wrong.length} users`);
    return {
      employees: data.plan.employees,
      employers: data.plan.employers,
      ratings: options.ratings,
      flags: flags.ratingId.length,
      firstUserId,
    };
  });
  progress.done();
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

/**
 * Sends each chunk and generates the next while the database works on it (on PostgreSQL the two
 * run on different cores; PGlite shares the thread anyway).
 */
async function pipeline<T>(
  chunks: Generator<T>,
  send: (chunk: T) => Promise<unknown>,
  sent: (chunk: T) => void,
): Promise<void> {
  let pending: { chunk: T; promise: Promise<unknown> } | null = null;
  for (const chunk of chunks) {
    // Drizzle's query objects run once per `then`: start this one exactly once.
    const promise = Promise.resolve(send(chunk));
    // Avoid an unhandled rejection while the next chunk is generated; it is awaited below.
    promise.catch(() => {});
    if (pending) {
      await pending.promise;
      sent(pending.chunk);
    }
    pending = { chunk, promise };
  }
  if (pending) {
    await pending.promise;
    sent(pending.chunk);
  }
}

function insertUsers(tx: Executor, c: UserChunk, passwordHash: string) {
  return tx.execute(sql`
    insert into users (id, user_code, email, password_hash, full_name, user_role, city, linkedin_url,
                       skills, skills_lc, work_history, show_rating_details, date_joined)
    select id, code, email, ${passwordHash}, full_name,
           case when employer then 'employer' else 'employee' end, city, linkedin,
           string_to_array(skills, '|'), string_to_array(lower(skills), '|'), work::jsonb, show,
           to_timestamp(joined)
    from unnest(${param(c.id)}::int[], ${param(c.code)}::text[], ${param(c.email)}::text[],
                ${param(c.fullName)}::text[], ${param(c.isEmployer)}::bool[], ${param(c.city)}::text[],
                ${param(c.linkedin)}::text[], ${param(c.skills)}::text[], ${param(c.workHistory)}::text[],
                ${param(c.showDetails)}::bool[], ${param(c.joined)}::float8[])
      as t(id, code, email, full_name, employer, city, linkedin, skills, work, show, joined)`);
}

const categoryArray = (names: readonly string[]): SQL => sql`${param([...names])}::text[]`;

function insertRatings(tx: Executor, c: RatingChunk) {
  // One statement per chunk; a rating's scores are its rated categories (digit > 0).
  return tx.execute(sql`
    with t as (
      select * from unnest(${param(c.id)}::bigint[], ${param(c.rater)}::int[], ${param(c.ratee)}::int[],
                           ${param(c.context)}::int2[], ${param(c.anonymous)}::bool[],
                           ${param(c.feedback)}::text[], ${param(c.overallTenths)}::int2[],
                           ${param(c.createdAt)}::float8[], ${param(c.scores)}::text[])
        as t(id, rater, ratee, context, anonymous, feedback, overall, created, scores)
    )
    insert into ratings (id, rater_id, ratee_id, role_context, is_anonymous, feedback_message,
                         overall_tenths, scores, status, created_at, from_fresh_account)
    select t.id, rater, ratee,
           case when context = 0 then 'EMPLOYEE_TO_COMPANY' else 'EMPLOYER_TO_EMPLOYEE' end,
           anonymous, feedback, overall,
           (select jsonb_object_agg(
                     (case when t.context = 0 then ${categoryArray(RATING_CATEGORIES.EMPLOYEE_TO_COMPANY)}
                           else ${categoryArray(RATING_CATEGORIES.EMPLOYER_TO_EMPLOYEE)} end)[i],
                     substr(t.scores, i, 1)::int)
            from generate_series(1, 6) as i where substr(t.scores, i, 1) <> '0'),
           'published', to_timestamp(created),
           ${freshAccountAt(sql`to_timestamp(created)`, sql`u.date_joined`)}
    from t join users u on u.id = t.rater`);
}

/** The copied-text rule's keys of the chunk's texts inside its window, as the rule stores them (ADR 0023). */
function insertTextBands(tx: Executor, c: RatingChunk) {
  const since = Date.now() / 1000 - COPIED_TEXT.days * 86_400;
  const bands: number[] = [];
  const ids: number[] = [];
  const at: number[] = [];
  c.feedback.forEach((text, i) => {
    const created = c.createdAt[i] as number;
    if (created <= since) return;
    for (const band of bandsToStore(text)) {
      bands.push(band);
      ids.push(c.id[i] as number);
      at.push(created);
    }
  });
  if (bands.length === 0) return Promise.resolve();
  return tx.execute(sql`
    insert into feedback_bands (band, rating_id, written_at)
    select band, id, to_timestamp(at)
    from unnest(${param(bands)}::bigint[], ${param(ids)}::bigint[], ${param(at)}::float8[]) as t(band, id, at)`);
}

function insertFlags(tx: Executor, f: FlagRows) {
  return tx.execute(sql`
    insert into flags (rating_id, reporter_id, reason, details)
    select * from unnest(${param(f.ratingId)}::bigint[], ${param(f.reporterId)}::int[],
                         ${param(f.reason)}::text[], ${param(f.details)}::text[])`);
}

const BULK_TABLES = sql`array['users', 'ratings', 'search_grams', 'ranked_grams']::regclass[]`;

/**
 * Drops the constraints and indexes of the bulk-loaded tables (except keys that other tables'
 * foreign keys rely on) and returns the statements that recreate them exactly, read from the
 * catalog so they follow the migrations.
 */
async function dropSecondaryIndexes(tx: Executor): Promise<string[]> {
  const constraints = await queryRows<{ table: string; name: string; def: string }>(
    tx,
    sql`select conrelid::regclass::text as table, quote_ident(conname) as name,
               pg_get_constraintdef(oid) as def
        from pg_constraint
        where conrelid = any(${BULK_TABLES}) and contype in ('p', 'u', 'f')
          and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = pg_constraint.conindid
                          and pg_constraint.contype <> 'f')
        order by contype = 'f' desc, conname`,
  );
  const indexes = await queryRows<{ name: string; def: string }>(
    tx,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i
        where i.indrelid = any(${BULK_TABLES}) and not i.indisprimary
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
        order by 1`,
  );
  // Foreign keys go first and come back last.
  for (const c of constraints) await tx.execute(sql.raw(`alter table ${c.table} drop constraint ${c.name}`));
  for (const i of indexes) await tx.execute(sql.raw(`drop index ${i.name}`));
  return [
    ...indexes.map((i) => i.def),
    ...constraints.reverse().map((c) => `alter table ${c.table} add constraint ${c.name} ${c.def}`),
  ];
}

/**
 * Fresh statistics after a bulk load, so the planner sees the new sizes, and a vacuum of every table
 * (outside the load's transaction): recomputing the aggregates rewrote every user row, leaving as
 * many dead rows as live ones, and the visibility map it sets lets counts run as index-only scans.
 * The counter tables too: their triggers rewrote each counter row once per batch, and 100,000 users
 * left skill_counts with 19 dead rows for each live one and search_gram_counts with 18, which every
 * read of a counter passed over (a skill pair's row: 23 buffers, against 3). Autovacuum (on PGlite, the
 * server's own rounds, db/maintenance.ts) would clear them only later, and a server may run without it.
 */
export async function analyzeAfterSeed(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
