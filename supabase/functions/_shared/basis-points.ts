// Rates kept in basis points (a merchant's reward rate, the charity share): written as percent here only, as
// _shared/money.ts writes cents.

/** Basis points as a percent label: 500 → "5%", 250 → "2.5%", 125 → "1.25%". */
export function formatBps(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** Basis points as a percent with two decimals, no sign (CSV columns): 1000 → "10.00", 125 → "1.25". */
export const bpsAsDecimal = (bps: number): string => (bps / 100).toFixed(2);
