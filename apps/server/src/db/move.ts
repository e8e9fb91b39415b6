// From the default to production (DESIGN §9.2, docs/operations.md §11): the embedded database in
// DATA_DIR copied into an empty PostgreSQL database, then compared with it table by table. The
// server must be stopped first: PGlite is one process's database.
//
// The target gets its schema from the same migrations, then every table's rows in the order its
// foreign keys need, its own triggers off (the counts they keep are tables copied as they are), and
// the identity sequences where the source left them, all in one transaction, which commits only when
// the comparison below finds every table the same. Rows travel
// as JSON text (to_jsonb, jsonb_populate_recordset), so no value passes through a JavaScript type
// that could round it (timestamps keep their microseconds). Each table is then digested on both
// sides, every column including the generated ones: its row count and two 64-bit sums of each
// row's md5, which do not depend on the order rows are read in.
import { sql } from 'drizzle-orm';
import { type Database, type Db, type Executor, openDatabase, queryRows } from './client.ts';
import { migrate } from './migrate.ts';

/** The move could not be made or does not match: one line for the operator (exit code 1). */
export class MoveError extends Error {}

/** Rows per round trip of the copy. */
const BATCH = 2000;

/** The public tables of a database. */
async function tablesOf(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return rows.map((row) => row.name);
}

