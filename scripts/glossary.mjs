// The product's terms in Hindi, one word each (apps/web/src/locales/glossary.json, issue 47): used
// by `npm run i18n:check` (scripts/check-i18n.mjs).

/**
 * The Hindi messages that say a glossary term otherwise than the glossary says it.
 * `entries`: [{ message, translation }] of a Hindi catalog; `glossary`: glossary.json's object.
 * Returns one line per problem.
 */
export function glossaryProblems(entries, glossary) {
  const problems = [];
  for (const entry of entries) {
    if (entry.obsolete || !entry.translation || !entry.message) continue;
    // Placeholders ({grievanceReasonMax}) are names in the code, not words the reader sees.
    const words = entry.message.replace(/\{\w+\}/g, '');
    for (const { term, en, hi, except } of glossary.terms) {
      if (!new RegExp(en, 'i').test(words) || except.includes(entry.message)) continue;
      if (!entry.translation.includes(hi))
        problems.push(`${JSON.stringify(entry.message)} does not say "${term}" as ${hi} (glossary.json)`);
    }
  }
  return problems;
}
