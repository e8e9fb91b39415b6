// One name for each city (ADR 0033). India's cities go by several names: the one in use today
// (Bengaluru), the older one many people still type (Bangalore) and the one in Devanagari (बेंगलुरु).
// A city is stored, and filtered by, under one of them, or the directory would split a city's
// companies between its names and a filter by one would miss the others. The name kept is the one
// in use today, in Latin letters, as government records, maps and the large job sites write it.
// Cities not listed are stored as typed (trimmed); the list grows as people's cities show it must,
// and the server brings stored rows in line with it as it starts (apps/server/src/modules/users/cities.ts).

/** Each city's name in use today, and the other names people type for it. */
// biome-ignore format: one city a line reads better
const CITY_NAMES: Readonly<Record<string, readonly string[]>> = {
  Bengaluru: ['Bangalore', 'Bengalooru', 'Banglore', 'बेंगलुरु', 'बेंगलूरु', 'बेंगलोर', 'बैंगलोर', 'बंगलौर', 'बंगलोर'],
  Mumbai: ['Bombay', 'मुंबई', 'मुम्बई', 'बॉम्बे', 'बम्बई', 'बंबई'],
  Delhi: ['New Delhi', 'दिल्ली', 'नई दिल्ली', 'नयी दिल्ली'],
  Hyderabad: ['Secunderabad', 'हैदराबाद', 'सिकंदराबाद'],
  Pune: ['Poona', 'पुणे', 'पूना'],
  Chennai: ['Madras', 'चेन्नई', 'मद्रास'],
  Gurugram: ['Gurgaon', 'गुरुग्राम', 'गुड़गांव', 'गुड़गाँव', 'गुडगांव'],
  Noida: ['नोएडा', 'नोयडा'],
  Kolkata: ['Calcutta', 'कोलकाता', 'कलकत्ता'],
  Ahmedabad: ['Amdavad', 'अहमदाबाद'],
  Jaipur: ['जयपुर'],
  Kochi: ['Cochin', 'Ernakulam', 'कोच्चि', 'कोचीन'],
  Chandigarh: ['चंडीगढ़', 'चण्डीगढ़'],
  Coimbatore: ['Kovai', 'कोयंबटूर', 'कोयम्बटूर'],
  Indore: ['इंदौर', 'इन्दौर'],
  Lucknow: ['लखनऊ'],
  Thiruvananthapuram: ['Trivandrum', 'तिरुवनंतपुरम', 'त्रिवेंद्रम'],
  Nagpur: ['नागपुर'],
  Vadodara: ['Baroda', 'वडोदरा', 'बड़ौदा'],
  Surat: ['सूरत'],
  Bhubaneswar: ['Bhubaneshwar', 'भुवनेश्वर'],
  Visakhapatnam: ['Vizag', 'Vishakhapatnam', 'विशाखापत्तनम', 'विशाखापट्टनम'],
  Mysuru: ['Mysore', 'मैसूरु', 'मैसूर'],
  Mangaluru: ['Mangalore', 'मंगलुरु', 'मैंगलोर', 'मंगलौर'],
  Bhopal: ['भोपाल'],
  Patna: ['पटना'],
  Guwahati: ['Gauhati', 'गुवाहाटी'],
  Dehradun: ['Dehra Dun', 'देहरादून'],
  Nashik: ['Nasik', 'नासिक'],
  Madurai: ['मदुरै'],
  Vijayawada: ['Bezawada', 'विजयवाड़ा'],
  Raipur: ['रायपुर'],
  Ranchi: ['रांची', 'राँची'],
  Ludhiana: ['लुधियाना'],
  Kanpur: ['Cawnpore', 'कानपुर'],
  Varanasi: ['Banaras', 'Benares', 'Kashi', 'वाराणसी', 'बनारस'],
  Goa: ['गोवा'],
  Hubballi: ['Hubli', 'Hubli-Dharwad', 'हुबली'],
  Tiruchirappalli: ['Trichy', 'Tiruchi', 'तिरुचिरापल्ली'],
  Udaipur: ['उदयपुर'],
  Jodhpur: ['जोधपुर'],
  Amritsar: ['अमृतसर'],
  Jammu: ['जम्मू'],
  Shillong: ['शिलांग'],
  Puducherry: ['Pondicherry', 'Pondy', 'पुडुचेरी', 'पांडिचेरी'],
  Siliguri: ['सिलीगुड़ी'],
  Thane: ['ठाणे'],
  'Navi Mumbai': ['New Bombay', 'नवी मुंबई'],
  Ghaziabad: ['ग़ाज़ियाबाद', 'गाजियाबाद'],
  Faridabad: ['फ़रीदाबाद', 'फरीदाबाद'],
  Kozhikode: ['Calicut', 'कोझिकोड'],
  Thrissur: ['Trichur', 'त्रिशूर'],
  Prayagraj: ['Allahabad', 'प्रयागराज', 'इलाहाबाद'],
  Belagavi: ['Belgaum', 'बेलगाम'],
  Kalaburagi: ['Gulbarga', 'गुलबर्गा'],
  Shimla: ['Simla', 'शिमला'],
  Agra: ['आगरा'],
  Meerut: ['मेरठ'],
  Rajkot: ['राजकोट'],
  Aurangabad: ['औरंगाबाद'],
  Jabalpur: ['जबलपुर'],
  Gwalior: ['ग्वालियर'],
  Srinagar: ['श्रीनगर'],
  Mohali: ['SAS Nagar', 'मोहाली'],
};

/** The form names are compared in: Unicode's composed form, lower case, single spaces, no dots. */
const folded = (name: string) =>
  name.normalize('NFC').toLocaleLowerCase('en-IN').replace(/\./g, '').replace(/\s+/g, ' ').trim();

/** Every name of a city, folded, to the name kept for it (its own folded name among them). */
const KEPT_NAME = new Map<string, string>(
  Object.entries(CITY_NAMES).flatMap(([city, others]) =>
    [city, ...others].map((name) => [folded(name), city] as const),
  ),
);

/** The cities listed, by the name kept for each, in alphabetical order: what a city field suggests. */
export const KNOWN_CITIES: readonly string[] = Object.keys(CITY_NAMES).sort((a, b) =>
  a.localeCompare(b, 'en'),
);

/**
 * The name a city is stored and filtered under: a listed city's name in use today ('bangalore',
 * 'Bangalore ' and 'बेंगलुरु' are all 'Bengaluru'), any other city as typed.
 */
export const keptCityName = (name: string): string => KEPT_NAME.get(folded(name)) ?? name;

/**
 * The other names of the listed cities in lower case, as typed here and in Unicode's composed form,
 * each with the name kept for it: what the server looks for in stored rows, by `lower(city)`, which an
 * index has (the kept names' own spellings in other letter cases are left as stored).
 */
export const OTHER_CITY_NAMES: readonly (readonly [lowered: string, kept: string])[] = [
  ...new Map(
    Object.entries(CITY_NAMES).flatMap(([kept, others]) =>
      others.flatMap((name) =>
        [name, name.normalize('NFC')].map((form) => [form.toLocaleLowerCase('en-IN'), kept] as const),
      ),
    ),
  ),
];
