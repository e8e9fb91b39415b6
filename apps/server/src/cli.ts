// The operators' command line (DESIGN §2), against the same database the server would use:
// PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR.
//   npm run cli -- migrate
//   npm run cli -- create-moderator --email E --password P
//   npm run cli -- seed --users N --ratings M [--seed S] [--append]
//   npm run cli -- recompute
//   npm run cli -- backup --out FILE / restore --from FILE [--force]   (embedded database only)
//   npm run cli -- purge
//   npm run cli -- move-to-postgres --to URL   (from the embedded database, server stopped)
// Exit codes: 0 done, 1 failed while working, 2 bad arguments or environment.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { email as emailField, passwordField } from '@workspace/contracts';
import { EnvError, parseEnv } from './config/env.ts';
import { BackupError, backupEmbedded, restoreEmbedded } from './db/backup.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { MoveError, moveToPostgres, openTarget } from './db/move.ts';
import { ensureModerator } from './modules/auth/moderator.ts';
import { purgeExpired } from './modules/privacy/repository.ts';
import { recomputeAllAggregates } from './modules/ratings/aggregates.ts';
import { planSeed, SeedPlanError } from './seed/generate.ts';
import { analyzeAfterSeed, DatabaseNotEmptyError, SEED_PASSWORD, seedDatabase } from './seed/load.ts';
import { terminalProgress } from './seed/progress.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                    Apply pending database migrations.
  create-moderator --email E --password P    Create a moderator account (or reset its password).
  seed --users N --ratings M [--seed S] [--append]
                                             Load reproducible demo or scale data: N users (1 in 8
                                             an employer) and M ratings. The same --seed (default
                                             "worktrust") gives the same data. Refuses a database
                                             that already has users unless --append is given.
  recompute                                  Rebuild every stored average, count, histogram, ranking
                                             score and category total from the ratings, and print
                                             the users it corrected. Run it after changing the ranking
                                             prior (RANKING_PRIOR_* in packages/contracts). Safe while
                                             the server runs; a second run changes nothing.
  backup --out FILE                          Embedded database only, server stopped: write the whole
                                             DATA_DIR database to FILE (a .tar.gz). For PostgreSQL use
                                             pg_dump (docs/operations.md).
  restore --from FILE [--force]              Embedded database only, server stopped: load a backup into
                                             DATA_DIR. --force replaces an existing database, which is
                                             kept beside it as pgdata.before-restore-<time>.
  move-to-postgres --to URL                  Embedded database only, server stopped: copy the whole
                                             DATA_DIR database into the empty PostgreSQL database at
                                             URL, then compare every table of both (exit 0 only when
                                             they match). Then start the server with DATABASE_URL=URL.
  purge                                      Remove what the privacy notice keeps only for a time:
                                             ended or expired sessions, used or expired reset codes,
                                             expired email codes, ended waits to rate again, and the
                                             contact email of grievances closed over a year ago.
                                             Prints the counts. Safe to run daily.

The database is PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR
(default ./data). Seeded accounts all use the password ${SEED_PASSWORD}.`;

/** A mistake in how the command was called: one line, exit code 2. */
class UsageError extends Error {}
/** A bad environment value: parseEnv's line naming the variable, exit code 2. */
class BadEnvironment extends Error {}

const MAX_USERS = 10_000_000;
const MAX_RATINGS = 100_000_000;

function count(name: string, value: string | undefined, max: number): number {
  if (value === undefined) throw new UsageError(`seed needs --${name}`);
  if (!/^\d+$/.test(value) || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from 0 to ${max}, not "${value}"`);
  }
  return Number(value);
}

/** Runs parseArgs, turning its errors into one-line usage errors. */
function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    // node's messages may run over several lines and suggest '--' for positionals; keep the gist.
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new UsageError(message.replace(/\. To specify a positional argument.*$/, ''));
  }
}

