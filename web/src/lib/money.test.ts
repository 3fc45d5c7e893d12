import { describe, expect, it } from 'vitest';
import { formatUsd } from './money';

describe('formatUsd', () => {
  it('shows cents when there are any, and whole dollars without them', () => {
    expect(formatUsd(999)).toBe('$9.99');
    expect(formatUsd(10000)).toBe('$100');
    expect(formatUsd(100, { keepCents: true })).toBe('$1.00');
    expect(formatUsd(0, { keepCents: true })).toBe('$0.00');
  });
});