/** The tables in an order where each comes after every table its foreign keys point to. */
async function insertOrder(db: Executor, tables: string[]): Promise<string[]> {
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new MoveError(`the foreign keys of ${table} make a cycle`);
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && tables.includes(edge.parent)) place(edge.parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

/** The columns a row may be given (not the generated ones, which the target computes). */
async function writableColumns(db: Executor, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((row) => row.name);
}

/** Refuses a target that holds any table in its public schema: the move makes the schema itself. */
async function ensureEmpty(target: Db): Promise<void> {
  const tables = await tablesOf(target);
  if (tables.length > 0) {
    throw new MoveError(
      `the target database is not empty: it has ${tables.length} table(s) (${tables.slice(0, 3).join(', ')}); ` +
        'move-to-postgres copies only into an empty database (createdb)',
    );
  }
}

/** One table's rows from the source into the target, inside the target's transaction. */
async function copyTable(source: Db, target: Executor, table: string): Promise<number> {
  const columns = await writableColumns(target, table);
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  let copied = 0;
  await source.transaction(async (read) => {
    await read.execute(
      sql`declare move_rows no scroll cursor for select to_jsonb(t)::text as row from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const rows = await queryRows<{ row: string }>(read, sql.raw(`fetch ${BATCH} from move_rows`));
      if (rows.length === 0) break;
      const json = `[${rows.map((r) => r.row).join(',')}]`;
      await target.execute(
        sql`insert into ${sql.identifier(table)} (${list}) overriding system value
            select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${json}::jsonb)`,
      );
      copied += rows.length;
    }
    await read.execute(sql`close move_rows`);
  });
  return copied;
}

/** Every identity sequence of the target set where the source's stands. */
async function copySequences(source: Db, target: Executor): Promise<void> {
  // last_value is null for a sequence never drawn from: the target's is new as well.
  const sequences = await queryRows<{ name: string; last: number | null }>(
    source,
    sql`select sequencename as name, last_value as last from pg_sequences where schemaname = 'public'`,
  );
  for (const sequence of sequences) {
    if (sequence.last === null) continue;
    await target.execute(sql`select setval(${`public.${sequence.name}`}::regclass, ${sequence.last}, true)`);
  }
}

interface TableDigest {
  rows: number;
  digest: string;
}

/**
 * A table's row count and a digest of all its rows, whatever order they are stored in. Rows are
 * written as text with the same settings on both engines, so equal rows give equal text.
 */
async function digestOf(db: Db, table: string): Promise<TableDigest> {
  return db.transaction(async (tx) => {
    for (const setting of [
      sql`set local timezone = 'UTC'`,
      sql`set local datestyle = 'ISO, YMD'`,
      sql`set local intervalstyle = 'postgres'`,
      sql`set local extra_float_digits = 1`,
      sql`set local bytea_output = 'hex'`,
    ])
      await tx.execute(setting);
    const half = (from: number) =>
      sql`sum(('x' || substr(md5(t::text), ${from}, 16))::bit(64)::bigint::numeric)`;
    const [row] = await queryRows<{ rows: number; a: string | null; b: string | null }>(
      tx,
      sql`select count(*)::int as rows, ${half(1)}::text as a, ${half(17)}::text as b from ${sql.identifier(table)} t`,
    );
    return { rows: row?.rows ?? 0, digest: `${row?.a ?? 0}/${row?.b ?? 0}` };
  });
}

/**
 * Compares every public table of two databases: null when they match, else one line saying what
 * differs first (a table missing, a row count, or rows that differ).
 */
export async function differenceBetween(source: Db, target: Db): Promise<string | null> {
  const [here, there] = [await tablesOf(source), await tablesOf(target)];
  const missing = here.filter((table) => !there.includes(table));
  if (missing.length > 0) return `table ${missing[0]} is missing from PostgreSQL`;
  const extra = there.filter((table) => !here.includes(table));
  if (extra.length > 0) return `PostgreSQL has a table the embedded database has not: ${extra[0]}`;
  for (const table of here) {
    const [a, b] = [await digestOf(source, table), await digestOf(target, table)];
    if (a.rows !== b.rows) {
      return `${table} differs: ${a.rows} row(s) in the embedded database, ${b.rows} in PostgreSQL`;
    }
    if (a.digest !== b.digest) return `${table} differs: ${a.rows} row(s) each, not the same contents`;
  }
  return null;
}

export interface MoveSummary {
  tables: number;
  rows: number;
  users: number;
  ratings: number;
}

/** Opens the target PostgreSQL database for the move, with no time limit on its statements. */
export function openTarget(url: string): Promise<Database> {
  return openDatabase({ databaseUrl: url, poolSize: 2, statementTimeoutMs: 0 });
}

/**
 * Moves the embedded `source` into the PostgreSQL `target` (empty, or holding only this schema with
 * no rows) and compares the two. Throws MoveError with one line when it cannot or they differ.
 */
export async function moveToPostgres(
  source: Database,
  target: Database,
  progress: (line: string) => void = () => {},
): Promise<MoveSummary> {
  if (source.kind !== 'pglite' || target.kind !== 'postgres') {
    throw new MoveError('move-to-postgres moves the embedded database into PostgreSQL');
  }
  await ensureEmpty(target.db);
  // The source at the schema the server would leave it at on its next start.
  await migrate(source.db);
  const order = await insertOrder(source.db, await tablesOf(source.db));
  let rows = 0;
  // One transaction: a move that fails leaves the target empty, to be tried again.
  await target.db.transaction(async (tx) => {
    await migrate(tx as unknown as Db);
    // The rows the migrations wrote (languages, counters, their own record) are the source's to give.
    for (const table of [...order].reverse()) {
      await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
      await tx.execute(sql`delete from ${sql.identifier(table)}`);
    }
    for (const table of order) {
      const copied = await copyTable(source.db, tx, table);
      await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
      rows += copied;
      if (copied > 0) progress(`${table}: ${copied} row(s)`);
    }
    await copySequences(source.db, tx);
    // Compared before the commit: a copy that does not match is rolled back, the target left empty.
    const difference = await differenceBetween(source.db, tx as unknown as Db);
    if (difference) throw new MoveError(`the copy does not match: ${difference}`);
  });
  for (const table of order) await target.db.execute(sql`analyze ${sql.identifier(table)}`);
  const [count] = await queryRows<{ users: number; ratings: number }>(
    target.db,
    sql`select (select count(*) from users)::int as users, (select count(*) from ratings)::int as ratings`,
  );
  return { tables: order.length, rows, users: count?.users ?? 0, ratings: count?.ratings ?? 0 };
}
