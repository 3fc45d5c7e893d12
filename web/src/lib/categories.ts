// Category colours and the label helpers every screen uses (deal categories, the member's filters, business
// categories and registration business types, the collab search); the words themselves are CATEGORY_LABELS in @shared/deal-filters.ts.
import type { MEMBER_DEAL_FILTERS } from '@shared/constants.ts';
import { categoryLabel } from '@shared/deal-filters.ts';

type MemberFilter = (typeof MEMBER_DEAL_FILTERS)[number];

/** A deal's category (the card's badge, the deal form's choices): the one label map, decision 205. */
export const dealCategoryLabel = (category: string) => categoryLabel(category);

/** A member filter chip: the same words as the cards it keeps. */
export const memberFilterLabel = (filter: MemberFilter) => categoryLabel(filter);

/**
 * docs/spec.md section 2: a colour per category (food, retail, services, entertainment, health). Deal
 * categories map onto those five families; anything else is neutral.
 */
export type CategoryTone = 'food' | 'retail' | 'services' | 'entertainment' | 'health' | 'neutral';

const toneByCategory: Record<string, CategoryTone> = {
  'food-drink': 'food',
  'liquor-stores': 'food',
  'retail-shopping': 'retail',
  services: 'services',
  'personal-care-beauty': 'health',
  'health-wellness': 'health',
  'arts-entertainment': 'entertainment',
  'lifestyle-community': 'entertainment',
};

export const categoryTone = (category: string): CategoryTone => toneByCategory[category] ?? 'neutral';

/** Tailwind classes of each tone: a badge and a card's top edge. */
export const toneClasses: Record<CategoryTone, { badge: string; edge: string }> = {
  food: { badge: 'bg-orange-100 text-orange-900', edge: 'border-t-orange-500' },
  retail: { badge: 'bg-sky-100 text-sky-900', edge: 'border-t-sky-500' },
  services: { badge: 'bg-violet-100 text-violet-900', edge: 'border-t-violet-500' },
  entertainment: { badge: 'bg-pink-100 text-pink-900', edge: 'border-t-pink-500' },
  health: { badge: 'bg-emerald-100 text-emerald-900', edge: 'border-t-emerald-500' },
  neutral: { badge: 'bg-stone-100 text-stone-800', edge: 'border-t-stone-400' },
};

/** A business category or registration business type as people read it (null when the business has none). */
export function businessCategoryLabel(value: string | null): string | null {
  return value ? categoryLabel(value) : null;
}

/** The collab search's category filter and cards (docs/spec.md section 2): the one label map, decision 205. */
export const categoryFilterLabel = (category: string): string => categoryLabel(category);
