// `npm run build`: the production build, step by step (each step's output shown). `npm start`
// (scripts/start.mjs) runs the same steps quietly on a first start, one line each, and shows a
// step's output only when it fails.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the build makes, in order: [what a person is told, command, arguments]. */
export const BUILD_STEPS = [
  ['Building the web app', 'npm', ['run', 'build', '-w', '@workspace/web']],
  ['Compressing its files', process.execPath, ['scripts/compress-dist.mjs']],
  [
    'Making the template a new embedded database starts from',
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/db/build-template.ts'],
  ],
  ['Bundling the server', process.execPath, ['scripts/build-server.mjs']],
];

/**
 * Runs the build. `quiet`: one line per step with its time, a step's own output only if it fails.
 * Returns the exit status of the first step that failed, or 0.
 */
export function runBuild({ quiet = false } = {}) {
  for (const [label, command, args] of BUILD_STEPS) {
    const started = Date.now();
    if (quiet) process.stdout.write(`${label}... `);
    const result = spawnSync(command, args, {
      cwd: root,
      stdio: quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) {
      if (quiet) {
        process.stdout.write('failed:\n');
        process.stdout.write(result.stdout ?? '');
        process.stderr.write(result.stderr ?? '');
      }
      return result.status ?? 1;
    }
    if (quiet) process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(runBuild());
}
