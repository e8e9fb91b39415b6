// How many statements a request sends: each round trip cost the server and PostgreSQL more than the
// reads themselves (issues 4 and 11), so the hot pages read what they show in as few as possible,
// and no more of the user they show than that.
// Counted with the database's statement logger on the real app, answer cache off (every request
// reads the database). Only the statements sent on a request's behalf count: the mail queue's poll
// runs on its own timer, whenever it likes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type DashboardResponse, PAGE_SIZES, type ProfileResponse } from '@workspace/contracts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { get, makeUser, rate, type TestUser } from '../core/support.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
const sent: string[] = [];
/** Set while a counted request runs, so that a background worker's statements are not counted. */
const counting = new AsyncLocalStorage<true>();
/** How many values each statement in `sent` was sent with. */
const bound: number[] = [];
let company: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  const database = await openDatabase({
    dataDir: 'memory://',
    logger: {
      logQuery: (query, params) => {
        if (!counting.getStore()) return;
        sent.push(query);
        bound.push(params.length);
      },
    },
  });
  ctx = await createTestApp({ VIEW_CACHE_MB: '0' }, { database });
  company = await makeUser(ctx, 'employer', { name: 'Kaveri Mills' });
  viewer = await makeUser(ctx, 'employee');
  for (let i = 0; i < 3; i++) await rate(ctx, await makeUser(ctx, 'employee'), company);
  await rate(ctx, company, viewer);
});
afterAll(async () => ctx.close());

/** The statements one request sent, and its answer. */
async function statementsOf<T>(request: () => Promise<{ status: number; body: T }>) {
  sent.length = 0;
  bound.length = 0;
  const answer = await counting.run(true, request);
  expect(answer.status).toBe(200);
  return { statements: [...sent], values: [...bound], body: answer.body };
}

describe('round trips of a request', () => {
  it('a profile page: the session check, then the user with their newest ratings in one statement', async () => {
    const { statements, body } = await statementsOf(() =>
      get<ProfileResponse>(
        ctx,
        viewer,
        `/api/core/users/${company.id}/profile/?ratings=${PAGE_SIZES.profileShown}`,
      ),
    );
    expect(body.all_ratings).toHaveLength(3);
    expect(statements, statements.join('\n\n')).toHaveLength(2);
  });

  it("a profile page reads none of the profiled user's private columns", async () => {
    const { statements } = await statementsOf(() =>
      get<ProfileResponse>(ctx, viewer, `/api/core/users/${company.id}/profile/`),
    );
    const profile = statements.find((text) => text.includes('score_histogram')) ?? '';
    expect(profile, statements.join('\n\n')).toContain('"full_name"');
    for (const column of ['password_hash', 'email', 'email_domain', 'language'])
      expect(profile).not.toContain(`"${column}"`);
  });

  it("the dashboard: the session check (with the number given), then the caller's numbers and newest ratings in one", async () => {
    const { statements, body } = await statementsOf(() =>
      get<DashboardResponse>(ctx, company, '/api/core/dashboard/'),
    );
    expect(body.stats.ratings_received).toBe(3);
    expect(body.recent_ratings).toHaveLength(3);
    expect(statements, statements.join('\n\n')).toHaveLength(2);
  });

  it('my ratings, received or given, even a page past the end: the session check, then the page with its total in one', async () => {
    for (const [user, list] of [
      [company, 'received'],
      [company, 'given'],
    ] as const) {
      for (const page of [1, 2]) {
        const { statements, body } = await statementsOf(() =>
          get<{ results: unknown[]; total_count: number }>(
            ctx,
            user,
            `/api/core/my-ratings/${list}/?page_size=5&page=${page}`,
          ),
        );
        expect(body, `${list} page ${page}`).toMatchObject({ total_count: list === 'received' ? 3 : 1 });
        expect(body.results, `${list} page ${page}`).toHaveLength(
          page === 1 ? (list === 'received' ? 3 : 1) : 0,
        );
        expect(statements, statements.join('\n\n')).toHaveLength(2);
      }
    }
  });

  it('a search, even a page past the end: the session check, then the page with its total in one', async () => {
    for (const page of [1, 2]) {
      const { statements, body } = await statementsOf(() =>
        get<{ results: unknown[]; total_count: number }>(
          ctx,
          viewer,
          `/api/core/companies/?search=kave&page=${page}`,
        ),
      );
      expect(body, `page ${page}`).toMatchObject({ total_count: 1 });
      expect(body.results, `page ${page}`).toHaveLength(page === 1 ? 1 : 0);
      expect(statements, statements.join('\n\n')).toHaveLength(2);
    }
  });

  it('a search that is not exact: its search row the first time only, then the page with its total', async () => {
    // The row (key, pieces, signatures) is bound to the page's statement and kept by the server.
    for (const [page, expected] of [
      [1, 3],
      [2, 2],
      [3, 2],
    ] as const) {
      const { statements, body } = await statementsOf(() =>
        get<{ results: unknown[]; total_count: number }>(
          ctx,
          viewer,
          `/api/core/companies/?search=kaveri%20mills&page=${page}`,
        ),
      );
      expect(body, `page ${page}`).toMatchObject({ total_count: 1 });
      expect(body.results, `page ${page}`).toHaveLength(page === 1 ? 1 : 0);
      expect(statements, statements.join('\n\n')).toHaveLength(expected);
    }
  });
});

