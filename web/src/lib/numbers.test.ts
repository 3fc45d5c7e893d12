import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

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
