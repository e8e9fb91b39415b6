// The server package's folder (apps/server) and the files the server reads from beside its code.
// Found by walking up from this module to the folder that holds the migrations, so the same paths
// hold when the server runs from its sources (apps/server/src/config) and when `npm start` runs it
// as one bundled file (apps/server/dist, scripts/start.mjs).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function serverRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle'))) return dir;
    if (dirname(dir) === dir) throw new Error('the server package (with its drizzle folder) was not found');
  }
}

const SERVER_ROOT = serverRoot();
/** The SQL migrations, applied in name order (db/migrate.ts). */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
/** The embedded database's template, made by `npm run build` (db/template.ts). */
export const TEMPLATE_FILE = join(SERVER_ROOT, 'dist/pglite-template.tar.gz');
/** The web app's production build, served unless WEB_DIST says otherwise. */
export const WEB_DIST = join(SERVER_ROOT, '../web/dist');
