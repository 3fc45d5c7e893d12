import { describe, expect, it } from 'vitest';
import { clockTime, clockTimeWithSeconds, dayAndTime, shortDate } from './dates';

describe('dates on screen', () => {
  it('formats one moment in each shape, from a Date, a number or an ISO string', () => {
    const when = new Date(2026, 2, 5, 15, 7, 9);
    expect(shortDate(when)).toBe('Mar 5, 2026');
    expect(shortDate(when.toISOString())).toBe('Mar 5, 2026');
    expect(clockTime(when.getTime())).toBe('3:07 PM');
    expect(clockTimeWithSeconds(when)).toBe('3:07:09 PM');
    expect(dayAndTime(when)).toMatch(/^Mar 5(,| at) 3:07 PM$/);
  });
});
