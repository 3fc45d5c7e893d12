import { describe, expect, it } from 'vitest';
import { formatCount, formatMemberNumber } from './numbers';

describe('formatCount', () => {
  const intl = new Intl.NumberFormat('en-US');

  it('writes whole numbers exactly as Intl en-US does', () => {
    const counts: number[] = [];
    for (let n = 0; n <= 20_000; n++) counts.push(n, -n);
    for (let digits = 6; digits <= 16; digits++) {
      for (const lead of [1, 4, 9]) {
        const base = lead * 10 ** (digits - 1);
        if (Number.isSafeInteger(base * 2)) counts.push(base, base + 1, base * 2 - 1, -base);
      }
    }
    counts.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
    for (const n of counts) expect(formatCount(n)).toBe(intl.format(n));
  });

  it('leaves other numbers to Intl', () => {
    for (const n of [2.5, -0.25, 1e21, -0, Number.NaN]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('formatMemberNumber', () => {
  it('prints the digits as they are typed back at the counter, a dash for none', () => {
    expect(formatMemberNumber(100042)).toBe('100042');
    expect(formatMemberNumber(2_147_483_647)).toBe('2147483647');
    expect(formatMemberNumber(null)).toBe('—');
    expect(formatMemberNumber(undefined)).toBe('—');
  });

  it('prints a member number cached as a string before the deploy the same way', () => {
    expect(formatMemberNumber('100042' as unknown as number)).toBe('100042');
  });
});
