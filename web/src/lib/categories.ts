// Category labels and colours, one place for every screen: deal categories, the member's filters, business
// categories (and registration business types), and the collab search's filter list.
import type { DEAL_CATEGORIES, MEMBER_DEAL_FILTERS } from '@shared/constants.ts';

type DealCategory = (typeof DEAL_CATEGORIES)[number];
type MemberFilter = (typeof MEMBER_DEAL_FILTERS)[number];

const dealCategoryLabels: Record<DealCategory, string> = {
  general: 'General',
  'food-drink': 'Food & Drink',
  'liquor-stores': 'Liquor Stores',
  'health-wellness': 'Health & Wellness',
  'retail-shopping': 'Retail & Shopping',
  'arts-entertainment': 'Arts & Entertainment',
  'personal-care-beauty': 'Personal Care & Beauty',
  services: 'Services',
  'lifestyle-community': 'Lifestyle & Community',
};

export const dealCategoryLabel = (category: string) => dealCategoryLabels[category as DealCategory] ?? category;

const memberFilterLabels: Record<MemberFilter, string> = {
  all: 'All',
  'food-dining': 'Food & Dining',
  'coffee-tea': 'Coffee & Tea',
  retail: 'Retail',
  services: 'Services',
  entertainment: 'Entertainment',
  'health-wellness': 'Health & Wellness',
  'sauna-cold-plunge': 'Sauna & Cold Plunge',
  dispensaries: 'Dispensaries',
  'liquor-stores': 'Liquor Stores',
  'women-owned': 'Women Owned',
};

export const memberFilterLabel = (filter: MemberFilter) => memberFilterLabels[filter];

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

/** A slug's words capitalised and joined: ("food-dining", " & ") → "Food & Dining". The one title-casing. */
const titleWords = (slug: string, joiner: string) =>
  slug.split('-').filter(Boolean).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(joiner);

/**
 * Business categories and registration business types (BUSINESS_TYPES, docs/spec.md section 3) read like the
 * member filters of the same name, plus two of their own.
 */
const { all: _all, ...filterLabelsByCategory } = memberFilterLabels;
const CATEGORY_LABELS: Record<string, string> = { ...filterLabelsByCategory, food: 'Food & Dining', other: 'Other' };

/** A business category or business type as people read it; unknown values are title-cased. */
export function businessCategoryLabel(value: string | null): string | null {
  if (!value) return null;
  return CATEGORY_LABELS[value] ?? titleWords(value, ' ');
}

/** The collab search's category filter (docs/spec.md section 2): dashes turned into " & ", words capitalised (food-dining → Food & Dining). */
export const categoryFilterLabel = (category: string): string => titleWords(category, ' & ');
