// The member screen filters by a list of business categories (MEMBER_DEAL_FILTERS) while merchants
// tag deals from another list (MERCHANT_DEAL_CATEGORIES). A filter matches a deal when the
// business has that category, when the deal's own category corresponds to it, or, for
// "women-owned", when the business is women-owned. See docs/decisions/021-member-deal-filters.md.
import type { MEMBER_DEAL_FILTERS, MERCHANT_DEAL_CATEGORIES } from './constants.ts';

type MemberFilter = (typeof MEMBER_DEAL_FILTERS)[number];
type DealCategory = (typeof MERCHANT_DEAL_CATEGORIES)[number];

const dealCategoriesByFilter: Partial<Record<MemberFilter, DealCategory[]>> = {
  'food-dining': ['food-drink'],
  retail: ['retail-shopping'],
  services: ['services'],
  entertainment: ['arts-entertainment'],
  'health-wellness': ['health-wellness', 'personal-care-beauty'],
  'liquor-stores': ['liquor-stores'],
};

/** Deal categories that count as matches for a member filter (besides the business category). */
export function dealCategoriesForFilter(filter: MemberFilter): DealCategory[] {
  return dealCategoriesByFilter[filter] ?? [];
}

export interface FilterableDeal {
  category: string;
  merchantCategory: string;
  merchantIsWomenOwned: boolean;
}

/** The same rule the API's SQL applies, for the web and for tests. */
export function dealMatchesFilter(deal: FilterableDeal, filter: MemberFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'women-owned' && deal.merchantIsWomenOwned) return true;
  if (deal.merchantCategory === filter) return true;
  return (dealCategoriesForFilter(filter) as string[]).includes(deal.category);
}

/** Member search (docs/spec.md section 5): title, description or merchant name, case-insensitive. */
export function dealMatchesSearch(deal: { title: string; description: string; merchantName: string }, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [deal.title, deal.description, deal.merchantName].some((text) => text.toLowerCase().includes(needle));
}
