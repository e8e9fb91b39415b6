// One name for each city (ADR 0033). India's cities go by several names: the one in use today
// (Bengaluru), the older one many people still type (Bangalore) and the one in Devanagari (बेंगलुरु).
// A city is stored, and filtered by, under one of them, or the directory would split a city's
// companies between its names and a filter by one would miss the others. The name kept is the one
// in use today, in Latin letters, as government records, maps and the large job sites write it.
// Cities not listed are stored as typed (trimmed); the list grows as people's cities show it must,
// and the server brings stored rows in line with it (apps/server/src/modules/users/cities.ts).

import type { Language } from './constants.ts';

/**
 * Each city's name in use today (the key), its name in Hindi (shown in the Hindi interface, and taken
 * when typed) and the other names people type for it.
 */
// biome-ignore format: one city a line reads better
export const CITY_NAMES: Readonly<Record<string, { hi: string; also: readonly string[] }>> = {
  Bengaluru: { hi: 'बेंगलुरु', also: ['Bangalore', 'Bengalooru', 'Banglore', 'बेंगलूरु', 'बेंगलोर', 'बैंगलोर', 'बंगलौर', 'बंगलोर'] },
  Mumbai: { hi: 'मुंबई', also: ['Bombay', 'मुम्बई', 'बॉम्बे', 'बम्बई', 'बंबई'] },
  Delhi: { hi: 'दिल्ली', also: ['New Delhi', 'नई दिल्ली', 'नयी दिल्ली'] },
  Hyderabad: { hi: 'हैदराबाद', also: ['Secunderabad', 'सिकंदराबाद'] },
  Pune: { hi: 'पुणे', also: ['Poona', 'पूना'] },
  Chennai: { hi: 'चेन्नई', also: ['Madras', 'मद्रास'] },
  Gurugram: { hi: 'गुरुग्राम', also: ['Gurgaon', 'गुड़गांव', 'गुड़गाँव', 'गुडगांव'] },
  Noida: { hi: 'नोएडा', also: ['नोयडा'] },
  Kolkata: { hi: 'कोलकाता', also: ['Calcutta', 'कलकत्ता'] },
  Ahmedabad: { hi: 'अहमदाबाद', also: ['Amdavad'] },
  Jaipur: { hi: 'जयपुर', also: [] },
  Kochi: { hi: 'कोच्चि', also: ['Cochin', 'Ernakulam', 'कोचीन'] },
  Chandigarh: { hi: 'चंडीगढ़', also: ['चण्डीगढ़'] },
  Coimbatore: { hi: 'कोयंबटूर', also: ['Kovai', 'कोयम्बटूर'] },
  Indore: { hi: 'इंदौर', also: ['इन्दौर'] },
  Lucknow: { hi: 'लखनऊ', also: [] },
  Thiruvananthapuram: { hi: 'तिरुवनंतपुरम', also: ['Trivandrum', 'त्रिवेंद्रम'] },
  Nagpur: { hi: 'नागपुर', also: [] },
  Vadodara: { hi: 'वडोदरा', also: ['Baroda', 'बड़ौदा'] },
  Surat: { hi: 'सूरत', also: [] },
  Bhubaneswar: { hi: 'भुवनेश्वर', also: ['Bhubaneshwar'] },
  Visakhapatnam: { hi: 'विशाखापत्तनम', also: ['Vizag', 'Vishakhapatnam', 'विशाखापट्टनम'] },
  Mysuru: { hi: 'मैसूरु', also: ['Mysore', 'मैसूर'] },
  Mangaluru: { hi: 'मंगलुरु', also: ['Mangalore', 'मैंगलोर', 'मंगलौर'] },
  Bhopal: { hi: 'भोपाल', also: [] },
  Patna: { hi: 'पटना', also: [] },
  Guwahati: { hi: 'गुवाहाटी', also: ['Gauhati'] },
  Dehradun: { hi: 'देहरादून', also: ['Dehra Dun'] },
  Nashik: { hi: 'नाशिक', also: ['Nasik', 'नासिक'] },
  Madurai: { hi: 'मदुरै', also: [] },
  Vijayawada: { hi: 'विजयवाड़ा', also: ['Bezawada'] },
  Raipur: { hi: 'रायपुर', also: [] },
  Ranchi: { hi: 'रांची', also: ['राँची'] },
  Ludhiana: { hi: 'लुधियाना', also: [] },
  Kanpur: { hi: 'कानपुर', also: ['Cawnpore'] },
  Varanasi: { hi: 'वाराणसी', also: ['Banaras', 'Benares', 'Kashi', 'बनारस'] },
  Goa: { hi: 'गोवा', also: [] },
  Hubballi: { hi: 'हुब्बल्ली', also: ['Hubli', 'Hubli-Dharwad', 'हुबली'] },
  Tiruchirappalli: { hi: 'तिरुचिरापल्ली', also: ['Trichy', 'Tiruchi'] },
  Udaipur: { hi: 'उदयपुर', also: [] },
  Jodhpur: { hi: 'जोधपुर', also: [] },
  Amritsar: { hi: 'अमृतसर', also: [] },
  Jammu: { hi: 'जम्मू', also: [] },
  Shillong: { hi: 'शिलांग', also: [] },
  Puducherry: { hi: 'पुडुचेरी', also: ['Pondicherry', 'Pondy', 'पांडिचेरी'] },
  Siliguri: { hi: 'सिलीगुड़ी', also: [] },
  Thane: { hi: 'ठाणे', also: [] },
  'Navi Mumbai': { hi: 'नवी मुंबई', also: ['New Bombay'] },
  Ghaziabad: { hi: 'ग़ाज़ियाबाद', also: ['गाजियाबाद'] },
  Faridabad: { hi: 'फ़रीदाबाद', also: ['फरीदाबाद'] },
  Kozhikode: { hi: 'कोझिकोड', also: ['Calicut'] },
  Thrissur: { hi: 'त्रिशूर', also: ['Trichur'] },
  Prayagraj: { hi: 'प्रयागराज', also: ['Allahabad', 'इलाहाबाद'] },
  Belagavi: { hi: 'बेलगावी', also: ['Belgaum', 'बेलगाम'] },
  Kalaburagi: { hi: 'कलबुर्गी', also: ['Gulbarga', 'गुलबर्गा'] },
  Shimla: { hi: 'शिमला', also: ['Simla'] },
  Agra: { hi: 'आगरा', also: [] },
  Meerut: { hi: 'मेरठ', also: [] },
  Rajkot: { hi: 'राजकोट', also: [] },
  Aurangabad: { hi: 'औरंगाबाद', also: [] },
  Jabalpur: { hi: 'जबलपुर', also: [] },
  Gwalior: { hi: 'ग्वालियर', also: [] },
  Srinagar: { hi: 'श्रीनगर', also: [] },
  Mohali: { hi: 'मोहाली', also: ['SAS Nagar'] },
};

