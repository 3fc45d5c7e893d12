import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd } from './money';

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
