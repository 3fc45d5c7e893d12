import type { PlatformInsights } from '@shared/contract/index.ts';
import { type CsvCell, toCsv } from '@shared/csv.ts';
import { centsAsDecimal } from '@shared/money.ts';

/** The platform picture as CSV, one row per UTC month; money in dollars. */
export function platformInsightsCsv(insights: PlatformInsights): string {
  const header: CsvCell[] = ['Month (UTC)', 'Signups', 'Active memberships', 'Membership payments (USD)', 'Charity share (USD)'];
  const rows = insights.months.map((month, i): CsvCell[] => [
    month, insights.signups[i] ?? 0, insights.activeMemberships[i] ?? 0,
    centsAsDecimal(insights.paymentVolumeCents[i] ?? 0), centsAsDecimal(insights.charityShareCents[i] ?? 0),
  ]);
  return toCsv([header, ...rows]);
}
