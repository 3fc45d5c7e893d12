// Money on screen: every amount is in cents (the API's unit; 1 point = 1 cent), shown as US dollars.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars with cents: 300 → "$3.00", 123456 → "$1,234.56". */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** Cents to US dollars for display, e.g. 999 → "$9.99", 10000 → "$100". Whole dollars drop the cents. */
export function formatUsd(cents: number, { keepCents = false }: { keepCents?: boolean } = {}): string {
  const dollars = cents / 100;
  const whole = Number.isInteger(dollars) && !keepCents;
  return dollars.toLocaleString('en-US', {
    style: 'currency', currency: 'USD', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2,
  });
}
