import type { MessageDescriptor } from '@lingui/core';
import {
  DISPUTE_REASON_LABELS,
  ELIGIBILITY,
  FLAG_REASON_LABELS,
  LIMITS,
  MSG,
  RATING_BANDS,
  RATING_CATEGORIES,
  withdrawnUnderModeration,
} from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_TRANSLATIONS,
  categoryName,
  DISPUTE_REASON_TRANSLATIONS,
  disputeReasonLabel,
  ELIGIBILITY_TRANSLATIONS,
  FLAG_REASON_TRANSLATIONS,
  flagReasonLabel,
  MSG_TRANSLATIONS,
  RATING_LABEL_TRANSLATIONS,
  ratingLabelText,
  translateApiMessage,
} from './api-messages';
import { activateLanguage, i18n, loadApiMessages } from './i18n';

/** A descriptor's English with its placeholders filled, as the API would say it. */
const english = (descriptor: MessageDescriptor | undefined) =>
  descriptor?.message?.replace(/\{(\w+)\}/g, (_, name: string) => String(descriptor.values?.[name]));

describe('API and contract messages', () => {
  it('carry exactly the contract English text, one entry per constant', () => {
    for (const [table, translations] of [
      [MSG, MSG_TRANSLATIONS],
      [ELIGIBILITY, ELIGIBILITY_TRANSLATIONS],
      [FLAG_REASON_LABELS, FLAG_REASON_TRANSLATIONS],
      [DISPUTE_REASON_LABELS, DISPUTE_REASON_TRANSLATIONS],
    ] as const) {
      expect(Object.keys(translations).sort()).toEqual(Object.keys(table).sort());
      for (const [key, text] of Object.entries(table))
        expect(english((translations as Record<string, MessageDescriptor>)[key])).toBe(text);
    }
  });

  it('show in the active language, and unknown text as it came', async () => {
    expect(translateApiMessage(MSG.loginIncorrect)).toBe('Email or password is incorrect');
    await activateLanguage('hi');
    await loadApiMessages();
    expect(translateApiMessage(MSG.loginIncorrect)).toBe('ईमेल या पासवर्ड सही नहीं है');
    expect(translateApiMessage(ELIGIBILITY.self)).toBe('आप खुद को रेटिंग नहीं दे सकते');
    expect(flagReasonLabel('SPAM')).toBe('स्पैम या विज्ञापन');
    expect(disputeReasonLabel('NO_WORKING_RELATIONSHIP')).toBe('हमने कभी साथ काम नहीं किया');
    expect(categoryName('Reliability')).toBe('विश्वसनीयता');
    expect(categoryName('A category added later')).toBe('A category added later');
    expect(ratingLabelText(4.6)).toBe('उत्कृष्ट');
    // Numbers come from the constants, through the catalog's placeholders.
    expect(translateApiMessage(MSG.replyMax)).toMatch(/[\u0900-\u097F]/);
    expect(translateApiMessage(MSG.replyMax)).toContain(String(LIMITS.replyMax));
    expect(translateApiMessage('A message the server added later')).toBe('A message the server added later');
    // A reason with a date in it (DESIGN §9.1): translated, with the date in the reader's language.
    const cooldown = translateApiMessage(withdrawnUnderModeration('2027-02-26'));
    expect(cooldown).toMatch(/[\u0900-\u097F]/);
    expect(cooldown).toContain('2027');
    expect(cooldown).not.toContain('2027-02-26');
  });

  it('name every category of every context and every rating label, with their English as the key', () => {
    const categories = Object.values(RATING_CATEGORIES).flat();
    expect(Object.keys(CATEGORY_TRANSLATIONS).sort()).toEqual([...categories].sort());
    for (const [english, descriptor] of [
      ...Object.entries(CATEGORY_TRANSLATIONS),
      ...Object.entries(RATING_LABEL_TRANSLATIONS),
    ])
      expect((descriptor as { message?: string }).message).toBe(english);
  });

  it('every one has a Hindi translation that differs from the English', async () => {
    await activateLanguage('hi');
    await loadApiMessages();
    const english = new Set<string>([
      ...Object.values(MSG),
      ...Object.values(ELIGIBILITY),
      ...Object.values(FLAG_REASON_LABELS),
    ]);
    for (const text of [...Object.values(MSG), ...Object.values(ELIGIBILITY)]) {
      const hindi = translateApiMessage(text);
      expect(english.has(hindi), text).toBe(false);
      expect(hindi, text).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('every reason, category name and rating label has a Hindi translation that differs from the English', async () => {
    await activateLanguage('hi');
    await loadApiMessages();
    const shown: [string, string][] = [
      ...(Object.keys(FLAG_REASON_LABELS) as (keyof typeof FLAG_REASON_LABELS)[]).map(
        (reason) => [FLAG_REASON_LABELS[reason], flagReasonLabel(reason)] as [string, string],
      ),
      ...(Object.keys(DISPUTE_REASON_LABELS) as (keyof typeof DISPUTE_REASON_LABELS)[]).map(
        (reason) => [DISPUTE_REASON_LABELS[reason], disputeReasonLabel(reason)] as [string, string],
      ),
      ...Object.keys(CATEGORY_TRANSLATIONS).map(
        (category) => [category, categoryName(category)] as [string, string],
      ),
      ...Object.entries(RATING_LABEL_TRANSLATIONS).map(
        ([label, descriptor]) => [label, i18n._(descriptor)] as [string, string],
      ),
    ];
    for (const [english, hindi] of shown) {
      expect(hindi, english).not.toBe(english);
      expect(hindi, english).toMatch(/[\u0900-\u097F]/);
    }
    // The labels as the averages choose them (contracts ratingLabel).
    expect(RATING_BANDS.map((band) => ratingLabelText(band.min))).toEqual(
      Object.values(RATING_LABEL_TRANSLATIONS).map((descriptor) => i18n._(descriptor)),
    );
  });
});
