// The command line as an operator runs it: a child process through tsx, against a scratch database
// (PGlite, or PostgreSQL with TEST_DATABASE_URL). Exit codes and messages are part of the contract.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { verifyPassword } from '../../src/lib/passwords.ts';
import { aggregateMismatches } from '../../src/modules/ratings/aggregates.ts';
import { lines, runCli, type Scratch, scratchDatabase } from './processes.ts';

const SLOW = 180_000;

describe('bad arguments: exit code 2 and one line on stderr', () => {
  const cases: [string, string[], RegExp][] = [
    ['an unknown command', ['frobnicate'], /^error: unknown command "frobnicate"/],
    ['an unknown option', ['seed', '--users', '5', '--ratings', '5', '--bogus'], /--bogus/],
    ['a missing --ratings', ['seed', '--users', '10'], /^error: seed needs --ratings/],
    [
      'a non-numeric --users',
      ['seed', '--users', 'lots', '--ratings', '5'],
      /--users must be a whole number/,
    ],
    ['a negative --ratings', ['seed', '--users', '10', '--ratings', '-3'], /--ratings/],
    [
      'more ratings than the users allow',
      ['seed', '--users', '4', '--ratings', '100'],
      /^error: --ratings 100 is more than the 6 distinct rater\/ratee pairs that --users 4 allow/,
    ],
    ['a stray positional argument', ['migrate', 'now'], /now/],
    ['an option recompute does not take', ['recompute', '--users', '5'], /--users/],
    ['create-moderator without a password', ['create-moderator', '--email', 'mod@example.com'], /--password/],
    [
      'create-moderator with a bad email',
      ['create-moderator', '--email', 'not-an-email', '--password', 'Secure#2026'],
      /^error: --email: Please enter a valid email address/,
    ],
    [
      'create-moderator with a short password',
      ['create-moderator', '--email', 'mod@example.com', '--password', 'short'],
      /^error: --password: Password must be at least 8 characters/,
    ],
  ];
  for (const [name, args, message] of cases) {
    it(`rejects ${name}`, async () => {
      const result = await runCli(args);
      expect(result.code).toBe(2);
      expect(lines(result.stderr)).toHaveLength(1);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    });
  }

  it('names the variable of a bad environment value', async () => {
    const result = await runCli(['migrate'], { DATABASE_URL: 'mysql://localhost/db' });
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'Invalid environment variable DATABASE_URL: must start with postgres:// or postgresql://',
    ]);
  });

  it('prints the usage for --help (exit 0) and without a command (exit 2)', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run cli -- <command> [options]');
    for (const command of [
      'migrate',
      'create-moderator --email E --password P',
      'seed --users N --ratings M',
    ]) {
      expect(help.stdout).toContain(command);
    }
    const bare = await runCli([]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('Usage: npm run cli -- <command> [options]');
  });
});

