// `npm test`: every test that needs only Node.js and Chromium. The i18n check (catalogs complete, no
// untranslated component), unit, component and API tests (Vitest: on PGlite, or on PostgreSQL instead when
// TEST_DATABASE_URL is set), then the browser end-to-end tests (Playwright in Chromium) against the
// production build served by the real server. The tests that need PostgreSQL and Redis servers (the
// `services` project in vitest.config.ts) run with `npm run test:services`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command, args, env = {}) => {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

console.log(
  `API tests on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite'}`,
);
run('npx', ['tsx', 'scripts/check-i18n.mjs']);
run('npx', ['vitest', 'run', '--project', '!services']);
if (existsSync('playwright.config.ts') && process.env.SKIP_E2E !== '1') {
  run('npm', ['run', 'build']);
  run('npx', ['tsx', 'scripts/check-budget.mjs']);
  run('npx', ['playwright', 'test']);
}
