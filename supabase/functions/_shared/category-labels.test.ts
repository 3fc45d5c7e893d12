import { describe, expect, it } from 'vitest';
import { BUSINESS_CATEGORIES, BUSINESS_TYPES, DEAL_CATEGORIES, MEMBER_DEAL_FILTERS } from './constants.ts';
import { CATEGORY_LABELS, categoryLabel, dealCategoriesForFilter } from './deal-filters.ts';

const everyList = { BUSINESS_CATEGORIES, BUSINESS_TYPES, DEAL_CATEGORIES, MEMBER_DEAL_FILTERS };
const everySlug = [...new Set(Object.values(everyList).flat())];

describe('category labels (decision 205)', () => {
  it.each(everySlug)('labels %j as a person writes it', (slug) => {
    const label = (CATEGORY_LABELS as Record<string, string | undefined>)[slug];
    expect(label, `no label for ${slug}`).toBeTruthy();
    expect(label).not.toBe(slug);
    // Not a slug, nor the old mechanical "dashes into ' & '" words ("Sauna & Cold & Plunge", "Women & Owned").
    expect(label).not.toMatch(/[a-z]-[a-z]|_/);
    expect(label).toMatch(/^[A-Z]/);
    expect(label!.split(' & ').length, `${label} joins more than two words with "&"`).toBeLessThanOrEqual(2);
    expect(label).not.toMatch(/^(Liquor & Stores|Women & Owned|Women Owned)$/);
  });

  it('gives a member filter chip the same words as the deal categories it keeps', () => {
    for (const filter of MEMBER_DEAL_FILTERS) {
      const kept = dealCategoriesForFilter(filter).filter((category) => category !== 'personal-care-beauty');
      for (const category of kept) expect(categoryLabel(filter), `${filter} vs ${category}`).toBe(categoryLabel(category));
    }
    expect(categoryLabel('food-dining')).toBe('Food & Drink');
    expect(categoryLabel('retail')).toBe('Retail & Shopping');
    expect(categoryLabel('food')).toBe(categoryLabel('food-dining'));
  });

  it('spaces and capitalises a value outside the lists rather than showing its slug', () => {
    expect(categoryLabel('new-kind-of_shop')).toBe('New Kind Of Shop');
    expect(categoryLabel('')).toBe('');
  });
});
