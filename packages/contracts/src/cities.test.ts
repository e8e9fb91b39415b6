import { describe, expect, it } from 'vitest';
import { CITY_NAMES, cityIn, KNOWN_CITIES, keptCityName, listedCity, OTHER_CITY_NAMES } from './cities.ts';
import { profileUpdateRequest } from './schemas/auth.ts';
import { directoryQuery } from './schemas/core.ts';

describe('one name for each city', () => {
  it("keeps a listed city's name in use today, whatever name, case, spacing or script it is typed in", () => {
    for (const typed of ['Bangalore', 'bangalore', 'BANGALORE', 'Bengaluru', 'bengaluru', 'बेंगलुरु'])
      expect(keptCityName(typed)).toBe('Bengaluru');
    expect(keptCityName('Gurgaon')).toBe('Gurugram');
    expect(keptCityName('new  delhi')).toBe('Delhi');
    expect(keptCityName('N.  Delhi')).toBe('N.  Delhi');
    expect(keptCityName('लखनऊ')).toBe('Lucknow');
    // The composed and decomposed forms of a letter with a nukta are one name.
    expect(keptCityName('गुड़गांव'.normalize('NFD'))).toBe('Gurugram');
    expect(keptCityName('गुड़गांव'.normalize('NFC'))).toBe('Gurugram');
  });

  it('leaves a city it does not list as typed', () => {
    expect(listedCity('Kharagpur')).toBeNull();
    expect(listedCity('बॉम्बे')).toBe('Mumbai');
    expect(keptCityName('Kharagpur')).toBe('Kharagpur');
    expect(keptCityName('kharagpur')).toBe('kharagpur');
  });

  it('stores and filters by the kept name, after checking the typed one', () => {
    const saved = profileUpdateRequest.safeParse({ city: ' bombay ' });
    expect(saved.success && saved.data.city).toBe('Mumbai');
    const filter = directoryQuery.safeParse({ city: 'Calcutta' });
    expect(filter.success && filter.data.city).toBe('Kolkata');
    expect(profileUpdateRequest.safeParse({ city: 'B' }).success).toBe(false);
  });

  it('suggests each kept name once, and gives the server every other name in lower case', () => {
    expect(new Set(KNOWN_CITIES).size).toBe(KNOWN_CITIES.length);
    expect(KNOWN_CITIES).toContain('Thiruvananthapuram');
    expect(KNOWN_CITIES).not.toContain('Trivandrum');
    const others = new Map(OTHER_CITY_NAMES);
    expect(others.get('trivandrum')).toBe('Thiruvananthapuram');
    expect(others.get('बैंगलोर')).toBe('Bengaluru');
    expect(others.has('bengaluru')).toBe(false);
    for (const [lowered, kept] of OTHER_CITY_NAMES) {
      expect(lowered).toBe(lowered.toLocaleLowerCase('en-IN'));
      expect(keptCityName(lowered)).toBe(kept);
    }
  });

  it('writes a listed city in Hindi for a Hindi reader, and any other as stored', () => {
    expect(cityIn('Bengaluru', 'hi')).toBe('बेंगलुरु');
    expect(cityIn('Bengaluru', 'en')).toBe('Bengaluru');
    expect(cityIn('Kharagpur', 'hi')).toBe('Kharagpur');
    expect(cityIn('constructor', 'hi')).toBe('constructor');
    // Each Hindi name is taken back as its city.
    for (const city of KNOWN_CITIES) expect(keptCityName(cityIn(city, 'hi'))).toBe(city);
  });

  it('gives no name to two cities (a later city would silently take it)', () => {
    const owner = new Map<string, string>();
    for (const [city, { hi, also }] of Object.entries(CITY_NAMES))
      for (const name of [city, hi, ...also]) {
        const key = name.normalize('NFC').toLocaleLowerCase('en-IN');
        expect(owner.get(key) ?? city, `${name} names ${owner.get(key)} and ${city}`).toBe(city);
        owner.set(key, city);
      }
  });

  it('looks for stored names with a nukta in either of their Unicode forms', () => {
    const others = new Map(OTHER_CITY_NAMES);
    // गुड़गांव with ड़ as U+095C (one character), and as ड + nukta (Unicode's composed form).
    expect(others.get('\u0917\u0941\u095C\u0917\u093E\u0902\u0935')).toBe('Gurugram');
    expect(others.get('\u0917\u0941\u0921\u093C\u0917\u093E\u0902\u0935')).toBe('Gurugram');
  });

  it('writes a stored city in Hindi whatever its letter case', () => {
    expect(cityIn('bengaluru', 'hi')).toBe('बेंगलुरु');
    expect(cityIn('BANGALORE', 'hi')).toBe('बेंगलुरु');
  });
});
