// Dates and times on screen (docs/spec.md section 9: English-US), one formatter per shape for every screen: the
// project's one date stack (decision 178; date-fns left the project, eslint refuses it).
//
// Start-up cost: the first Intl.DateTimeFormat a page makes loads the locale's data, 14–44 ms on a desktop
// renderer and four times that on a phone, and this module used to make four while the entry chunk ran, before
// the first render. What the first screens show is written out by hand instead: times of day ("3:07:09 PM",
// on every member deal card) and short dates ("Valid until Mar 5, 2026", on the visitors' cards); dates.test.ts
// checks them against Intl. Shapes built from those ("Mar 5, 3:07 PM", "Mar 5, 2026 15:07") are written the same
// way; what is left (a year of other than four digits) goes to Intl, its formatter made on first use (decision 160).

const EN_US = 'en-US';

/** One Intl formatter, made the first time it is used. */
function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat(EN_US, options)).format(date);
}

const shortDateFormat = lazyFormat({ month: 'short', day: 'numeric', year: 'numeric' });

type When = Date | number | string;
const toDate = (when: When) => (when instanceof Date ? when : new Date(when));
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The en-US time of day in the device's time zone, as Intl writes it: "3:07 PM", "12:00:05 AM". */
function timeOfDay(date: Date, withSeconds: boolean): string {
  const hours = date.getHours();
  const seconds = withSeconds ? `:${twoDigits(date.getSeconds())}` : '';
  return `${hours % 12 || 12}:${twoDigits(date.getMinutes())}${seconds} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Mar 5, 2026" in the device's time zone (Intl for years of other lengths, and its RangeError for an invalid date). */
export function shortDate(when: When): string {
  const date = toDate(when);
  const year = date.getFullYear();
  if (!(year >= 1000 && year <= 9999)) return shortDateFormat(date);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${year}`;
}
/** "3:07 PM". */
export const clockTime = (when: When) => timeOfDay(toDate(when), false);
/** "3:07:09 PM". */
export const clockTimeWithSeconds = (when: When) => timeOfDay(toDate(when), true);

/** "Mar 5, 3:07 PM" (notifications, updates, devices, the counter's queue). */
export function dayAndTime(when: When): string {
  const date = toDate(when);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${timeOfDay(date, false)}`;
}

/** "Mar 5, 2026 15:07", a 24-hour clock (the admin's audit log). */
export function dateAndTime24(when: When): string {
  const date = toDate(when);
  return `${shortDate(date)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** A calendar day written "2026-03-05" (no time, no zone) as "Mar 5, 2026": that day wherever the viewer is. */
export function calendarDay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return shortDate(match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : isoDay);
}
