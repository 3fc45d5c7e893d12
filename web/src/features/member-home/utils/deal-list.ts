import type { MemberDeal } from '@shared/contract/index.ts';
import { dealMatchesSearch } from '@shared/deal-filters.ts';

/** Member search (docs/spec.md section 5) over the loaded list: title, description or merchant name. */
export const searchDeals = (deals: readonly MemberDeal[], term: string) => deals.filter((deal) => dealMatchesSearch(deal, term));

/** The spec's empty texts, most specific first. */
export function emptyDealsMessage(search: string, category: string): string {
  const term = search.trim();
  if (term) return `No deals found matching "${term}"`;
  if (category !== 'all') return 'No deals available in this category';
  return 'No deals available in this city';
}
