import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, parseExpiry } from './card-input';

describe('card input helpers', () => {
  it('groups card digits by four and drops everything else', () => {
    expect(formatCardNumber('4242-4242 42424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('40000')).toBe('4000 0');
  });
  it('formats and parses MM / YY expiries', () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
    expect(parseExpiry('12 / 34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry('13 / 34')).toBeNull();
    expect(parseExpiry('12 / 3')).toBeNull();
  });
});
