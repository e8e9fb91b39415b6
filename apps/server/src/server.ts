// Process entry: validates the environment, opens the database, migrates, seeds demo data once,
// listens, and shuts down cleanly on SIGTERM/SIGINT (in-flight requests finish, then the pool closes).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { closeDeps, createDeps } from './bootstrap.ts';
import { type Env, EnvError, parseEnv, publicFacing } from './config/env.ts';
import { WEB_DIST } from './config/paths.ts';
import { startMaintenance } from './db/maintenance.ts';
import { ensureModerator } from './modules/auth/moderator.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.refresh',
  '*.access',
  '*.reset_code',
];

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({
    level: env.LOG_LEVEL,
    redact: { paths: REDACT, censor: '[redacted]' },
  });
  const deps = await createDeps(env, logger);
  if (publicFacing(env) && (env.SEED_DEMO || env.EXPOSE_RESET_CODE)) {
    logger.warn(
      { conveniences: developmentConveniences(env) },
      'development conveniences are on in production or behind a proxy: anyone who reaches the server can use them',
    );
  }

  if (env.MODERATOR_EMAIL && env.MODERATOR_PASSWORD) {
    await ensureModerator(deps.db, env.MODERATOR_EMAIL, env.MODERATOR_PASSWORD);
  }
  const demoLogins = env.SEED_DEMO ? await seedDemoIfEmpty(deps) : [];
  // PostgreSQL vacuums by itself; PGlite has no autovacuum, so this process does its work.
  const maintenance =
    deps.database.kind === 'pglite'
      ? startMaintenance(deps.db, env.EMBEDDED_VACUUM_INTERVAL * 1000, logger)
      : undefined;

  const webDist = resolve(env.WEB_DIST ?? WEB_DIST);
  const app = await buildApp(deps, {
    loggerInstance: logger,
    webDist: existsSync(webDist) ? webDist : undefined,
    trustProxy: env.TRUST_PROXY,
  });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error(
        { seconds: env.SHUTDOWN_TIMEOUT },
        'requests still in flight at SHUTDOWN_TIMEOUT; exiting 1',
      );
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT * 1000);
    force.unref();
    try {
      await app.close();
      await maintenance?.stop();
      await closeDeps(deps);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const url = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
  const lines = [
    '',
    `  WorkTrust is running at ${url}`,
    `  Database: ${deps.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`}`,
    `  Development conveniences: ${developmentConveniences(env)}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (demoLogins.length > 0) {
    lines.push('  Demo logins:');
    for (const login of demoLogins)
      lines.push(`    ${login.role.padEnd(9)} ${login.email} / ${login.password}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/** Which settings that must stay off on a public server are on (they default on only on loopback). */
function developmentConveniences(env: Env): string {
  const on = [
    env.SEED_DEMO && 'demo accounts (SEED_DEMO)',
    env.EXPOSE_RESET_CODE && 'reset codes in API answers (EXPOSE_RESET_CODE)',
  ].filter(Boolean);
  return on.length > 0 ? on.join(', ') : 'none';
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
