// Dates and times on screen (docs/spec.md section 9: English-US), one formatter per shape for every screen.
// Notification and following dates use date-fns patterns from the spec (features/follows-and-updates/utils).
//
// Start-up cost: the first Intl.DateTimeFormat a page makes loads the locale's data, 14–44 ms on a desktop
// renderer and four times that on a phone, and this module used to make four while the entry chunk ran, before
// the first render. What the first screens show is written out by hand instead: times of day ("3:07:09 PM",
// on every member deal card) and short dates ("Valid until Mar 5, 2026", on the visitors' cards); dates.test.ts
// checks them against Intl. The rest is formatted by Intl, each formatter made on first use (decision 160).

const EN_US = 'en-US';

/** One Intl formatter, made the first time it is used. */
function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat(EN_US, options)).format(date);
}

const shortDateFormat = lazyFormat({ month: 'short', day: 'numeric', year: 'numeric' });
const dayAndTimeFormat = lazyFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

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
/** "Mar 5, 3:07 PM". */
export const dayAndTime = (when: When) => dayAndTimeFormat(toDate(when));
