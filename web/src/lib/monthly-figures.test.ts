import { describe, expect, it } from 'vitest';
import type { MonthlyFigures } from '@shared/contract/index.ts';
import { MONTHLY_FIGURE_ROWS, monthlyFiguresCsv, pickerMonths } from './monthly-figures';

const march: MonthlyFigures = {
  visits: 4, uniqueMembers: 3, newMembers: 2, returningMembers: 1, repeatMembers: 1, repeatRatePercent: 33.3,
  discountsCents: 1000, discountsNotKnown: 1, spendCents: 3900, netCents: 2900,
  followersGained: null, followersLost: null, ratingCount: 2, ratingAverage: 3.5, upheldReports: 2,
};
const february: MonthlyFigures = { ...march, visits: 2, repeatRatePercent: null, discountsNotKnown: 0, ratingAverage: null, ratingCount: 0 };

describe('monthlyFiguresCsv', () => {
  it('writes one row per figure, the month and the one before, dollars and empty cells where not known', () => {
    const lines = monthlyFiguresCsv({ month: '2026-03', previousMonth: '2026-02', figures: march, previous: february }).split('\r\n');
    expect(lines[0]).toBe('Figure,March 2026,February 2026');
    expect(lines).toContain('Visits,4,2');
    expect(lines).toContain('Came back in the month,33.3,');
    expect(lines).toContain('Discounts given,10.00,10.00');
    expect(lines).toContain('Estimated net,29.00,29.00');
    expect(lines).toContain('New followers,,');
    expect(lines).toContain('Average rating,3.5,');
    expect(lines).toContain('"Upheld ""offer not honoured"" reports",2,2');
    expect(lines).toHaveLength(MONTHLY_FIGURE_ROWS.length + 2);
  });

  it('says on screen when a percent discount had no amount', () => {
    const discounts = MONTHLY_FIGURE_ROWS.find((row) => row.key === 'discounts')!;
    expect(discounts.show(march)).toBe('$10.00 (1 without an amount, not counted)');
    expect(discounts.show(february)).toBe('$10.00');
  });
});

describe('pickerMonths', () => {
  it('offers this month and the 23 before it, and an older month when one is shown', () => {
    const months = pickerMonths();
    expect(months).toHaveLength(24);
    expect(months[0]).toBe(new Date().toISOString().slice(0, 7));
    expect(new Set(months).size).toBe(24);
    expect(pickerMonths('2001-05').at(-1)).toBe('2001-05');
  });
});
