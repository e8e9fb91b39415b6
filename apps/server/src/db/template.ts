// A new embedded database starts from a template made by `npm run build`: an empty PGlite cluster
// with every migration applied, as PGlite's own data-directory dump. Creating a cluster runs initdb
// inside WebAssembly (2.8 s here) while loading the dump takes 1.0–1.7 s, which keeps a first
// `npm start` within the 3 s of issue 4 §5 (docs/benchmarks.md, Start-up). The server migrates after
// opening, as always, so a template older than the migrations is only a head start; one made by
// another PGlite version is not used.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TEMPLATE_FILE } from '../config/paths.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

/** The installed PGlite's version, from its package.json (which the package does not export). */
function installedPgliteVersion(): string {
  for (
    let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    ;
    dir = dirname(dir)
  ) {
    const file = join(dir, 'package.json');
    const manifest = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    if (manifest?.name === '@electric-sql/pglite') return String(manifest.version);
    if (dirname(dir) === dir) throw new Error("PGlite's package.json was not found");
  }
}
// Read when a template is made or wanted, not on every start of the server.
let pgliteVersion: string | undefined;
const currentPgliteVersion = () => {
  pgliteVersion ??= installedPgliteVersion();
  return pgliteVersion;
};
const versionFile = (file: string) => `${file}.version`;

/** Makes the template: a migrated, empty cluster in memory, dumped to `file`. */
export async function writeTemplate(file: string = TEMPLATE_FILE): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(database.db);
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('the embedded database gave no data-directory dump');
    mkdirSync(dirname(file), { recursive: true });
    // Written whole, then renamed: a start never reads half a template.
    writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
    writeFileSync(versionFile(file), currentPgliteVersion());
  } finally {
    await database.close();
  }
}

/** The template at `file` when it exists and was made by this PGlite version. */
export function readTemplate(file: string = TEMPLATE_FILE): Blob | undefined {
  if (!existsSync(file) || !existsSync(versionFile(file))) return undefined;
  if (readFileSync(versionFile(file), 'utf8').trim() !== currentPgliteVersion()) return undefined;
  return new Blob([readFileSync(file)]);
}
