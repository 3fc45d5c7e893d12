// Every category slug as people read it, one label per meaning (decision 205): the member's filter chips, the deal
// cards and the deal form, the collab search, the sign-up business types, the admin's tables and any file the API
// writes all read this map, so a chip and the card it filters say the same words.
import type { BUSINESS_CATEGORIES, BUSINESS_TYPES, DEAL_CATEGORIES, MEMBER_DEAL_FILTERS } from './constants.ts';

export type CategorySlug =
  | (typeof BUSINESS_CATEGORIES)[number]
  | (typeof BUSINESS_TYPES)[number]
  | (typeof DEAL_CATEGORIES)[number]
  | (typeof MEMBER_DEAL_FILTERS)[number];

// Slugs that mean the same thing (the filter "food-dining" matches deals tagged "food-drink", deal-filters.ts)
// share a label.
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
