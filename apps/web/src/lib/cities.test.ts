import { afterEach, describe, expect, it } from 'vitest';
import { formatCity } from './cities';
import { activateLanguage } from './i18n';

afterEach(() => activateLanguage('en'));

describe('cities in the active language', () => {
  it('writes a known city in Hindi for a Hindi reader, any other as stored', async () => {
    expect(formatCity('Bengaluru')).toBe('Bengaluru');
    await activateLanguage('hi');
    expect(formatCity('Bengaluru')).toBe('बेंगलुरु');
    expect(formatCity('Thiruvananthapuram')).toBe('तिरुवनंतपुरम');
    expect(formatCity('Kharagpur')).toBe('Kharagpur');
  });
});
