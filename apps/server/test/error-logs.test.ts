// What the logs say of database errors: the error class, SQLSTATE and constraint, never the SQL or
// its bound values; and "database unavailable" once per outage, not once per request.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { call, createTestApp, type TestContext } from './helpers.ts';

const SECRET = 'rater.secret@example.in';
let ctx: TestContext;
let app: App;
let down: pg.Pool;
let databaseDown = true;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // A pool to a port nothing listens on: a real ECONNREFUSED, as in an outage.
  down = new pg.Pool({
    connectionString: 'postgres://nobody@127.0.0.1:1/none',
    connectionTimeoutMillis: 2000,
  });
  app = await buildApp(ctx.deps, { logger: { level: 'trace', stream } });
  // Routes of this test only: a real failed statement with a personal value bound to it, and a
  // query to a database that is down until the test brings it back.
  app.get('/api/test/failed-statement', async () => {
    await ctx.deps.db.execute(sql`select ${SECRET}::int`);
  });
  app.get('/api/test/outage', async () => {
    if (databaseDown) await down.query('select $1::text', [SECRET]);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await down.end();
  await app.close();
  await ctx.close();
});

const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

it('logs a failed statement by class and SQLSTATE, without its SQL or values', async () => {
  const answer = await call(app, 'GET', '/api/test/failed-statement');
  expect(answer.status).toBe(500);
  const logged = records().filter((r) => r.msg === 'unhandled error');
  expect(logged).toHaveLength(1);
  expect(JSON.stringify(logged[0]?.err)).toContain('22P02');
  expect(lines.join('')).not.toContain(SECRET);
  expect(lines.join('')).not.toMatch(/select|params/i);
});

it('warns "database unavailable" once per outage', async () => {
  for (let i = 0; i < 20; i++) {
    const answer = await call(app, 'GET', '/api/test/outage');
    expect(answer.status).toBe(503);
  }
  expect(records().filter((r) => r.msg === 'database unavailable')).toHaveLength(1);
  expect(lines.join('')).not.toContain(SECRET);
  expect(JSON.stringify(records().find((r) => r.msg === 'database unavailable')?.err)).toContain(
    'ECONNREFUSED',
  );

  // back: the health check succeeds, and the next outage is a new one
  databaseDown = false;
  expect((await call(app, 'GET', '/api/core/health/')).status).toBe(200);
  databaseDown = true;
  for (let i = 0; i < 5; i++) await call(app, 'GET', '/api/test/outage');
  expect(records().filter((r) => r.msg === 'database unavailable')).toHaveLength(2);
});