/** Opens the configured database, runs `work` with it and a description of where it is, closes it. */
async function withDatabase<T>(work: (database: Database, where: string) => Promise<T>): Promise<T> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) throw new BadEnvironment(error.message);
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: 2,
    // Migrations, bulk loads and VACUUM may run for minutes.
    statementTimeoutMs: 0,
  });
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`;
  try {
    return await work(database, where);
  } finally {
    await database.close();
  }
}

async function runMigrate(args: string[]) {
  parsed(() => parseArgs({ args, options: {}, strict: true }));
  await withDatabase(async (database, where) => {
    const applied = await migrate(database.db);
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}`
        : `Database is up to date (${where}).`,
    );
  });
}

async function runCreateModerator(args: string[]) {
  const { values } = parsed(() =>
    parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true }),
  );
  if (values.email === undefined || values.password === undefined) {
    throw new UsageError('create-moderator needs --email and --password');
  }
  const email = emailField().safeParse(values.email);
  if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]?.message}`);
  const password = passwordField().safeParse(values.password);
  if (!password.success) throw new UsageError(`--password: ${password.error.issues[0]?.message}`);
  await withDatabase(async (database, where) => {
    await migrate(database.db);
    await ensureModerator(database.db, email.data, password.data);
    console.log(`Moderator ${email.data} is ready (${where}).`);
  });
}

async function runSeed(args: string[]) {
  const { values } = parsed(() =>
    parseArgs({
      args,
      options: {
        users: { type: 'string' },
        ratings: { type: 'string' },
        seed: { type: 'string' },
        append: { type: 'boolean' },
      },
      strict: true,
    }),
  );
  const users = count('users', values.users, MAX_USERS);
  const ratings = count('ratings', values.ratings, MAX_RATINGS);
  const seed = values.seed ?? 'worktrust';
  if (seed === '') throw new UsageError('--seed must not be empty');
  // Numbers the users cannot hold are a bad argument, whatever the database holds: refused before
  // it is opened (a DATA_DIR that `npm start` filled would otherwise answer 'not empty' first).
  planSeed({ users, ratings });
  await withDatabase(async (database, where) => {
    await migrate(database.db);
    const now = new Date();
    // Midnight UTC: the same seed gives the same data all day.
    now.setUTCHours(0, 0, 0, 0);
    const result = await seedDatabase(database.db, {
      users,
      ratings,
      seed,
      now,
      append: values.append ?? false,
      flags: Math.min(500, Math.floor(ratings / 1000)),
      progress: terminalProgress(),
    });
    await analyzeAfterSeed(database.db);
    console.log(
      `Seeded ${result.employees} employees, ${result.employers} companies and ${result.ratings} ratings ` +
        `(seed "${seed}") into ${where} in ${result.seconds.toFixed(1)} s; aggregates verified. ` +
        `Password of every seeded account: ${SEED_PASSWORD}`,
    );
  });
}

/** The users recompute corrected, as many as fit on a line. */
function userList(ids: readonly number[]): string {
  const shown = ids.slice(0, 20).join(', ');
  return ids.length > 20 ? `${shown} and ${ids.length - 20} more` : shown;
}

async function runRecompute(args: string[]) {
  parsed(() => parseArgs({ args, options: {}, strict: true }));
  await withDatabase(async (database, where) => {
    await migrate(database.db);
    const fixed = await database.db.transaction((tx) => recomputeAllAggregates(tx));
    if (fixed.length === 0) {
      console.log(`Every stored aggregate already matches the ratings (${where}); nothing changed.`);
      return;
    }
    console.log(
      `Recomputed the stored aggregates in ${where}: corrected ${fixed.length} user(s) (id ${userList(fixed)}).`,
    );
  });
}

/** DATA_DIR for backup and restore, which only the embedded database has. */
function embeddedDataDir(command: string): string {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) throw new BadEnvironment(error.message);
    throw error;
  }
  if (env.DATABASE_URL) {
    throw new UsageError(
      `${command} is for the embedded database; with DATABASE_URL use pg_dump and pg_restore`,
    );
  }
  return env.DATA_DIR;
}

async function runPurge(args: string[]) {
  parsed(() => parseArgs({ args, options: {}, strict: true }));
  await withDatabase(async (database, where) => {
    await migrate(database.db);
    const purged = await purgeExpired(database.db);
    console.log(
      `Purged ${purged.sessions} ended or expired session(s), ${purged.resetCodes} used or expired ` +
        `reset code(s), ${purged.emailCodes} expired email code(s), ${purged.cooldowns} ended wait(s) to ` +
        `rate again and the contact email of ${purged.grievanceEmails} grievance(s) closed over a year ago; ` +
        `also the copied-text keys of ${purged.textBands} text(s) past the rule's window and ${purged.mails} ` +
        `sent or abandoned mail(s) (${where}).`,
    );
  });
}

