// Dates and numbers as the app shows them, in the active language: `en-IN` or `hi-IN` (Indian digit
// grouping, Hindi month names). Each Intl formatter is made once per language, when first used.
// Whole numbers and scores in whole tenths are written without Intl, as both locales write them:
// a page's first Intl object costs its main thread ~35 ms (ICU's locale data; four times that on
// Lighthouse's phone), and the landing page shows no other numbers and no dates.
import { DAY_ZONE, type Language } from '@workspace/contracts';
import { activeLanguage, intlLocale } from './i18n';

const day = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const makers = {
  date: (locale: string) => new Intl.DateTimeFormat(locale, day),
  zoneDate: (locale: string) => new Intl.DateTimeFormat(locale, { ...day, timeZone: DAY_ZONE }),
  dateTime: (locale: string) =>
    new Intl.DateTimeFormat(locale, { ...day, hour: 'numeric', minute: '2-digit' }),
  number: (locale: string) => new Intl.NumberFormat(locale),
  score: (locale: string) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};
type Kind = keyof typeof makers;

const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<K extends Kind>(kind: K, language: Language): ReturnType<(typeof makers)[K]> {
  const key = `${language}:${kind}`;
  let found = made.get(key);
  if (!found) {
    found = makers[kind](intlLocale(language));
    made.set(key, found);
  }
  return found as ReturnType<(typeof makers)[K]>;
}

/**
 * "3 Nov 2026" / "3 नव॰ 2026". `asDay`: the value stands for a day (an anonymous rating's date, a
 * date the server names): shown as the day in India (contracts' DAY_ZONE), which the server dates
 * such days by, the same for every reader rather than shifted by the reader's time zone.
 */
export function formatDate(
  iso: string,
  { asDay = false, language = activeLanguage() }: { asDay?: boolean; language?: Language } = {},
) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(asDay ? 'zoneDate' : 'date', language).format(date);
}

export function formatDateTime(iso: string, language: Language = activeLanguage()) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter('dateTime', language).format(date);
}

/** Latin digits, the last three grouped, then pairs ("12,34,567"), as en-IN and hi-IN group them. */
function indianDigits(whole: number) {
  const digits = String(whole);
  const head = digits.slice(0, -3);
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
}

/** A count with Indian digit grouping: "12,34,567". */
export function formatNumber(value: number, language: Language = activeLanguage()) {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    return `${value < 0 ? '-' : ''}${indianDigits(Math.abs(value))}`;
  }
  return formatter('number', language).format(value);
}

/**
 * Whether an average belongs to someone rated at all: scores run 1-5, so only nobody's average is 0,
 * which shown as "0.0" and empty stars read as the worst of reviews.
 */
export const isRated = (average: number) => average > 0;

/** An average as shown beside stars: always one decimal ("4.0"). */
export function formatScore(value: number, language: Language = activeLanguage()) {
  const tenths = value * 10;
  if (Number.isSafeInteger(tenths) && tenths >= 0 && !Object.is(tenths, -0)) {
    return `${indianDigits(Math.floor(tenths / 10))}.${tenths % 10}`;
  }
  return formatter('score', language).format(value);
}
