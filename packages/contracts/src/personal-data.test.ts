import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA_MESSAGES } from './messages.ts';
import { PERSONAL_DATA_CASES } from './personal-data.cases.ts';
import { personalDataIn, verhoeffValid } from './personal-data.ts';
import { replyRequest } from './schemas/both-sides.ts';

describe('personal data in text (DESIGN §9.4)', () => {
  it('has a table of at least 60 cases, with texts each kind must find and texts that must pass', () => {
    expect(PERSONAL_DATA_CASES.length).toBeGreaterThanOrEqual(60);
    for (const kind of Object.keys(PERSONAL_DATA_MESSAGES))
      expect(PERSONAL_DATA_CASES.filter(([, found]) => found === kind).length, kind).toBeGreaterThanOrEqual(
        4,
      );
    expect(PERSONAL_DATA_CASES.filter(([, found]) => found === null).length).toBeGreaterThanOrEqual(25);
  });

  it.each(PERSONAL_DATA_CASES)('%s -> %s', (text, found) => {
    expect(personalDataIn(text)).toBe(found);
  });

  it("checks Aadhaar's Verhoeff digit", () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    expect(verhoeffValid('234567890124')).toBe(true);
  });

  it('refuses published text with the message that names what was found', () => {
    const refused = replyRequest.safeParse({ message: 'Call me on 98450 12345' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PERSONAL_DATA_MESSAGES.mobile]);
    expect(replyRequest.safeParse({ message: 'Thank you for the review.' }).success).toBe(true);
  });
});
