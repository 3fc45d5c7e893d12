import { describe, expect, it } from 'vitest';
import { bpsAsDecimal, formatBps } from './basis-points.ts';

describe('basis points as percent', () => {
  it('labels basis points divided by 100 as a percent', () => {
    expect(formatBps(500)).toBe('5%');
    expect(formatBps(250)).toBe('2.5%');
    expect(formatBps(125)).toBe('1.25%');
    expect(formatBps(1000)).toBe('10%');
    expect(formatBps(0)).toBe('0%');
  });

  it('writes them with two decimals for CSV', () => {
    expect(bpsAsDecimal(1000)).toBe('10.00');
    expect(bpsAsDecimal(125)).toBe('1.25');
    expect(bpsAsDecimal(0)).toBe('0.00');
  });
});
