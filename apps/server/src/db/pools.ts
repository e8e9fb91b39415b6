// The node-postgres pools of both the primary and its replicas (db/client.ts, db/replicas.ts): their
// settings per connection, and statements named so PostgreSQL parses each once per connection.
import { createHash } from 'node:crypto';
import pg from 'pg';

/** A node-postgres pool's settings: these settings on every connection (`options`). */
export function poolConfig(
  url: string,
  max: number,
  statementTimeoutMs: number,
  options: string,
): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    // A stuck query must not hold a request forever.
    statement_timeout: statementTimeoutMs,
    options,
  };
}

/** Makes a pool name its statements (nameStatements) and survive its connections' errors. */
export function preparePool<P extends pg.Pool>(pool: P): P {
  // A client losing its connection emits 'error'; without a listener it would crash the process. The
  // pool listens while a client is idle; this one hears it while the client is checked out too (a
  // transaction between two statements when PostgreSQL restarts), where the statement under way or
  // the next one fails instead, and the pool then drops the client (test/db/connection-loss.test.ts).
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    nameStatements(client);
  });
  return pool;
}

export function postgresPool(url: string, max: number, statementTimeoutMs: number, options: string) {
  return preparePool(new pg.Pool(poolConfig(url, max, statementTimeoutMs, options)));
}

// No JIT compilation on any connection: it pays off for long analytical queries, while compiling costs
// tens to hundreds of milliseconds at every execution of a statement whose estimate passes
// jit_above_cost, such as a search whose plan holds walks of whole indexes it runs only when cheap.
export const NO_JIT = '-c jit=off';
// The generic pool keeps every statement's generic plan, built once per connection: PostgreSQL's
// default plans a statement's first five executions with their values and goes on doing so whenever
// that looked cheaper, which cost each search 2 ms of planning. Only for statements written for it:
// the unusual-activity rule, for one, needs its values (its generic plan took 0.9 s).
export const GENERIC_PLANS = `${NO_JIT} -c plan_cache_mode=force_generic_plan`;

const MAX_NAMED_PER_CONNECTION = 500;

const statementNames = new Map<string, string>();

/**
 * Names each parameterised statement on this connection after a digest of its text, so PostgreSQL
 * parses it once per connection and may keep its plan, instead of parsing and planning every
 * execution of the unnamed statements Drizzle sends (issue 4: most of a short query's database time).
 * Bounded per connection, since statements with values written into their text never repeat.
 */
function nameStatements(client: pg.PoolClient) {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config, ...rest) => {
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    // Drizzle's raw statements come as configs whose name is undefined (present, but unset).
    const plain =
      typeof config === 'string' ||
      (typeof config === 'object' &&
        config !== null &&
        (config as { name?: unknown }).name === undefined &&
        !('submit' in config));
    if (!plain || typeof text !== 'string' || !text.includes('$1')) return query(config, ...rest);
    let name = statementNames.get(text);
    if (!name) {
      name = `wt_${createHash('sha1').update(text).digest('base64url')}`;
      if (statementNames.size < 10_000) statementNames.set(text, name);
    }
    if (!named.has(name)) {
      if (named.size >= MAX_NAMED_PER_CONNECTION) return query(config, ...rest);
      named.add(name);
    }
    return query(typeof config === 'string' ? { text, name } : { ...(config as object), name }, ...rest);
  };
}
