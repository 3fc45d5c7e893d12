import { describe, expect, it } from 'vitest';
import { centsToDollars } from './money';

describe('centsToDollars', () => {
  it('formats cents as US dollars', () => {
    expect(centsToDollars(0)).toBe('$0.00');
    expect(centsToDollars(999)).toBe('$9.99');
    expect(centsToDollars(874731408000)).toBe('$8,747,314,080.00');
    expect(centsToDollars(-250)).toBe('-$2.50');
  });
});
