// The bench scripts refuse a bad command line in one line and exit 2, before they start anything.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules/.bin/tsx');

function run(script: string, ...args: string[]) {
  const result = spawnSync(tsx, [join(root, 'bench', script), ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, lines: result.stderr.split('\n').filter((line) => line.trim() !== '') };
}

describe('the bench scripts on a bad command line', () => {
  it.each([
    ['run.ts', ['--seconds', 'abc'], '--seconds takes a whole number of at least 1 (got "abc")'],
    ['run.ts', ['--connections', '0'], '--connections takes a whole number of at least 1 (got "0")'],
    ['startup.ts', ['--runs', '1.5'], '--runs takes a whole number of at least 1 (got "1.5")'],
    ['lighthouse.ts', ['--runs', 'two'], '--runs takes a whole number of at least 1 (got "two")'],
  ])('%s %j says what is wrong', (script, args, message) => {
    expect(run(script, ...args)).toEqual({ code: 2, lines: [message] });
  });

  it('names an unknown option', () => {
    const { code, lines } = run('startup.ts', '--bogus');
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Unknown option '--bogus'");
  });
});