/** The form names are compared in: Unicode's composed form, lower case, single spaces, no dots. */
const folded = (name: string) =>
  name.normalize('NFC').toLocaleLowerCase('en-IN').replace(/\./g, '').replace(/\s+/g, ' ').trim();

/** Every name of a city, folded, to the name kept for it (its own folded name among them). */
const KEPT_NAME = new Map<string, string>(
  Object.entries(CITY_NAMES).flatMap(([city, { hi, also }]) =>
    [city, hi, ...also].map((name) => [folded(name), city] as const),
  ),
);

/** The cities listed, by the name kept for each, in alphabetical order: what a city field suggests. */
export const KNOWN_CITIES: readonly string[] = Object.keys(CITY_NAMES).sort((a, b) =>
  a.localeCompare(b, 'en'),
);

/** A stored city as a reader of `language` writes it: a listed city's Hindi name in Hindi, else as stored. */
export const cityIn = (city: string, language: Language): string => {
  const listed = language === 'hi' ? listedCity(city) : null;
  return (listed && CITY_NAMES[listed]?.hi) || city;
};

/**
 * The name a city is stored and filtered under: a listed city's name in use today ('bangalore',
 * 'Bangalore ' and 'बेंगलुरु' are all 'Bengaluru'), any other city as typed.
 */
export const keptCityName = (name: string): string => listedCity(name) ?? name;

/** The listed city `name` is a name of (any of its names, case, spacing or script), else null. */
export const listedCity = (name: string): string | null => KEPT_NAME.get(folded(name)) ?? null;

/** Devanagari's letters with a nukta and the letters they are made of (क़ = क + ़). */
const NUKTA_LETTERS: Readonly<Record<string, string>> = {
  '\u0915': '\u0958',
  '\u0916': '\u0959',
  '\u0917': '\u095A',
  '\u091C': '\u095B',
  '\u0921': '\u095C',
  '\u0922': '\u095D',
  '\u092B': '\u095E',
  '\u092F': '\u095F',
};
/**
 * `name` with each letter and nukta written as the one character Unicode also has for it (U+0958–
 * U+095F), as some keyboards type it: Unicode's composed form splits these, so a stored name typed
 * so is found only in this form.
 */
const nuktaLetters = (name: string) =>
  name
    .normalize('NFC')
    .replace(
      /([\u0915\u0916\u0917\u091C\u0921\u0922\u092B\u092F])\u093C/g,
      (_, letter: string) => NUKTA_LETTERS[letter] ?? letter,
    );

/**
 * The other names of the listed cities in lower case, as typed here, in Unicode's composed form and
 * with a nukta's letters as one character,
 * each with the name kept for it: what the server looks for in stored rows, by `lower(city)`, which an
 * index has (the kept names' own spellings in other letter cases are left as stored).
 */
export const OTHER_CITY_NAMES: readonly (readonly [lowered: string, kept: string])[] = [
  ...new Map(
    Object.entries(CITY_NAMES).flatMap(([kept, { hi, also }]) =>
      [hi, ...also].flatMap((name) =>
        [name, name.normalize('NFC'), nuktaLetters(name)].map(
          (form) => [form.toLocaleLowerCase('en-IN'), kept] as const,
        ),
      ),
    ),
  ),
];
