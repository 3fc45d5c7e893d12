// Money as text: every amount is in cents (the API's unit; 1 point = 1 cent), shown as US dollars. The one
// place amounts are written (decision 178): screens, mails, plan terms, CSV files; eslint refuses
// `style: 'currency'` and `(cents / 100).toFixed(2)` anywhere else.
//
// Written out by hand for whole cents (every amount the API sends), like times of day in web/src/lib/dates.ts:
// the first Intl formatter of a page loads locale data, ~60 ms of the member home's first render on a throttled
// phone, where every deal card shows "$5.00 OFF". money.test.ts checks the output against Intl's; anything that
// is not a whole number of cents goes to Intl.

/** 1234 → "1,234" (a non-negative whole number). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const centsPart = (cents: number) => String(cents % 100).padStart(2, '0');
const isWholeCents = (cents: number) => Number.isSafeInteger(cents) && !Object.is(cents, -0);

/** Cents as dollars with cents: 300 → "$3.00", 123456 → "$1,234.56", -250 → "-$2.50". */
export function formatCents(cents: number): string {
  if (!isWholeCents(cents)) return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${grouped(Math.floor(abs / 100))}.${centsPart(abs)}`;
}

/** Cents to US dollars for display, e.g. 999 → "$9.99", 10000 → "$100". Whole dollars drop the cents. */
export function formatUsd(cents: number, { keepCents = false }: { keepCents?: boolean } = {}): string {
  if (keepCents || cents % 100 !== 0) return formatCents(cents);
  if (!isWholeCents(cents)) return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });
  return `${cents < 0 ? '-' : ''}$${grouped(Math.abs(cents) / 100)}`;
}

/**
 * Cents as a plain decimal amount, for CSV cells and form fields: 999 → "9.99", -100 → "-1.00" (no currency
 * sign, no grouping, so spreadsheets read a number).
 */
export function centsAsDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${centsPart(abs)}`;
}
