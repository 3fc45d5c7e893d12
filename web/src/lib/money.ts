/** Cents to US dollars for display, e.g. 999 → "$9.99", 10000 → "$100". Whole dollars drop the cents. */
export function formatUsd(cents: number, { keepCents = false }: { keepCents?: boolean } = {}): string {
  const dollars = cents / 100;
  const whole = Number.isInteger(dollars) && !keepCents;
  return dollars.toLocaleString('en-US', {
    style: 'currency', currency: 'USD', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2,
  });
}
