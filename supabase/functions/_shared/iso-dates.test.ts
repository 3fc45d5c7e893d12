import { describe, expect, it } from 'vitest';
import { isoDay, isoMonth } from './iso-dates.ts';

describe('ISO days and months (UTC)', () => {
  it('writes the UTC day and month of a Date', () => {
    expect(isoDay(new Date('2026-11-28T06:33:03Z'))).toBe('2026-11-28');
    expect(isoMonth(new Date('2026-11-28T06:33:03Z'))).toBe('2026-11');
  });

  it('reads text timestamps, and counts in UTC, not the offset the text was written in', () => {
    // 23:30 in Denver on Nov 30 is Dec 1 in UTC.
    expect(isoDay('2026-11-30T23:30:00-07:00')).toBe('2026-12-01');
    expect(isoMonth('2026-11-30T23:30:00-07:00')).toBe('2026-12');
    expect(isoDay('2026-02-03 04:05:06+00')).toBe('2026-02-03');
  });
});