async function runBackup(args: string[]) {
  const { values } = parsed(() => parseArgs({ args, options: { out: { type: 'string' } }, strict: true }));
  if (!values.out) throw new UsageError('backup needs --out FILE');
  const dataDir = embeddedDataDir('backup');
  const done = await backupEmbedded(dataDir, values.out);
  console.log(
    `Backed up ${done.users} users and ${done.ratings} ratings from ${dataDir} to ${done.file} (${done.bytes} bytes).`,
  );
}

async function runRestore(args: string[]) {
  const { values } = parsed(() =>
    parseArgs({ args, options: { from: { type: 'string' }, force: { type: 'boolean' } }, strict: true }),
  );
  if (!values.from) throw new UsageError('restore needs --from FILE');
  const dataDir = embeddedDataDir('restore');
  const done = await restoreEmbedded(dataDir, values.from, { force: values.force ?? false });
  console.log(
    `Restored ${done.users} users and ${done.ratings} ratings from ${values.from} into ${dataDir}.` +
      (done.keptAt ? ` The database it replaced is kept in ${done.keptAt}.` : ''),
  );
}

async function runMoveToPostgres(args: string[]) {
  const { values } = parsed(() => parseArgs({ args, options: { to: { type: 'string' } }, strict: true }));
  if (!values.to) throw new UsageError('move-to-postgres needs --to URL (an empty PostgreSQL database)');
  if (!/^postgres(ql)?:\/\//.test(values.to)) {
    throw new UsageError('--to must be a PostgreSQL URL starting with postgres:// or postgresql://');
  }
  const dataDir = embeddedDataDir('move-to-postgres');
  if (!existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new MoveError(`there is no embedded database in ${dataDir} to move`);
  }
  const started = performance.now();
  const source = await openDatabase({ dataDir, statementTimeoutMs: 0 });
  try {
    const target = await openTarget(values.to);
    try {
      const moved = await moveToPostgres(source, target, (line) => console.log(line));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Moved ${moved.users} users, ${moved.ratings} ratings and every other row (${moved.rows} in ` +
          `${moved.tables} tables) from ${dataDir} to PostgreSQL in ${seconds} s; every table compared ` +
          'and the same. Start the server with DATABASE_URL set to that database.',
      );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** One line: the driver's own message rather than drizzle's wrapper, which quotes the whole query. */
function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).split('\n')[0] ?? '';
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  migrate: runMigrate,
  'create-moderator': runCreateModerator,
  seed: runSeed,
  recompute: runRecompute,
  backup: runBackup,
  restore: runRestore,
  purge: runPurge,
  'move-to-postgres': runMoveToPostgres,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? console.error : console.log)(USAGE);
    return command === undefined ? 2 : 0;
  }
  const run = COMMANDS[command];
  try {
    if (!run)
      throw new UsageError(`unknown command "${command}" (expected ${Object.keys(COMMANDS).join(', ')})`);
    if (args.includes('--help') || args.includes('-h')) {
      console.log(USAGE);
      return 0;
    }
    await run(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof SeedPlanError) {
      console.error(`error: ${error.message}. See: npm run cli -- --help`);
      return 2;
    }
    if (error instanceof BadEnvironment) {
      console.error(error.message);
      return 2;
    }
    if (
      error instanceof DatabaseNotEmptyError ||
      error instanceof BackupError ||
      error instanceof MoveError
    ) {
      console.error(`error: ${error.message}`);
      return 1;
    }
    console.error(`error: ${command} failed: ${describe(error)}`);
    return 1;
  }
}

process.exit(await main(process.argv.slice(2)));
