import type { PlatformInsights } from '@shared/contract/index.ts';
import { centsToDollars, type CsvCell, toCsv } from '@/lib/csv';

/** The platform picture as CSV, one row per UTC month; money in dollars. */
export function platformInsightsCsv(insights: PlatformInsights): string {
  const header: CsvCell[] = ['Month (UTC)', 'Signups', 'Active memberships', 'Payment volume (USD)', 'Charity share (USD)'];
  const rows = insights.months.map((month, i): CsvCell[] => [
    month, insights.signups[i] ?? 0, insights.activeMemberships[i] ?? 0,
    centsToDollars(insights.paymentVolumeCents[i] ?? 0), centsToDollars(insights.charityShareCents[i] ?? 0),
  ]);
  return toCsv([header, ...rows]);
}
