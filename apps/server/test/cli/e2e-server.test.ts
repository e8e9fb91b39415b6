// The end-to-end tests must exercise the server users run: `npm start` (scripts/start.mjs, which runs
// the esbuild bundle, ADR 0009), not the TypeScript sources through tsx.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import playwrightConfig from '../../../../playwright.config.ts';
import { ROOT } from './processes.ts';

describe('the end-to-end server', () => {
  it('is started the way users start it', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    // Two servers (the second holds anonymous ratings as production does, ADR 0030), both started so.
    const webServer = playwrightConfig.webServer;
    const servers = Array.isArray(webServer) ? webServer : [webServer];
    expect(servers.map((server) => server?.command)).toEqual(['npm start', 'npm start']);
    expect(scripts.start).toBe('node scripts/start.mjs');
  });
});
