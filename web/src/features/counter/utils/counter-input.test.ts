import { describe, expect, it } from 'vitest';
import { memberNumberToLookUp, parseCode, parseDollarsToCents, parsePoints } from './counter-input';

describe('counter input', () => {
  it('reads dollar amounts as cents', () => {
    expect(parseDollarsToCents('19.99')).toBe(1999);
    expect(parseDollarsToCents('$1,250')).toBe(125000);
    expect(parseDollarsToCents('0.5')).toBe(50);
    expect(parseDollarsToCents('0')).toBeNull();
    expect(parseDollarsToCents('1.234')).toBeNull();
    expect(parseDollarsToCents('-3')).toBeNull();
  });

  it('reads points and codes', () => {
    expect(parsePoints('1,000')).toBe(1000);
    expect(parsePoints('0')).toBeNull();
    expect(parsePoints('2.5')).toBeNull();
    expect(parseCode('123 456')).toBe('123456');
    expect(parseCode('123-456')).toBe('123456');
    expect(parseCode('12345')).toBeNull();
  });

  it('looks a member number up only once it has the digits of a whole one', () => {
    expect(['1', '10', '100', '1000', '10000'].map(memberNumberToLookUp)).toEqual([null, null, null, null, null]);
    expect(memberNumberToLookUp('100001')).toBe(100001);
    expect(memberNumberToLookUp(' #1 000 002 ')).toBe(1000002);
    expect(memberNumberToLookUp('012345')).toBeNull(); // 12345: no member number is that short
    expect(memberNumberToLookUp('abc')).toBeNull();
  });
});
