import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatScore } from './format';
import { activateLanguage } from './i18n';

afterEach(() => activateLanguage('en'));

describe('formatting in the active language', () => {
  it('groups digits the Indian way in both languages', async () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
    await activateLanguage('hi');
    expect(formatNumber(1234567)).toBe('12,34,567');
  });

  it('writes dates with English or Hindi month names', async () => {
    const iso = '2026-11-03T00:00:00Z';
    expect(formatDate(iso, { utcDay: true })).toBe('3 Nov 2026');
    await activateLanguage('hi');
    expect(formatDate(iso, { utcDay: true })).toBe('3 नव॰ 2026');
    expect(formatDate(iso, { utcDay: true, language: 'en' })).toBe('3 Nov 2026');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows scores with one decimal', async () => {
    await activateLanguage('hi');
    expect(formatScore(4)).toBe('4.0');
    expect(formatScore(3.25, 'en')).toBe('3.3');
  });
});
