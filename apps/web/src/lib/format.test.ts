import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatScore } from './format';
import { activateLanguage } from './i18n';

// A reader outside India (a Gulf evening, or CI's UTC): dates and times must still be India's.
process.env.TZ = 'Asia/Dubai';

afterEach(() => activateLanguage('en'));

describe('formatting in the active language', () => {
  it('groups digits the Indian way in both languages', async () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
    await activateLanguage('hi');
    expect(formatNumber(1234567)).toBe('12,34,567');
  });

  it('writes dates with English or Hindi month names', async () => {
    const iso = '2026-11-03T00:00:00Z';
    expect(formatDate(iso)).toBe('3 Nov 2026');
    await activateLanguage('hi');
    expect(formatDate(iso)).toBe('3 नव॰ 2026');
    expect(formatDate(iso, 'en')).toBe('3 Nov 2026');
    expect(formatDateTime('not a date')).toBe('');
  });

  it("shows a day as India's day, whatever the reader's time zone", () => {
    // The server's day markers (midnight UTC of the date) and exact times alike: 00:30 on 4 November
    // in India is still 3 November in Dubai and in UTC, and a reply written then is dated as the
    // anonymous rating it answers.
    expect(formatDate('2026-11-04T00:00:00.000Z')).toBe('4 Nov 2026');
    expect(formatDate('2026-11-03T19:00:00.000Z')).toBe('4 Nov 2026');
    expect(formatDate('2026-11-04T18:29:00.000Z')).toBe('4 Nov 2026');
    // A time is India's too, and names its zone for a reader whose clock is not India's.
    expect(formatDateTime('2026-11-03T19:00:00.000Z')).toBe('4 Nov 2026, 12:30 am IST');
  });

  it('tells a Hindi reader the part of the day in Hindi, not a Latin am/pm', async () => {
    await activateLanguage('hi');
    // ICU's Hindi pattern: the part of the day before the time ("शाम 5:00"), after it when the zone follows.
    const times = ['03:30', '07:30', '11:30', '14:30'].map((utc) =>
      formatDateTime(`2026-11-03T${utc}:00.000Z`),
    );
    expect(times).toEqual([
      '3 नव॰ 2026, 9:00 सुबह IST',
      '3 नव॰ 2026, 1:00 दोपहर IST',
      '3 नव॰ 2026, 5:00 शाम IST',
      '3 नव॰ 2026, 8:00 रात IST',
    ]);
    expect(times.join(' ')).not.toMatch(/am|pm/i);
    expect(formatDateTime('2026-11-03T07:30:00.000Z', 'en')).toBe('3 Nov 2026, 1:00 pm IST');
  });

  it('shows scores with one decimal', async () => {
    await activateLanguage('hi');
    expect(formatScore(4)).toBe('4.0');
    expect(formatScore(3.25, 'en')).toBe('3.3');
  });

  it('writes whole numbers and tenths exactly as Intl does, without it', () => {
    const values = [0, 7, 42, 999, 1000, 12345, 123456, 1234567, 12345678901234, -5, -1234567];
    for (const [language, locale] of [
      ['en', 'en-IN'],
      ['hi', 'hi-IN'],
    ] as const) {
      const numbers = new Intl.NumberFormat(locale);
      const scores = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      for (const value of values) expect(formatNumber(value, language)).toBe(numbers.format(value));
      for (const value of [-0, 0.5, 1234.5, Number.MAX_SAFE_INTEGER + 2]) {
        expect(formatNumber(value, language)).toBe(numbers.format(value));
      }
      for (let tenths = 0; tenths <= 1000; tenths++) {
        expect(formatScore(tenths / 10, language)).toBe(scores.format(tenths / 10));
      }
      for (const value of [1.05, 3.25, 4.35, 4.449, 2.96, 12345.6, -0, -1.5]) {
        expect(formatScore(value, language)).toBe(scores.format(value));
      }
    }
  });
});
