// Browser journeys against the production build served by the real server on a fresh embedded
// database (`npm run build` first; scripts/test.mjs and `npm run test:e2e` do that). The server is
// started by `npm start`, as users start it: scripts/start.mjs bundles it (ADR 0009) and runs the bundle.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_MODERATOR } from './apps/web/e2e/constants';

const port = Number(process.env.E2E_PORT ?? 3100);
// The server's data folder, made once by the runner: its workers inherit the variable, so a spec can
// read the development outbox (mail written there without SMTP_URL), as e2e/verified.spec.ts does.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'wt-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;
// A second server, with anonymous ratings held until the next day in India as in production (ADR
// 0030), for the journeys of the hold itself (e2e/held-ratings.spec.ts reads HELD_E2E_URL).
const heldPort = port + 1;
process.env.HELD_E2E_URL = `http://127.0.0.1:${heldPort}`;
process.env.HELD_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'wt-e2e-held-'));

/** What both servers share: the journeys register and sign in through the API from one address. */
const serverEnv = {
  HOST: '127.0.0.1',
  SEED_DEMO: '0',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  MODERATOR_EMAIL: E2E_MODERATOR.email,
  MODERATOR_PASSWORD: E2E_MODERATOR.password,
  RATE_LIMIT_MAX: '100000',
  ACCOUNT_RATE_LIMIT: '100000',
  ACCOUNT_WRITE_LIMIT: '100000',
  LOGIN_RATE_LIMIT: '10000',
  LOGIN_ACCOUNT_LIMIT: '10000',
  AUTH_RATE_LIMIT: '10000',
};
const server = {
  command: 'npm start',
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

export default defineConfig({
  testDir: 'apps/web/e2e',
  // Separate runs on one machine need their own port (E2E_PORT) and results folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Two cores: one browser at a time keeps timings honest.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      ...server,
      url: `${baseURL}/api/core/health/`,
      env: {
        ...serverEnv,
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        // The other journeys read anonymous ratings as their ratees and others do, at once.
        ANONYMOUS_HOLD: 'off',
      },
    },
    {
      ...server,
      url: `${process.env.HELD_E2E_URL}/api/core/health/`,
      env: { ...serverEnv, PORT: String(heldPort), DATA_DIR: process.env.HELD_E2E_DATA_DIR },
    },
  ],
});
