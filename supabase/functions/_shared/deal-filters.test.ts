import { describe, expect, it } from 'vitest';
import { dealCategoriesForFilter, dealMatchesFilter, dealMatchesSearch } from './deal-filters.ts';

const cafeDeal = { category: 'food-drink', merchantCategory: 'coffee-tea', merchantIsWomenOwned: true };

describe('member deal filters', () => {
  it('matches by business category, by corresponding deal category, or women-owned', () => {
    expect(dealMatchesFilter(cafeDeal, 'all')).toBe(true);
    expect(dealMatchesFilter(cafeDeal, 'coffee-tea')).toBe(true);
    expect(dealMatchesFilter(cafeDeal, 'food-dining')).toBe(true);
    expect(dealMatchesFilter(cafeDeal, 'women-owned')).toBe(true);
    expect(dealMatchesFilter(cafeDeal, 'retail')).toBe(false);
    expect(dealMatchesFilter({ ...cafeDeal, merchantIsWomenOwned: false }, 'women-owned')).toBe(false);
  });

  it('maps deal categories that have a member filter and none for the rest', () => {
    expect(dealCategoriesForFilter('health-wellness')).toEqual(['health-wellness', 'personal-care-beauty']);
    expect(dealCategoriesForFilter('dispensaries')).toEqual([]);
  });
});

describe('member search', () => {
  const deal = { title: 'Free Latte', description: 'With any pastry', merchantName: "Rosa's River Cafe" };
  it('matches title, description or merchant name, case-insensitively', () => {
    expect(dealMatchesSearch(deal, 'latte')).toBe(true);
    expect(dealMatchesSearch(deal, 'PASTRY')).toBe(true);
    expect(dealMatchesSearch(deal, 'river')).toBe(true);
    expect(dealMatchesSearch(deal, '  ')).toBe(true);
    expect(dealMatchesSearch(deal, 'pizza')).toBe(false);
  });
});
