// What the logs say of database errors: the error class, SQLSTATE and constraint, never the SQL or
// its bound values; and "database unavailable" once per outage, not once per request.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { makeUser, rate } from './core/support.ts';
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

it('logs a failed check of a written text without the rating, its rater or the text', async () => {
  // A long text, then a near copy of it by another account (ADR 0023), written through the logging
  // app; the copy's flag is refused by the database, as by a failure, and the rating stands.
  const logging = { ...ctx, app };
  const longAgo = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
  const [first, second] = await Promise.all([
    makeUser(ctx, 'employee', { dateJoined: longAgo }),
    makeUser(ctx, 'employee', { dateJoined: longAgo }),
  ]);
  const [one, two] = await Promise.all([makeUser(ctx, 'employer'), makeUser(ctx, 'employer')]);
  const text =
    'The appraisal panel at the Hinjewadi office met twice a year, asked fair questions and explained every rating it gave.';
  await rate(logging, first, one, { feedback_message: text });
  await ctx.deps.db.execute(
    sql`alter table flags add constraint test_no_automatic_flag check (reporter_id is not null) not valid`,
  );
  try {
    const copy = await rate(logging, second, two, { feedback_message: text, is_anonymous: true });
    // Edited, it meets the rule again, through the statement that binds the rater and the text.
    const edited = await call(app, 'PATCH', `/api/core/ratings/${copy.id}/`, {
      token: second.token,
      body: { feedback_message: `${text} Still true.` },
    });
    expect(edited.status).toBe(204);
    const failed = records().filter((r) => r.msg === 'copied-text check failed');
    expect(failed).toHaveLength(2);
    for (const record of failed) expect(JSON.stringify(record.err)).toContain('23514');
    const logged = lines.join('');
    expect(logged).not.toContain(String(copy.id));
    expect(logged).not.toContain('Hinjewadi');
    expect(logged).not.toMatch(/insert into|params/i);
  } finally {
    await ctx.deps.db.execute(sql`alter table flags drop constraint test_no_automatic_flag`);
  }
});
