// Prepared statements built once per database and name. Building a query through Drizzle (walking
// its SQL tree, checking entity kinds) cost the server more CPU than sending it, so the hot reads
// are built once with placeholders and only executed per request (issue 4). A name is also a named
// statement on each connection, which PostgreSQL parses once.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** `name` must determine the statement: `args` are used only the first time a name is built. */
export function preparedStatements<T, A extends unknown[] = []>(
  build: (db: Executor, name: string, ...args: A) => T,
) {
  const built = new WeakMap<Executor, Map<string, T>>();
  return (db: Executor, name: string, ...args: A): T => {
    let byName = built.get(db);
    if (!byName) {
      byName = new Map();
      built.set(db, byName);
    }
    let statement = byName.get(name);
    if (statement === undefined) {
      statement = build(db, name, ...args);
      byName.set(name, statement);
    }
    return statement;
  };
}

/** A value, or the placeholder of a prepared statement that is bound to one per request. */
export type Bound<T> = T | Placeholder;

/** Counts the rows of `rows` (a select) up to `limit`: a large set is read only that far. */
export const countUpTo = (rows: SQL, limit: SQL | Placeholder) =>
  sql`(select count(*)::int from (${rows} limit ${limit}) counted)`;

const dialect = new PgDialect();

/** Rows of a prepared raw statement, run with the values of its placeholders. */
export interface PreparedRows<T> {
  rows(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * A raw statement (`sql` with `sql.placeholder`s) compiled and prepared once per database and name,
 * like the builders' `.prepare(name)`: per request only its values are bound, and PostgreSQL parses it
 * once per connection.
 */
export function preparedRaw<T, A extends unknown[] = []>(build: (...args: A) => SQL) {
  return preparedStatements((db, name, ...args: A): PreparedRows<T> => {
    const prepared = db._.session.prepareQuery(dialect.sqlToQuery(build(...args)), undefined, name, false);
    return {
      rows: async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows,
    };
  });
}
