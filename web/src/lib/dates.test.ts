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

  it('writes times of day exactly as Intl en-US does, for every second of a day', () => {
    const intlClock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    const intlClockWithSeconds = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
    const midnight = new Date(2026, 10, 24).getTime();
    for (let second = 0; second < 24 * 60 * 60; second++) {
      const when = new Date(midnight + second * 1000);
      expect(clockTimeWithSeconds(when)).toBe(intlClockWithSeconds.format(when));
      if (second % 60 === 0) expect(clockTime(when)).toBe(intlClock.format(when));
    }
    // Noon and midnight are 12, not 0.
    expect(clockTime(new Date(2026, 0, 1, 0, 5))).toBe('12:05 AM');
    expect(clockTime(new Date(2026, 0, 1, 12, 5))).toBe('12:05 PM');
  });

  it('writes short dates exactly as Intl en-US does, for every day from 1999 to 2100', () => {
    const intlShortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let day = new Date(1999, 0, 1, 12); day.getFullYear() <= 2100; day.setDate(day.getDate() + 1)) {
      expect(shortDate(day)).toBe(intlShortDate.format(day));
    }
    expect(shortDate(new Date(2026, 2, 5, 0, 0, 0))).toBe('Mar 5, 2026');
    expect(shortDate(new Date(2026, 2, 5, 23, 59, 59))).toBe('Mar 5, 2026');
    expect(() => shortDate('not a date')).toThrow(RangeError);
  });
});