describe('against a database', () => {
  let scratch: Scratch;
  beforeAll(async () => {
    scratch = await scratchDatabase();
  });
  afterAll(() => scratch?.drop());

  it(
    'migrates, and a second run finds nothing left to do',
    async () => {
      const first = await runCli(['migrate'], scratch.env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^Applied \d+ migration\(s\) to .*0001_init\.sql/);
      const again = await runCli(['migrate'], scratch.env);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/^Database is up to date/);

      const database = await scratch.open();
      try {
        expect(await migrate(database.db)).toEqual([]);
        const applied = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from schema_migrations`,
        );
        expect(applied[0]?.n).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it(
    'creates a moderator who can sign in with the given password',
    async () => {
      const result = await runCli(
        ['create-moderator', '--email', ' Mod.One@Example.com ', '--password', 'Moderate#2026'],
        scratch.env,
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Moderator mod\.one@example\.com is ready/);
      const database = await scratch.open();
      try {
        const [row] = await queryRows<{ user_role: string; password_hash: string }>(
          database.db,
          sql`select user_role, password_hash from users where email = 'mod.one@example.com'`,
        );
        expect(row?.user_role).toBe('moderator');
        expect(await verifyPassword(row?.password_hash ?? '', 'Moderate#2026')).toBe(true);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it(
    'seeds a database with only a moderator, then refuses to seed it again without --append',
    async () => {
      const seeded = await runCli(
        ['seed', '--users', '60', '--ratings', '400', '--seed', 'cli'],
        scratch.env,
      );
      expect(seeded.stderr).not.toMatch(/error/i);
      expect(seeded.code).toBe(0);
      expect(seeded.stdout).toMatch(/^Seeded 52 employees, 8 companies and 400 ratings \(seed "cli"\)/);
      // Not a terminal: plain progress lines rather than a redrawn bar.
      expect(seeded.stderr).toMatch(/^Ratings: 400\/400/m);

      const refused = await runCli(['seed', '--users', '60', '--ratings', '400'], scratch.env);
      expect(refused.code).toBe(1);
      expect(lines(refused.stderr)).toEqual([
        'error: The database already has 60 users; seed only fills an empty database (add --append to add to it)',
      ]);

      // Impossible numbers are a bad argument whatever the database holds: checked before it is opened.
      const impossible = await runCli(['seed', '--users', '4', '--ratings', '100'], scratch.env);
      expect(impossible.code).toBe(2);
      expect(lines(impossible.stderr)).toHaveLength(1);
      expect(impossible.stderr).toMatch(
        /^error: --ratings 100 is more than the 6 distinct rater\/ratee pairs/,
      );

      const appended = await runCli(['seed', '--users', '20', '--ratings', '50', '--append'], scratch.env);
      expect(appended.code).toBe(0);

      const database = await scratch.open();
      try {
        const [counts] = await queryRows<{ users: number; ratings: number }>(
          database.db,
          sql`select (select count(*) from users where user_role <> 'moderator')::int as users,
                     (select count(*) from ratings)::int as ratings`,
        );
        expect(counts).toEqual({ users: 80, ratings: 450 });
        expect(await aggregateMismatches(database.db)).toEqual([]);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it(
    'recompute repairs wrong aggregates and a ranking score stored with another prior, and says which',
    async () => {
      const healthy = await runCli(['recompute'], scratch.env);
      expect(healthy.stderr).toBe('');
      expect(healthy.code).toBe(0);
      expect(healthy.stdout).toMatch(
        /^Every stored aggregate already matches the ratings .*nothing changed\.$/m,
      );

      const snapshot = async (db: Executor) => ({
        users: await queryRows(
          db,
          sql`select id, rating_sum_tenths, total_ratings_received, rating_tenths, score_histogram, rank_score,
                category_totals from users order by id`,
        ),
      });
      const database = await scratch.open();
      let exact: Awaited<ReturnType<typeof snapshot>>;
      let broken: number[];
      try {
        exact = await snapshot(database.db);
        const rated = await queryRows<{ id: number }>(
          database.db,
          sql`select id from users where total_ratings_received > 1 order by id limit 4`,
        );
        const [unrated] = await queryRows<{ id: number }>(
          database.db,
          sql`select id from users where total_ratings_received = 0 order by id limit 1`,
        );
        const [sumWrong, histogramWrong, oldPrior, categoryWrong] = rated.map((row) => row.id);
        broken = [sumWrong, histogramWrong, oldPrior, categoryWrong, unrated?.id]
          .map(Number)
          .sort((a, b) => a - b);
        await database.db.execute(sql`
          update users set rating_sum_tenths = rating_sum_tenths + 10 where id = ${sumWrong}`);
        // The right sum, count and average, with one rating counted under the wrong star.
        await database.db.execute(sql`
          update users set score_histogram = array[score_histogram[1] + 1, score_histogram[2],
            score_histogram[3], score_histogram[4], score_histogram[5]] where id = ${histogramWrong}`);
        // Ranking scores as they were stored before the prior changed (3.0 weighted as 10 ratings).
        await database.db.execute(sql`
          update users set rank_score = (30 + rating_sum_tenths / 10.0) / (10 + total_ratings_received)
          where id in (${oldPrior}, ${unrated?.id})`);
        // One category's sum off by 3, the rest of the row right.
        await database.db.execute(sql`
          update users set category_totals = jsonb_set(category_totals, array[k.key, 'sum'],
            to_jsonb((category_totals -> k.key ->> 'sum')::int + 3))
          from (select min(key) as key from users, jsonb_object_keys(category_totals) as key
                where id = ${categoryWrong}) k
          where id = ${categoryWrong}`);
        expect((await aggregateMismatches(database.db)).map((row) => row.id)).toEqual(broken);
      } finally {
        await database.close();
      }

      const repaired = await runCli(['recompute'], scratch.env);
      expect(repaired.stderr).toBe('');
      expect(repaired.code).toBe(0);
      expect(lines(repaired.stdout)).toEqual([
        expect.stringContaining(`corrected 5 user(s) (id ${broken.join(', ')}).`),
      ]);

      const after = await scratch.open();
      try {
        expect(await aggregateMismatches(after.db)).toEqual([]);
        expect(await snapshot(after.db)).toEqual(exact);
      } finally {
        await after.close();
      }

      const again = await runCli(['recompute'], scratch.env);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/nothing changed/);
    },
    SLOW,
  );
});
