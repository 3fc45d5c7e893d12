import type { MerchantInsights } from '@shared/contract/index.ts';
import { type CsvCell, toCsv } from '@shared/csv.ts';

/**
 * The merchant screen's figures as CSV, one row per UTC day: the accepted codes of each deal (a column per
 * deal, headed by its title), points earned and redeemed, new followers and followers.
 */
export function merchantInsightsCsv(insights: MerchantInsights): string {
  const header: CsvCell[] = [
    'Date (UTC)', ...insights.deals.map((deal) => deal.title),
    'Points earned', 'Points redeemed', 'New followers', 'Followers',
  ];
  const rows = insights.dates.map((date, i): CsvCell[] => [
    date, ...insights.deals.map((deal) => deal.redemptions[i] ?? 0),
    insights.points.earned[i] ?? 0, insights.points.redeemed[i] ?? 0, insights.followers.new[i] ?? 0, insights.followers.total[i] ?? 0,
  ]);
  return toCsv([header, ...rows]);
}
