// `npm run dev`: the API under `tsx watch` on port 3000 (restarts on change) and the Vite dev
// server for the web app (http://127.0.0.1:5173, proxying /api to the API), together. Ctrl-C or
// SIGTERM stops both; if either ends on its own, the other is stopped too.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);

const children = [
  // stdin stays with Vite (its keyboard shortcuts); the API does not read it.
  spawn(bin('tsx'), ['watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn(bin('vite'), ['--configLoader', 'runner'], { cwd: join(root, 'apps/web'), stdio: 'inherit' }),
];

let exitCode = 0;
let stopping = false;
const stop = (signal = 'SIGTERM') => {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop('SIGTERM'));

let running = children.length;
for (const child of children) {
  child.on('error', (error) => {
    console.error(`Could not start ${child.spawnfile}: ${error.message}`);
    exitCode = 1;
    stop();
  });
  child.on('exit', (code) => {
    if (!stopping && code !== 0) exitCode = code ?? 1;
    running -= 1;
    if (running === 0) process.exit(exitCode);
    stop();
  });
}
