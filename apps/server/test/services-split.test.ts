// `npm test` must pass on a machine with only Node.js and Chromium (README): every test file that
// starts a PostgreSQL or Redis server of its own, or needs one already running, belongs to the
// `services` project (`npm run test:services`), which `npm test` leaves out.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_TESTS } from '../../../vitest.config.ts';
import { REPO_ROOT } from './resilience/support.ts';

// What a test needs a service for: the private-cluster helpers, the binaries, the machine's own servers.
const NEEDS_A_SERVICE =
  /\bstart(Postgres|Redis)\(|['"](pg_ctl|initdb|postgres|redis-server)['"]|127\.0\.0\.1:(5432|6379)/;

function testFiles(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules'));
}

const all = ['apps', 'packages', 'bench'].flatMap(testFiles);

describe('the services test project', () => {
  it('holds every test file that needs a PostgreSQL or Redis server', () => {
    const needing = all
      .filter((file) => !file.endsWith('services-split.test.ts'))
      .filter((file) => NEEDS_A_SERVICE.test(readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((file) => !SERVICE_TESTS.includes(file))).toEqual([]);
  });

  it('names only test files that exist', () => {
    expect(SERVICE_TESTS.filter((file) => !all.includes(file))).toEqual([]);
  });
});
