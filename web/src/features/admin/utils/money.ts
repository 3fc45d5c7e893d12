const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents (the API's unit; 1 point = 1 cent) as dollars for the metric cards: 123456 → "$1,234.56". */
export const centsToDollars = (cents: number) => dollars.format(cents / 100);
