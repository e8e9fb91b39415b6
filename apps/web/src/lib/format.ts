// Dates and numbers as the app shows them, in the active language: `en-IN` or `hi-IN` (Indian digit
// grouping, Hindi month names). Each Intl formatter is made once per language, when first used.
// Whole numbers and scores in whole tenths are written without Intl, as both locales write them:
// a page's first Intl object costs its main thread ~35 ms (ICU's locale data; four times that on
// Lighthouse's phone), and the landing page shows no other numbers and no dates.
import { DAY_ZONE, type Language } from '@workspace/contracts';
import { activeLanguage, intlLocale } from './i18n';

const day = { day: 'numeric', month: 'short', year: 'numeric', timeZone: DAY_ZONE } as const;
/** Whether the reader's clock is India's: a time elsewhere names its zone ("IST"). */
const readerInDayZone = () =>
  ['Asia/Kolkata', 'Asia/Calcutta'].includes(new Intl.DateTimeFormat().resolvedOptions().timeZone);
/**
 * ICU writes Hindi's 12-hour clock with a Latin "am"/"pm"; a Hindi reader says the part of the day
 * instead (सुबह, दोपहर, शाम, रात), which `dayPeriod` gives. English keeps am/pm ("in the afternoon" is not
 * how a time is written there).
 */
const partOfDay = (language: Language) => (language === 'hi' ? ({ dayPeriod: 'short' } as const) : {});
const makers = {
  date: (locale: string) => new Intl.DateTimeFormat(locale, day),
  dateTime: (locale: string, language: Language) =>
    new Intl.DateTimeFormat(locale, {
      ...day,
      hour: 'numeric',
      minute: '2-digit',
      ...partOfDay(language),
      ...(readerInDayZone() ? {} : { timeZoneName: 'short' }),
    }),
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
    found = makers[kind](intlLocale(language), language);
    made.set(key, found);
  }
  return found as ReturnType<(typeof makers)[K]>;
}

/**
 * "3 Nov 2026" / "3 नव॰ 2026": the day in India (contracts' DAY_ZONE), for every reader wherever
 * they are. What shows its day only (an anonymous rating, a rating received) is dated by India's day,
 * so every other date is too: a reply is never dated before the rating it answers.
 */
export function formatDate(iso: string, language: Language = activeLanguage()) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter('date', language).format(date);
}

/** "3 Nov 2026, 4:05 pm" / "3 नव॰ 2026, शाम 4:05": India's time, with its zone ("IST") for a reader whose clock is not. */
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
