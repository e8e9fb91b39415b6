// The server as one JavaScript file for `npm start` (scripts/start.mjs): apps/server/src/cluster.ts
// and the contracts bundled by esbuild, the packages in node_modules left to Node. Loading it takes
// a third of the time tsx needs to load the sources, whose loader runs on another thread with a
// message per module (issue 4 §5; docs/benchmarks.md, Start-up). Built at every `npm start` (a
// fraction of a second), so it always runs the code as it is, and by `npm run build`
// (`node scripts/build-server.mjs`) for a supervisor that runs the file itself (docs/operations.md).
import { renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = join(root, 'apps/server/dist/server.mjs');

/**
 * Bundles the server into `outfile` (inside apps/server, where it finds its migrations), written
 * beside it and renamed into place, so that servers started together (the e2e's two) never run a
 * bundle another is still writing.
 */
export async function buildServer(outfile = SERVER_BUNDLE) {
  const written = `${outfile}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(root, 'apps/server/src/cluster.ts')],
    outfile: written,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@workspace/contracts': join(root, 'packages/contracts/src/index.ts') },
    logLevel: 'warning',
  });
  renameSync(written, outfile);
  return outfile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`Server bundled into ${await buildServer()}`);
}
