// The glossary rule of `npm run i18n:check` (scripts/glossary.mjs): on made-up entries, and on the
// committed Hindi catalogs, which must keep to it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { glossaryProblems } from './glossary.mjs';

const locales = join(import.meta.dirname, '../apps/web/src/locales');
const glossary = JSON.parse(readFileSync(join(locales, 'glossary.json'), 'utf8'));

describe('the glossary rule', () => {
  it('finds a term said two ways, and passes the word the glossary names', () => {
    const problems = glossaryProblems(
      [
        { message: 'Your disputes', translation: 'आपकी आपत्तियाँ' },
        { message: 'Disputes filed', translation: 'दर्ज विवाद' },
        { message: 'A review', translation: 'एक रिव्यू' },
        // A verb where the glossary means the noun: its exception (rating and flag are said right).
        {
          message: 'Review flagged ratings, act on them and read the audit log.',
          translation: 'फ़्लैग की गई रेटिंग देखें',
        },
        { message: 'Nothing to say', translation: 'कुछ नहीं' },
        // A placeholder's name is code, not a word the reader sees.
        {
          message: 'At most {grievanceReasonMax} characters',
          translation: 'अधिकतम {grievanceReasonMax} अक्षर',
        },
      ],
      glossary,
    );
    expect(problems).toEqual([
      '"Disputes filed" does not say "dispute" as आपत्ति (glossary.json)',
      '"A review" does not say "review" as समीक्षा (glossary.json)',
    ]);
  });

  it('holds in every Hindi catalog', () => {
    const po = formatter({ lineNumbers: false });
    for (const file of readdirSync(join(locales, 'hi')).filter((name) => name.endsWith('.po'))) {
      const entries = Object.values(po.parse(readFileSync(join(locales, 'hi', file), 'utf8')));
      expect(glossaryProblems(entries, glossary), file).toEqual([]);
    }
  });
});
