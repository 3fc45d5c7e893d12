// Calendar days and months as the API and the web app write them in answers, mails, CSV and URLs: ISO 8601, in UTC
// (statements, receipts and /impact count days and months in UTC). Written here once; lint refuses
// `toISOString().slice(...)` by hand elsewhere (one-spelling/dates).

/** A timestamp as a Date: postgres.js and PGlite give a Date, JSON and some drivers text. */
const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** "2026-11-28": the UTC calendar day of a timestamp. */
export const isoDay = (value: Date | string): string => asDate(value).toISOString().slice(0, 10);

/** "2026-11": the UTC calendar month of a timestamp. */
export const isoMonth = (value: Date | string): string => asDate(value).toISOString().slice(0, 7);

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-10" as people say it: "October 2026" (the same words in mail and on screen). */
export function monthName(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1] ?? month} ${year}`;
}

/** "2026-10" and the month before it, "2026-09". */
export function monthBefore(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}
