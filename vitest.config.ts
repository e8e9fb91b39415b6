import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests that need PostgreSQL or Redis server binaries (they start private clusters and servers to
 * stop, kill and restart) or a PostgreSQL server already running. `npm test` leaves them out, so it
 * passes on a machine with only Node.js and Chromium; `npm run test:services` runs them (and CI).
 * apps/server/test/services-split.test.ts fails when a test file that needs a service is missing here.
 */
export const SERVICE_TESTS = [
  'bench/prewarm.test.ts',
  'apps/server/test/cli/move-to-postgres.test.ts',
  'apps/server/test/db/connection-loss.test.ts',
  'apps/server/test/ids/postgres.test.ts',
  'apps/server/test/perf/statement-names.test.ts',
  'apps/server/test/resilience/cluster-limits.test.ts',
  'apps/server/test/resilience/cluster-metrics.test.ts',
  'apps/server/test/resilience/cluster-stop.test.ts',
  'apps/server/test/resilience/durability.test.ts',
  'apps/server/test/resilience/faults.test.ts',
  'apps/server/test/resilience/instances.test.ts',
  'apps/server/test/resilience/logs.test.ts',
  'apps/server/test/resilience/redis-start.test.ts',
  'apps/server/test/resilience/replicas.test.ts',
  'apps/server/test/resilience/shutdown.test.ts',
];

const serverProcesses = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // Vitest's default is one file fewer than the cores: one at a time on a two-core machine, where
    // the files wait on PostgreSQL, child processes and sockets often enough that two at once finish
    // the run in about 60 % of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // The repository's own scripts (the i18n check's glossary rule).
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: SERVICE_TESTS,
          globalSetup: ['apps/server/test/global-setup.ts'],
          ...serverProcesses,
        },
      },
      {
        // `npm run test:services` (vitest --project services); `npm test` runs `--project '!services'`.
        // One file at a time: they time stops, kills and replication lag of the servers they start.
        test: { name: 'services', include: SERVICE_TESTS, maxWorkers: 1, ...serverProcesses },
      },
      {
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          exclude: SERVICE_TESTS,
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