describe('a search statement', () => {
  it('is sent with each of its values once, not once for every place it names them', async () => {
    // Its most filtered shape names 18 values in 167 places; each place was a parameter of its own
    // (db/prepared.ts placeholdersOnce).
    const { statements, values } = await statementsOf(() =>
      get<{ results: unknown[] }>(
        ctx,
        company,
        '/api/core/employees/?search=ro%20k&skills=excel&min_rating=2',
      ),
    );
    const page = statements.findIndex((text) => text.includes('search_grams'));
    expect(page, statements.join('\n\n')).toBeGreaterThanOrEqual(0);
    expect(values[page]).toBeLessThanOrEqual(18);
    expect(statements[page]?.match(/\$1\b/g)?.length).toBeGreaterThan(1);
  });
});

describe('the session check', () => {
  it('is built once and sent as one named statement, not parsed and planned again for every request', async () => {
    // Sent as new text for each batch, PostgreSQL planned it every time: 0.19 ms of planning for
    // 0.04 ms of execution on the bench database.
    const compile = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    let compiled: string[];
    try {
      for (let i = 0; i < 3; i++) {
        await statementsOf(() => get<ProfileResponse>(ctx, viewer, `/api/core/users/${company.id}/profile/`));
      }
      compiled = compile.mock.results.map((result) => (result.value as { sql: string }).sql);
    } finally {
      compile.mockRestore();
    }
    expect(compiled.filter((text) => text.includes('jsonb_to_recordset')).length).toBeLessThanOrEqual(1);
  });
});

describe('a rating', () => {
  it('is the session check, then one statement, built once for all ratings', async () => {
    // What Drizzle compiles: building the rating's statement for every rating cost the server more
    // CPU than the rest of the rating's own work (docs/benchmarks.md).
    const rated = await makeUser(ctx, 'employer');
    const raters = [
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
      await makeUser(ctx, 'employee'),
    ];
    const compile = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    sent.length = 0;
    let compiled: string[];
    try {
      await counting.run(true, async () => {
        for (const rater of raters) await rate(ctx, rater, rated);
      });
      compiled = compile.mock.results.map((result) => (result.value as { sql: string }).sql);
    } finally {
      compile.mockRestore();
    }
    const writes = (statements: string[]) => statements.filter((text) => text.includes('with bumped as'));
    expect(writes(sent)).toHaveLength(raters.length);
    expect(sent, sent.join('\n\n')).toHaveLength(2 * raters.length);
    expect(writes(compiled).length).toBeLessThanOrEqual(1);
  });
});

describe('the transparency report (issue 42)', () => {
  it('is counted once for a crowd of requests that find it stale together (single flight)', async () => {
    sent.length = 0;
    const answers = await counting.run(true, () =>
      Promise.all(
        Array.from({ length: 20 }, () => get<{ months: unknown[] }>(ctx, viewer, '/api/core/transparency/')),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.body.months.length === 12)).toBe(true);
    // One report reads the withdrawn ratings' tombstones twice (posted, withdrawn): once in all.
    expect(sent.filter((text) => text.includes('withdrawn_ratings'))).toHaveLength(2);
  });
});
