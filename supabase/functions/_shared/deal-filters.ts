// The member screen filters by a list of business categories (MEMBER_DEAL_FILTERS) while merchants
// tag deals from another list (MERCHANT_DEAL_CATEGORIES). A filter matches a deal when the
// business has that category, when the deal's own category corresponds to it, or, for
// "women-owned", when the business is women-owned. See docs/decisions/021-member-deal-filters.md.
import type {
  BUSINESS_CATEGORIES, BUSINESS_TYPES, DEAL_CATEGORIES, MEMBER_DEAL_FILTERS, MERCHANT_DEAL_CATEGORIES,
} from './constants.ts';

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

export type CategorySlug =
  | (typeof BUSINESS_CATEGORIES)[number]
  | (typeof BUSINESS_TYPES)[number]
  | (typeof DEAL_CATEGORIES)[number]
  | (typeof MEMBER_DEAL_FILTERS)[number];

/**
 * Every category slug as people read it, one label per meaning (decision 205): the member's filter chips, the deal
 * cards and form, the collab search, the sign-up business types, the admin's tables and any file the API writes all
 * read this map (here with the rule that ties the lists together, a module the deal list's path loads anyway). Slugs that mean the same
 * thing (the filter "food-dining" keeps deals tagged "food-drink", deal-filters.ts) share a label.
 */
export const CATEGORY_LABELS: Record<CategorySlug, string> = {
  all: 'All',
  general: 'General',
  food: 'Food & Drink',
  'food-dining': 'Food & Drink',
  'food-drink': 'Food & Drink',
  'coffee-tea': 'Coffee & Tea',
  retail: 'Retail & Shopping',
  'retail-shopping': 'Retail & Shopping',
  services: 'Services',
  entertainment: 'Arts & Entertainment',
  'arts-entertainment': 'Arts & Entertainment',
  'health-wellness': 'Health & Wellness',
  'personal-care-beauty': 'Personal Care & Beauty',
  'sauna-cold-plunge': 'Sauna & Cold Plunge',
  dispensaries: 'Dispensaries',
  'liquor-stores': 'Liquor Stores',
  'women-owned': 'Women-Owned',
  'lifestyle-community': 'Lifestyle & Community',
  other: 'Other',
};

/**
 * A category as people read it. A value outside the lists (a business registered before a list changed) has its
 * words capitalised and spaced, so no slug reaches a screen or a file.
 */
export function categoryLabel(value: string): string {
  const known = (CATEGORY_LABELS as Record<string, string>)[value];
  if (known) return known;
  return value.split(/[-_]/).filter(Boolean).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
