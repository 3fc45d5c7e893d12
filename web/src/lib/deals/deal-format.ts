// Display rules for deals shared by the merchant, member and public screens.
import type { DEAL_CATEGORIES, MEMBER_DEAL_FILTERS } from '@shared/constants.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars on screen: 300 -> "$3.00". */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** "20% OFF" or "$3.00 OFF". */
export function discountLabel(deal: { discountPercent: number | null; discountAmount: number | null }): string {
  if (deal.discountPercent !== null) return `${deal.discountPercent}% OFF`;
  if (deal.discountAmount !== null) return `${formatCents(deal.discountAmount)} OFF`;
  return '';
}

/** Time left until `expiresAtMs` as mm:ss ("01:59"), or "Expired" once past. */
export function countdownLabel(expiresAtMs: number, nowMs: number): string {
  const left = Math.ceil((expiresAtMs - nowMs) / 1000);
  if (left <= 0) return 'Expired';
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** "12 used" or "12 / 50 used". */
export function usageLabel(deal: { usedCount: number; maxUses: number | null }): string {
  return deal.maxUses === null ? `${deal.usedCount} used` : `${deal.usedCount} / ${deal.maxUses} used`;
}

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
