// Dates and numbers as the app shows them (Indian English).

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const utcDateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * "3 Nov 2026". `utcDay`: the time carries no meaning (anonymous ratings are stamped at midnight
 * UTC), so the UTC day is shown rather than one shifted by the reader's time zone.
 */
export function formatDate(iso: string, { utcDay = false }: { utcDay?: boolean } = {}) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (utcDay ? utcDateFormat : dateFormat).format(date);
}

export function formatDateTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

/** An average as shown beside stars: always one decimal ("4.0"). */
export function formatScore(value: number) {
  return value.toFixed(1);
}

/** "1 review", "12 reviews". */
export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
