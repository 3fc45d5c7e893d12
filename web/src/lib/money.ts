// Money on screen: every amount is in cents (the API's unit; 1 point = 1 cent), shown as US dollars.
//
// Written out by hand for whole cents (every amount the API sends), like times of day in lib/dates.ts: the first
// Intl formatter of a page loads locale data, ~60 ms of the member home's first render on a throttled phone,
// where every deal card shows "$5.00 OFF". money.test.ts checks the output against Intl's; anything that is
// not a whole number of cents goes to Intl.

import { formatCount } from './numbers';

/** 123456 → "1,234": the dollars of a non-negative whole number of cents, with thousands separators. */
const groupedDollars = (cents: number) => formatCount(Math.floor(cents / 100));
const centsPart = (cents: number) => String(cents % 100).padStart(2, '0');
const isWholeCents = (cents: number) => Number.isSafeInteger(cents) && !Object.is(cents, -0);

/** Cents as dollars with cents: 300 → "$3.00", 123456 → "$1,234.56", -250 → "-$2.50". */
export function formatCents(cents: number): string {
  if (!isWholeCents(cents)) return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${groupedDollars(abs)}.${centsPart(abs)}`;
}

/** Cents to US dollars for display, e.g. 999 → "$9.99", 10000 → "$100". Whole dollars drop the cents. */
export function formatUsd(cents: number, { keepCents = false }: { keepCents?: boolean } = {}): string {
  if (keepCents || cents % 100 !== 0) return formatCents(cents);
  if (!isWholeCents(cents)) return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });
  return `${cents < 0 ? '-' : ''}$${groupedDollars(Math.abs(cents))}`;
}
