import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The product's terms in each language, one word each (apps/web/src/locales/glossary.json, issue 47):
// used by `npm run i18n:check` (scripts/check-i18n.mjs). A term's word in a language is the key named
// by the language's code ("hi"); a language the glossary does not name yet is not checked.

/**
 * The messages of `locale` that say a glossary term otherwise than the glossary says it.
 * `entries`: [{ message, translation }] of a catalog; `glossary`: glossary.json's object.
 * Returns one line per problem.
 */
export function glossaryProblems(entries, glossary, locale = 'hi') {
  const problems = [];
  for (const entry of entries) {
    if (entry.obsolete || !entry.translation || !entry.message) continue;
    // Placeholders ({grievanceReasonMax}) are names in the code, not words the reader sees.
    const words = entry.message.replace(/\{\w+\}/g, '');
    for (const { term, en, except, ...inLanguages } of glossary.terms) {
      const word = inLanguages[locale];
      if (!word || !new RegExp(en, 'i').test(words) || except.includes(entry.message)) continue;
      if (!entry.translation.includes(word))
        problems.push(`${JSON.stringify(entry.message)} does not say "${term}" as ${word} (glossary.json)`);
    }
  }
  return problems;
}

/**
 * The words of `glossary.avoid` (another word for a product term than the one the product uses) that
 * `text` says in `locale`: one line per word found, naming `where` and the word to use instead.
 */
export function avoidedWordProblems(text, where, glossary, locale = 'hi') {
  return (glossary.avoid ?? [])
    .filter((entry) => entry[locale] && text.includes(entry[locale]))
    .map((entry) => `${where} says ${entry[locale]}: the product says ${entry.use} (glossary.json)`);
}

/**
 * The files under `roots` whose name matches `names` (test files left out) that hold any Hindi text:
 * the privacy notice and terms, the server's mails, and the catalogs when `names` takes .po files.
 */
export function filesWithHindi(roots, names = /\.tsx?$/) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (
        names.test(name) &&
        !/\.test\./.test(name) &&
        /[\u0900-\u097F]/.test(readFileSync(path, 'utf8'))
      )
        found.push(path);
    }
  };
  for (const root of roots) walk(root);
  return found;
}
