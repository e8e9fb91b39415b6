// Pre-compresses the built web app (run by `npm run build` after Vite): a .br (brotli, quality 11) and
// a .gz (gzip -9) beside every text file worth it, which the server sends as they are
// (@fastify/static preCompressed) instead of compressing on each request. A compressed copy that
// saves too little is not written, so the server falls back to the original.
//   node scripts/compress-dist.mjs [dist directory, default apps/web/dist]
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
]);
const MIN_BYTES = 1024;
/** Keep a compressed copy only when it is at most this share of the original. */
const MAX_RATIO = 0.9;

const dist = resolve(process.argv[2] ?? 'apps/web/dist');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

let originals = 0;
let brotliTotal = 0;
let gzipTotal = 0;
let count = 0;
for (const path of [...files(dist)]) {
  if (path.endsWith('.br') || path.endsWith('.gz')) {
    // Left over from an earlier run over the same folder: rewritten below if still wanted.
    unlinkSync(path);
    continue;
  }
  if (!TEXT.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
  const source = readFileSync(path);
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(source, { level: 9 });
  if (brotli.length <= source.length * MAX_RATIO) writeFileSync(`${path}.br`, brotli);
  if (gzip.length <= source.length * MAX_RATIO) writeFileSync(`${path}.gz`, gzip);
  originals += source.length;
  brotliTotal += brotli.length;
  gzipTotal += gzip.length;
  count++;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `Pre-compressed ${count} files in ${relative(process.cwd(), dist) || '.'}: ${kb(originals)} -> ` +
    `${kb(brotliTotal)} brotli, ${kb(gzipTotal)} gzip`,
);
