// `npm run i18n:check` (also run by `npm test`): fails (exit 1) when
//   1. a message in the web app's code is missing from a catalog or has no Hindi translation
//      (the code is extracted afresh into a temporary folder and compared with the committed PO files:
//      run `npm run i18n:extract`, then translate the new `msgstr ""` in src/locales/hi/*.po);
//   2. a component shows English that is not wrapped for translation: JSX text outside <Trans>, or a
//      plain string in aria-label, alt, title, placeholder, label, description, or useDocumentTitle('…')
//      (ADR 0011). Every component is checked: the last screens were converted on 2026-11-24;
//   3. a Hindi message says one of the product's terms otherwise than the glossary
//      (src/locales/glossary.json) says it;
//   4. any Hindi text, in the catalogs or outside them (the privacy notice, the server's mails), uses a
//      word the glossary lists under `avoid`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parse } from '@babel/parser';
import traverseModule from '@babel/traverse';
import { formatter } from '@lingui/format-po';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@workspace/contracts';
import { avoidedWordProblems, filesWithHindi, glossaryProblems } from './glossary.mjs';

const traverse = traverseModule.default ?? traverseModule;
const web = resolve('apps/web');
const src = join(web, 'src');
const problems = [];

// 1. Catalogs against a fresh extraction.
const po = formatter({ lineNumbers: false });
const readCatalog = (file) => po.parse(readFileSync(file, 'utf8'));
const tmp = mkdtempSync(join(tmpdir(), 'i18n-check-'));
try {
  const config = join(tmp, 'lingui.config.mjs');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(join(web, 'lingui.config.ts'))};
export default { ...base, rootDir: ${JSON.stringify(web)},
  catalogs: base.catalogs.map((c) => ({ ...c, path: c.path.replace('<rootDir>/src/locales', ${JSON.stringify(tmp)}) })) };`,
  );
  const run = spawnSync('npx', ['lingui', 'extract', '--config', config], { cwd: web, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    process.exit(1);
  }
  // Every catalog of lingui.config.ts: the shell's messages, the screens' app, the API's.
  for (const catalog of readdirSync(join(tmp, 'en')).filter((file) => file.endsWith('.po'))) {
    const fresh = readCatalog(join(tmp, 'en', catalog));
    for (const locale of LANGUAGES) {
      const committed = readCatalog(join(src, 'locales', locale, catalog));
      for (const [id, message] of Object.entries(fresh)) {
        const entry = committed[id];
        const text = JSON.stringify(message.message);
        if (!entry || entry.obsolete)
          problems.push(`${locale}/${catalog}: ${text} is not in the catalog (npm run i18n:extract)`);
        else if (locale !== DEFAULT_LANGUAGE && !entry.translation)
          problems.push(`${locale}/${catalog}: ${text} has no translation`);
      }
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// 2. User-facing English outside the macros.
const ATTRIBUTES = new Set(['aria-label', 'alt', 'title', 'placeholder', 'label', 'description']);
const MACRO_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
// Words shown as they are in every language.
const UNTRANSLATED = new Set(['WorkTrust', 'LinkedIn']);
// The contracts' English texts; lib/api-messages.ts translates them.
const CONTRACT_TEXTS = new Set(['MSG', 'ELIGIBILITY', 'FLAG_REASON_LABELS']);
const isWords = (text) => /[A-Za-z]{2}/.test(text) && !UNTRANSLATED.has(text.trim());

function findings(file) {
  const code = readFileSync(file, 'utf8');
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found = [];
  const report = (node, what) => found.push(`${relative(web, file)}:${node.loc.start.line} ${what}`);
  const plainString = (node) =>
    (node?.type === 'StringLiteral' && isWords(node.value)) ||
    (node?.type === 'TemplateLiteral' && node.quasis.some((q) => isWords(q.value.cooked)));
  traverse(ast, {
    JSXElement(path) {
      const name = path.node.openingElement.name;
      if (name.type === 'JSXIdentifier' && MACRO_ELEMENTS.has(name.name)) path.skip();
    },
    JSXText(path) {
      if (isWords(path.node.value)) report(path.node, `text ${JSON.stringify(path.node.value.trim())}`);
    },
    JSXAttribute(path) {
      const { name, value } = path.node;
      if (name.type !== 'JSXIdentifier' || !ATTRIBUTES.has(name.name)) return;
      const literal = value?.type === 'JSXExpressionContainer' ? value.expression : value;
      if (plainString(literal))
        report(path.node, `${name.name}=${JSON.stringify(code.slice(literal.start, literal.end))}`);
      if (literal?.type === 'ConditionalExpression')
        for (const branch of [literal.consequent, literal.alternate])
          if (plainString(branch))
            report(path.node, `${name.name} branch ${code.slice(branch.start, branch.end)}`);
    },
    // {'Text'}, {cond ? 'A' : 'B'} and {MSG.x} shown as they are (use t`…` or t(MSG_TRANSLATIONS.x)).
    JSXExpressionContainer(path) {
      const shown = path.parentPath.isJSXElement() || path.parentPath.isJSXFragment();
      const expression = path.node.expression;
      const inAttribute = path.parentPath.isJSXAttribute();
      if (!shown && !inAttribute) return;
      const branches =
        expression.type === 'ConditionalExpression'
          ? [expression.consequent, expression.alternate]
          : [expression];
      for (const branch of branches) {
        if (shown && plainString(branch)) report(branch, `text ${code.slice(branch.start, branch.end)}`);
        if (
          branch.type === 'MemberExpression' &&
          branch.object.type === 'Identifier' &&
          CONTRACT_TEXTS.has(branch.object.name)
        )
          report(branch, `${code.slice(branch.start, branch.end)} shown in English (t(MSG_TRANSLATIONS…))`);
      }
    },
    CallExpression(path) {
      const { callee, arguments: args } = path.node;
      if (
        callee.type === 'Identifier' &&
        callee.name === 'useDocumentTitle' &&
        (plainString(args[0]) || args[0]?.type === 'MemberExpression')
      )
        report(path.node, `useDocumentTitle(${code.slice(args[0].start, args[0].end)})`);
    },
  });
  return found;
}

const sources = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) && !path.includes('/testing/'))
      sources.push(path);
  }
};
walk(src);

for (const file of sources) problems.push(...findings(file));

// 3. One word for each of the product's terms (src/locales/glossary.json): "dispute" was आपत्ति in
// the dialogs and विवाद on the privacy page.
const glossary = JSON.parse(readFileSync(join(src, 'locales', 'glossary.json'), 'utf8'));
for (const locale of LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)) {
  for (const catalog of readdirSync(join(src, 'locales', locale)).filter((file) => file.endsWith('.po'))) {
    const entries = Object.values(readCatalog(join(src, 'locales', locale, catalog)));
    problems.push(
      ...glossaryProblems(entries, glossary, locale).map((problem) => `${locale}/${catalog}: ${problem}`),
    );
    for (const entry of entries)
      if (!entry.obsolete && entry.translation)
        problems.push(
          ...avoidedWordProblems(
            entry.translation,
            `${locale}/${catalog} ${JSON.stringify(entry.message)}`,
            glossary,
            locale,
          ),
        );
  }
}

// 4. The Hindi written outside the catalogs: the privacy notice and terms, the server's mails.
for (const file of filesWithHindi([src, resolve('apps/server/src')]))
  problems.push(
    ...avoidedWordProblems(readFileSync(file, 'utf8'), relative(resolve('.'), file), glossary, 'hi'),
  );

if (problems.length > 0) {
  console.error(`i18n check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `i18n check: catalogs complete; ${sources.length} components checked, none shows untranslated English`,
);
