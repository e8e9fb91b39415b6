// Fails (exit 1) when the JavaScript a first visit to the landing page loads, gzipped, is over
// budget (apps/web/build/budget.ts): index.html's entry script and every chunk it imports
// statically, transitively (what Vite lists as modulepreload, and what the entry's import statements
// name), the landing screen's lazy chunk with its own imports, and the larger language's shell
// catalog (`messages`). e2e/budget.spec.ts counts the same in a browser.
//   npm run budget:check [-- dist directory, default apps/web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzippedSize, kilobytes, LANDING_AIM_KB, LANDING_BUDGET_KB } from '../apps/web/build/budget.ts';

const dist = resolve(process.argv[2] ?? 'apps/web/dist');
const html = join(dist, 'index.html');
if (!existsSync(html)) {
  console.error(`check-budget: ${html} is missing; build the web app first (npm run build).`);
  process.exit(1);
}

const page = readFileSync(html, 'utf8');
const entries = [...page.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const preloads = [...page.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+\.js)"/g)].map(
  (m) => m[1],
);
if (entries.length === 0) {
  console.error('check-budget: index.html has no module entry script.');
  process.exit(1);
}

// import …from"./x.js", import"./x.js", export …from"./x.js"; not import("./x.js"), which is lazy.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'`](\.\/[\w.-]+\.js)["'`]/g;
const folder = (file) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '');

/** The file and every file it imports statically, transitively (paths relative to dist). */
function closure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(STATIC_IMPORT))
      visit(folder(file) + m[1].slice(2));
  };
  for (const file of files) visit(file);
  return seen;
}

/** The chunks named `<name>-<hash>.js` that the entry imports lazily. */
const lazyChunks = (name) =>
  [
    ...readFileSync(join(dist, entries[0]), 'utf8').matchAll(
      new RegExp(`import\\(\\s*["'\`]\\./(${name}-[\\w-]+\\.js)["'\`]\\s*\\)`, 'g'),
    ),
  ].map((m) => folder(entries[0]) + m[1]);

const size = new Map();
const sizeOf = (file) => {
  if (!size.has(file)) size.set(file, gzippedSize(readFileSync(join(dist, file))));
  return size.get(file);
};
const sum = (files) => [...files].reduce((total, file) => total + sizeOf(file), 0);

const first = closure([...entries, ...preloads]);
const landing = [...closure(lazyChunks('landing'))].filter((file) => !first.has(file));
// One shell catalog per language; a visitor loads theirs. The larger counts.
const catalog = lazyChunks('messages').sort((a, b) => sizeOf(b) - sizeOf(a))[0];
if (landing.length === 0 || !catalog) {
  console.error(
    "check-budget: the entry names no landing screen chunk or no catalog; is this Vite's output?",
  );
  process.exit(1);
}
const loaded = [...first, ...landing, catalog];
const total = sum(loaded);

console.log('JavaScript a first visit to the landing page loads (gzip -9):');
for (const file of loaded.sort((a, b) => sizeOf(b) - sizeOf(a)))
  console.log(`  ${kilobytes(sizeOf(file)).padStart(7)} KB  ${file}`);
console.log(
  `  ${kilobytes(total).padStart(7)} KB  total (budget ${LANDING_BUDGET_KB} KB, aim ${LANDING_AIM_KB} KB)`,
);
if (total > LANDING_BUDGET_KB * 1024) {
  console.error(
    `check-budget: ${kilobytes(total)} KB of landing-page JavaScript is over the ${LANDING_BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
console.log(
  `check-budget: within budget${total > LANDING_AIM_KB * 1024 ? ` (above the ${LANDING_AIM_KB} KB aim)` : ''}.`,
);
