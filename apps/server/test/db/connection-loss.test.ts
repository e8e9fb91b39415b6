// A connection lost while it is checked out of a pool (a transaction between two statements, when
// PostgreSQL restarts or an operator ends the backend): node-postgres emits 'error' on the client,
// which the pool listens for only while the client is idle. Unheard, that error ended the server
// process (the fault test's outage once found it so). Now the statement under way or the next one
// fails, as a request's would with 503, and the pool goes on with new connections.
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { NO_JIT, postgresPool } from '../../src/db/pools.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pool = postgresPool(serverUrl, 2, 5000, NO_JIT);
afterAll(() => pool.end());

it("survives a checked-out connection's loss between two statements, and serves the next with a new one", async () => {
  const client = await pool.connect();
  await client.query('begin');
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]?.pid;
  // Ended from outside while no statement of its own runs: PostgreSQL sends it a FATAL message.
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
  // The message arrives; the process must still be here to fail the next statement.
  await new Promise((done) => setTimeout(done, 300));
  const failure = await client.query('select 1').then(
    () => null,
    (error: Error) => error,
  );
  expect(failure).toBeInstanceOf(Error);
  client.release(failure ?? undefined);
  const again = await pool.query<{ ok: number }>('select 1 as ok');
  expect(again.rows).toEqual([{ ok: 1 }]);
});
