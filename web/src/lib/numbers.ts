// Counts on screen (points, redemptions, users): en-US digits with thousands separators, "12,345".
//
// Written out by hand for whole numbers, like @shared/money.ts and the times of day in lib/dates.ts: the first Intl
// formatter of a page loads locale data (~30 ms of a render on a throttled phone, and the member home's points
// card is the first to need one). numbers.test.ts checks the output against Intl's; other numbers go to Intl.

/** 1234567 → "1,234,567", -1200 → "-1,200", 2.5 → "2.5" (Intl). */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The member number as the member card, the pass and the counter print it: its digits, no separators ("100042",
 * what is typed back at the counter), '—' when there is none. Sentences put their own '#' before it.
 * (An answer cached on a phone before member numbers became numbers holds the digits as a string: printed the same.)
 */
export function formatMemberNumber(n: number | null | undefined): string {
  return n == null ? '—' : String(n);
}
