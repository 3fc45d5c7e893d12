// The monthly value report's figures as people read them (decision 211): one label and one way of writing each, for
// the owner's screen, the admin's card and the CSV both download (written by @shared/csv.ts, decision 178).
import type { MonthlyFigures } from '@shared/contract/index.ts';
import { type CsvCell, toCsv } from '@shared/csv.ts';
import { isoMonth, monthBefore, monthName } from '@shared/iso-dates.ts';
import { centsAsDecimal, formatCents } from '@shared/money.ts';
import { formatCount } from './numbers';

export interface MonthlyFigureRow {
  key: string;
  label: string;
  /** What the figure counts, in a sentence. */
  hint: string;
  show: (f: MonthlyFigures) => string;
  csv: (f: MonthlyFigures) => CsvCell;
}

const NOT_KNOWN = '—';
const percent = (n: number | null) => (n === null ? NOT_KNOWN : `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`);

export const MONTHLY_FIGURE_ROWS: readonly MonthlyFigureRow[] = [
  { key: 'visits', label: 'Visits', hint: 'Member deals accepted at your counter, not undone and not flagged.', show: (f) => formatCount(f.visits), csv: (f) => f.visits },
  { key: 'members', label: 'Members who visited', hint: 'Each member once, however often they came.', show: (f) => formatCount(f.uniqueMembers), csv: (f) => f.uniqueMembers },
  { key: 'new-members', label: 'New to you', hint: 'Members on their first visit to your business.', show: (f) => formatCount(f.newMembers), csv: (f) => f.newMembers },
  { key: 'returning-members', label: 'Returning', hint: 'Members who had visited before this month.', show: (f) => formatCount(f.returningMembers), csv: (f) => f.returningMembers },
  { key: 'repeat-rate', label: 'Came back in the month', hint: 'Members with two visits or more, of all who visited.', show: (f) => percent(f.repeatRatePercent), csv: (f) => f.repeatRatePercent },
  {
    key: 'discounts', label: 'Discounts given',
    hint: 'From each deal\'s terms: the percent of the amount entered at the counter, or the fixed amount off.',
    show: (f) => `${formatCents(f.discountsCents)}${f.discountsNotKnown ? ` (${formatCount(f.discountsNotKnown)} without an amount, not counted)` : ''}`,
    csv: (f) => centsAsDecimal(f.discountsCents),
  },
  { key: 'discounts-not-known', label: 'Percent discounts without an amount', hint: 'Visits where no purchase amount was entered, so the discount is not known.', show: (f) => formatCount(f.discountsNotKnown), csv: (f) => f.discountsNotKnown },
  { key: 'spend', label: 'Member spend recorded', hint: 'Purchase amounts entered at your counter.', show: (f) => formatCents(f.spendCents), csv: (f) => centsAsDecimal(f.spendCents) },
  { key: 'net', label: 'Estimated net', hint: 'Member spend recorded, less the discounts given.', show: (f) => formatCents(f.netCents), csv: (f) => centsAsDecimal(f.netCents) },
  { key: 'followers-gained', label: 'New followers', hint: 'Members who started following your business.', show: (f) => (f.followersGained === null ? NOT_KNOWN : formatCount(f.followersGained)), csv: (f) => f.followersGained },
  { key: 'followers-lost', label: 'Followers lost', hint: 'Members who stopped following.', show: (f) => (f.followersLost === null ? NOT_KNOWN : formatCount(f.followersLost)), csv: (f) => f.followersLost },
  {
    key: 'rating', label: 'Average rating', hint: 'Reviews written in the month (hidden ones left out).',
    show: (f) => (f.ratingAverage === null ? 'No reviews' : `${f.ratingAverage.toFixed(1)} of 5 (${formatCount(f.ratingCount)} ${f.ratingCount === 1 ? 'review' : 'reviews'})`),
    csv: (f) => f.ratingAverage,
  },
  { key: 'rating-count', label: 'Reviews', hint: 'Reviews written in the month.', show: (f) => formatCount(f.ratingCount), csv: (f) => f.ratingCount },
  { key: 'upheld-reports', label: 'Upheld "offer not honoured" reports', hint: 'Members\' reports the admin upheld in the month.', show: (f) => formatCount(f.upheldReports), csv: (f) => f.upheldReports },
];

/** The rows the screens show (the two counts the CSV keeps apart are written within other rows there). */
export const SHOWN_FIGURE_ROWS = MONTHLY_FIGURE_ROWS.filter((row) => row.key !== 'discounts-not-known' && row.key !== 'rating-count');

/** The report as CSV: one row per figure, the month and the one before; money in dollars, empty where not known. */
export function monthlyFiguresCsv(p: { month: string; previousMonth: string; figures: MonthlyFigures; previous: MonthlyFigures }): string {
  const header: CsvCell[] = ['Figure', monthName(p.month), monthName(p.previousMonth)];
  return toCsv([header, ...MONTHLY_FIGURE_ROWS.map((row): CsvCell[] => [row.label, row.csv(p.figures), row.csv(p.previous)])]);
}

/** The month pickers' choices: this month and the 23 before it, newest first, plus `shown` when older. */
export function pickerMonths(shown?: string): string[] {
  const months = [isoMonth(new Date())];
  while (months.length < 24) months.push(monthBefore(months.at(-1)!));
  if (shown && !months.includes(shown)) months.push(shown);
  return months;
}
