// Fails (exit 1) when the JavaScript the landing page needs before it can run, gzipped, is over budget
// (issue 4: 150 KB, aim for 120). That is index.html's entry script plus every chunk it imports
// statically, transitively (what Vite lists as modulepreload, and what the entry's import statements
// name). The landing screen's own lazy chunk, fetched right after, is reported beside it.
//   node scripts/check-budget.mjs [dist directory, default apps/web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const AIM_KB = 120;
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

/** The file and every file it imports statically, transitively (paths relative to dist). */
function closure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(STATIC_IMPORT))
      visit(dir + m[1].slice(2));
  };
  for (const file of files) visit(file);
  return seen;
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const needed = closure([...entries, ...preloads]);
const sizes = [...needed].map((file) => [file, gzipped(file)]).sort((a, b) => b[1] - a[1]);
const total = sizes.reduce((sum, [, n]) => sum + n, 0);
console.log('JavaScript the landing page loads first (gzip -9):');
for (const [file, n] of sizes) console.log(`  ${kb(n).padStart(7)} KB  ${file}`);
console.log(`  ${kb(total).padStart(7)} KB  total (budget ${BUDGET_KB} KB, aim ${AIM_KB} KB)`);

// The landing screen's lazy route chunk, named after its module by Vite.
const entrySource = readFileSync(join(dist, entries[0]), 'utf8');
const landing = [...entrySource.matchAll(/import\(\s*["'`]\.\/(landing-[\w-]+\.js)["'`]\s*\)/g)].map(
  (m) => `${entries[0].slice(0, entries[0].lastIndexOf('/') + 1)}${m[1]}`,
);
if (landing.length > 0) {
  const extra = [...closure(landing)].filter((file) => !needed.has(file));
  const extraBytes = extra.reduce((sum, file) => sum + gzipped(file), 0);
  console.log(
    `  then the landing screen's lazy chunk(s): ${extra.length} file(s), ${kb(extraBytes)} KB ` +
      `(${kb(total + extraBytes)} KB in all)`,
  );
}

if (total > BUDGET_KB * 1024) {
  console.error(
    `check-budget: ${kb(total)} KB of landing-page JavaScript is over the ${BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
console.log(`check-budget: within budget${total > AIM_KB * 1024 ? ` (above the ${AIM_KB} KB aim)` : ''}.`);
