// Prepared statements built once per database and name. Building a query through Drizzle (walking
// its SQL tree, checking entity kinds) cost the server more CPU than sending it, so the hot reads
// are built once with placeholders and only executed per request (issue 4). A name is also a named
// statement on each connection, which PostgreSQL parses once.
import { is, Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
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
 * The query with one parameter per placeholder: Drizzle gives every place a placeholder is written a
 * parameter of its own, and a search's statement names its 14-18 values in 103-167 places, each
 * serialised by node-postgres and parsed by PostgreSQL (its arrays too) at every execution. Values
 * written in, and placeholders a column encodes (`sql.param(placeholder, column)`, as an insert's
 * values are), keep a parameter each: the same value may stand in places of different types. Each
 * parameter appears once in Drizzle's text; if not, the query is left as it is.
 */
export function placeholdersOnce(query: Query): Query {
  const numberOf = new Map<string, number>();
  const params: unknown[] = [];
  const renumbered = query.params.map((param) => {
    const name = is(param, Placeholder) ? param.name : null;
    const known = name === null ? undefined : numberOf.get(name);
    if (known !== undefined) return known;
    params.push(param);
    if (name !== null) numberOf.set(name, params.length);
    return params.length;
  });
  let seen = 0;
  const text = query.sql.replace(/\$(\d+)\b/g, (whole, digits: string) => {
    const number = renumbered[Number(digits) - 1];
    if (number === undefined) return whole;
    seen++;
    return `$${number}`;
  });
  if (seen !== query.params.length) return query;
  return { sql: text, params };
}

/**
 * A raw statement (`sql` with `sql.placeholder`s) compiled and prepared once per database and name,
 * like the builders' `.prepare(name)`: per request only its values are bound, each once
 * (placeholdersOnce), and PostgreSQL parses it once per connection.
 */
export function preparedRaw<T, A extends unknown[] = []>(build: (...args: A) => SQL) {
  return preparedStatements((db, name, ...args: A): PreparedRows<T> => {
    const query = placeholdersOnce(dialect.sqlToQuery(build(...args)));
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return {
      rows: async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows,
    };
  });
}
