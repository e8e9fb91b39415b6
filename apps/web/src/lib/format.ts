// Dates and numbers as the app shows them, in the active language: `en-IN` or `hi-IN` (Indian digit
// grouping, Hindi month names). Formatters are made once per language.
import type { Language } from '@workspace/contracts';
import { activeLanguage, intlLocale } from './i18n';

const formatters = new Map<Language, ReturnType<typeof makeFormatters>>();

function makeFormatters(language: Language) {
  const locale = intlLocale(language);
  const day = { day: 'numeric', month: 'short', year: 'numeric' } as const;
  return {
    date: new Intl.DateTimeFormat(locale, day),
    utcDate: new Intl.DateTimeFormat(locale, { ...day, timeZone: 'UTC' }),
    dateTime: new Intl.DateTimeFormat(locale, { ...day, hour: 'numeric', minute: '2-digit' }),
    number: new Intl.NumberFormat(locale),
    score: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  };
}

function formattersFor(language: Language) {
  let made = formatters.get(language);
  if (!made) {
    made = makeFormatters(language);
    formatters.set(language, made);
  }
  return made;
}

/**
 * "3 Nov 2026" / "3 नव॰ 2026". `utcDay`: the time carries no meaning (anonymous ratings are stamped
 * at midnight UTC), so the UTC day is shown rather than one shifted by the reader's time zone.
 */
export function formatDate(
  iso: string,
  { utcDay = false, language = activeLanguage() }: { utcDay?: boolean; language?: Language } = {},
) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { date: dateFormat, utcDate } = formattersFor(language);
  return (utcDay ? utcDate : dateFormat).format(date);
}

export function formatDateTime(iso: string, language: Language = activeLanguage()) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formattersFor(language).dateTime.format(date);
}

/** A count with Indian digit grouping: "12,34,567". */
export function formatNumber(value: number, language: Language = activeLanguage()) {
  return formattersFor(language).number.format(value);
}

/** An average as shown beside stars: always one decimal ("4.0"). */
export function formatScore(value: number, language: Language = activeLanguage()) {
  return formattersFor(language).score.format(value);
}
