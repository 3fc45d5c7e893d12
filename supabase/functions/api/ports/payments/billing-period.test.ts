import { describe, expect, it } from 'vitest';
import { periodEnd } from './billing-period.ts';

const at = (iso: string) => new Date(iso);

describe('periodEnd', () => {
  it('adds a calendar month for monthly, keeping the time of day', () => {
    expect(periodEnd(at('2026-03-15T10:30:00Z'), 'monthly').toISOString()).toBe('2026-04-15T10:30:00.000Z');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(periodEnd(at('2026-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(periodEnd(at('2028-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
  it('adds a year for yearly, 3 days for weekend and 7 days for weekly', () => {
    expect(periodEnd(at('2026-12-31T23:00:00Z'), 'yearly').toISOString()).toBe('2027-12-31T23:00:00.000Z');
    expect(periodEnd(at('2026-05-01T12:00:00Z'), 'weekend').toISOString()).toBe('2026-05-04T12:00:00.000Z');
    expect(periodEnd(at('2026-05-01T12:00:00Z'), 'weekly').toISOString()).toBe('2026-05-08T12:00:00.000Z');
  });
});
