import { TOMBSTONE_NAME } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { activateLanguage, loadCatalog } from '@/lib/i18n';
import { personName, raterName } from './labels';

describe('raterName', () => {
  it("says an anonymous rater in the page's language, and shows a known rater's name as it is", async () => {
    const anonymous = { is_anonymous: true, rater_name: 'Anonymous' } as const;
    // The author (and a moderator) get the rater's id with the real name.
    const own = { is_anonymous: true, rater: 7, rater_name: 'Asha Verma' } as const;
    const named = { is_anonymous: false, rater: 8, rater_name: 'Ravi Kumar' } as const;
    expect(raterName(anonymous)).toBe('Anonymous');

    await activateLanguage('hi');
    await loadCatalog('app', 'hi');
    expect(raterName(anonymous)).toBe('गुमनाम');
    expect(raterName(own)).toBe('Asha Verma');
    expect(raterName(named)).toBe('Ravi Kumar');
  });
});

describe('personName', () => {
  it("names a deleted account's rater in the page's language, and everyone else as they are", async () => {
    await activateLanguage('en');
    expect(personName(TOMBSTONE_NAME)).toBe('Deleted account');
    await activateLanguage('hi');
    await loadCatalog('app', 'hi');
    expect(personName(TOMBSTONE_NAME)).toBe('हटाया गया अकाउंट');
    expect(personName('Ravi Kumar')).toBe('Ravi Kumar');
    await activateLanguage('en');
  });
});
