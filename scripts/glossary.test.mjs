// The glossary rule of `npm run i18n:check` (scripts/glossary.mjs): on made-up entries, and on the
// committed Hindi catalogs, which must keep to it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { avoidedWordProblems, filesWithHindi, glossaryProblems } from './glossary.mjs';

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

describe('the words to avoid', () => {
  it('names each avoided word a text says, with the word to use', () => {
    expect(avoidedWordProblems('गुमनाम रिव्यू और विवाद', 'notice', glossary)).toEqual([
      'notice says रिव्यू: the product says समीक्षा (glossary.json)',
      'notice says विवाद: the product says आपत्ति (glossary.json)',
    ]);
    expect(avoidedWordProblems('गुमनाम समीक्षा पर आपत्ति', 'notice', glossary)).toEqual([]);
  });

  it("holds in every Hindi text: the catalogs, the privacy notice and the server's mails", () => {
    const hindi = filesWithHindi(
      [join(import.meta.dirname, '../apps/web/src'), join(import.meta.dirname, '../apps/server/src')],
      /\.(tsx?|po)$/,
    );
    // The notice, the catalogs and the mails are among them: the rule reads what people read.
    expect(hindi.some((file) => file.endsWith('notice/hi.ts'))).toBe(true);
    expect(hindi.some((file) => file.endsWith('mail-texts.ts'))).toBe(true);
    for (const file of hindi) {
      // A catalog's English ids may hold no Hindi; only what a reader sees is read.
      expect(avoidedWordProblems(readFileSync(file, 'utf8'), file, glossary)).toEqual([]);
    }
  });
});
