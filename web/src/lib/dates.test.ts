import { describe, expect, it } from 'vitest';
import { calendarDay, clockTime, clockTimeWithSeconds, dateAndTime24, dayAndTime, shortDate } from './dates';

describe('dates on screen', () => {
  it('formats one moment in each shape, from a Date, a number or an ISO string', () => {
    const when = new Date(2026, 2, 5, 15, 7, 9);
    expect(shortDate(when)).toBe('Mar 5, 2026');
    expect(shortDate(when.toISOString())).toBe('Mar 5, 2026');
    expect(clockTime(when.getTime())).toBe('3:07 PM');
    expect(clockTimeWithSeconds(when)).toBe('3:07:09 PM');
    expect(dayAndTime(when)).toBe('Mar 5, 3:07 PM');
    expect(dateAndTime24(when)).toBe('Mar 5, 2026 15:07');
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

  it('writes the spec\'s notification time (MMM d, h:mm a) and dates by hand, as date-fns did (decision 178)', () => {
    // Local times, so the test holds in any time zone.
    const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();
    expect(dayAndTime(local(2026, 3, 5, 15, 7))).toBe('Mar 5, 3:07 PM');
    expect(dayAndTime(local(2026, 11, 22, 0, 5))).toBe('Nov 22, 12:05 AM');
    expect(shortDate(local(2026, 3, 5, 23, 59))).toBe('Mar 5, 2026');
    expect(dateAndTime24(new Date(2026, 0, 9, 7, 5))).toBe('Jan 9, 2026 07:05');
    expect(() => dayAndTime('not a date')).toThrow(RangeError);
  });

  it('reads a calendar day as that day in any time zone', () => {
    expect(calendarDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(calendarDay('2026-12-31')).toBe('Dec 31, 2026');
    expect(calendarDay(new Date(2026, 2, 5, 12).toISOString())).toBe('Mar 5, 2026');
  });
});
