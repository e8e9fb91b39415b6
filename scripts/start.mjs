// `npm start`: builds the web app if it has not been built yet, bundles the server (build-server.mjs),
// then runs it in the foreground from the repository root (so DATA_DIR ./data lands here). Signals go to the server,
// and this process exits with the server's code; if whoever started it goes away, the server is stopped too. The server itself reports a bad environment value
// in one line naming the variable; nothing is printed after it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuild } from './build.mjs';
import { buildServer } from './build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// tsx as a loader, for the steps that run TypeScript before the server (the server itself is bundled).
const nodeArgs = ['--import', 'tsx'];

// WEB_DIST names a build to serve as it is (the server's own setting); without it, ours is built once.
if (!process.env.WEB_DIST && !existsSync(join(root, 'apps/web/dist/index.html'))) {
  // Check the environment before a build that takes a while, so a typo fails at once.
  const check = spawnSync(
    process.execPath,
    [
      ...nodeArgs,
      '--input-type=module',
      '--eval',
      `import { EnvError, parseEnv } from './apps/server/src/config/env.ts';
       try { parseEnv(); } catch (e) { if (e instanceof EnvError) { console.error(e.message); process.exit(1); } throw e; }`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (check.status !== 0) process.exit(check.status ?? 1);
  console.log('First start: building the web app and the server (about a minute, once).');
  const status = runBuild({ quiet: true });
  if (status !== 0) {
    console.error('The build failed (see above); fix that, or run the API alone: npm run dev');
    process.exit(status);
  }
}

// A new embedded database starts from a template made by the build (apps/server/src/db/template.ts);
// a checkout built before the template existed makes it now, once.
if (!process.env.DATABASE_URL && !existsSync(join(root, 'apps/server/dist/pglite-template.tar.gz'))) {
  console.log('Making the template a new embedded database starts from...');
  spawnSync(process.execPath, [...nodeArgs, 'apps/server/src/db/build-template.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
}

// The cluster entry (one process on the embedded database, WEB_CONCURRENCY workers on PostgreSQL),
// run by this node process's only child, so signals reach the server itself.
const server = await buildServer();
console.log('Starting the server...');
// SUPERVISOR_PID: the server stops itself should this process die without passing a signal on.
const child = spawn(process.execPath, [server], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SUPERVISOR_PID: String(process.pid) },
});

const forward = (signal) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

// npm runs this script through `sh -c`, and a SIGTERM to npm ends that shell without reaching us: the
// system adopts this process and the server would run on with nobody to stop it. A changed parent
// means whoever started us is gone, so the server is stopped as SIGTERM stops it.
const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watchParent);
  forward('SIGTERM');
}, 500);
watchParent.unref();

child.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, as a shell expects of a foreground job.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
