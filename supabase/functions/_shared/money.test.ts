import { describe, expect, it } from 'vitest';
import { centsAsDecimal, formatCents, formatUsd } from './money.ts';

describe('formatUsd', () => {
  it('shows cents when there are any, and whole dollars without them', () => {
    expect(formatUsd(999)).toBe('$9.99');
    expect(formatUsd(10000)).toBe('$100');
    expect(formatUsd(100, { keepCents: true })).toBe('$1.00');
    expect(formatUsd(0, { keepCents: true })).toBe('$0.00');
  });
});

describe('formatCents', () => {
  it('formats cents as US dollars', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(999)).toBe('$9.99');
    expect(formatCents(874731408000)).toBe('$8,747,314,080.00');
    expect(formatCents(-250)).toBe('-$2.50');
  });
});

describe('money written out by hand', () => {
  const intlCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const intlUsd = (cents: number, keepCents = false) => {
    const dollars = cents / 100;
    const whole = Number.isInteger(dollars) && !keepCents;
    return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  };
  // Every cent up to $100 both ways, every 997th up to $100,000, then amounts of every length up to $10 trillion.
  const amounts: number[] = [];
  for (let cents = 0; cents <= 10_000; cents++) amounts.push(cents, -cents);
  for (let cents = 10_001; cents <= 10_000_000; cents += 997) amounts.push(cents, -cents);
  for (let digits = 6; digits <= 15; digits++) {
    for (const lead of [1, 3, 9]) {
      const base = lead * 10 ** (digits - 1);
      for (const cents of [base, base + 1, base + 99, base + 100, base * 2 - 1]) amounts.push(cents, -cents);
    }
  }

  it('writes whole cents exactly as Intl en-US does', () => {
    for (const cents of amounts) {
      expect(formatCents(cents)).toBe(intlCents.format(cents / 100));
      expect(formatUsd(cents)).toBe(intlUsd(cents));
      expect(formatUsd(cents, { keepCents: true })).toBe(intlUsd(cents, true));
    }
  }, 120_000); // ~60,000 amounts three ways: 8 s on an idle machine, over 30 s on a loaded one

  it('is exact where dividing by 100 in floating point is not', () => {
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('leaves what is not a whole number of cents to Intl', () => {
    for (const cents of [12.5, -0.4, 1e17, -0]) {
      expect(formatCents(cents)).toBe(intlCents.format(cents / 100));
      expect(formatUsd(cents)).toBe(intlUsd(cents));
    }
  });
});

describe('centsAsDecimal', () => {
  it('writes a plain decimal amount (no sign, no grouping) as toFixed(2) would', () => {
    expect([999, 100, 5, 0, -0, 123456, -999, -1].map(centsAsDecimal)).toEqual(['9.99', '1.00', '0.05', '0.00', '0.00', '1234.56', '-9.99', '-0.01']);
    for (let cents = -20_000; cents <= 20_000; cents += 7) expect(centsAsDecimal(cents)).toBe((cents / 100).toFixed(2));
    expect(centsAsDecimal(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });
});
