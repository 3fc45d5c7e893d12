import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '@shared/constants.ts';
import { businessCategoryLabel, categoryFilterLabel } from './categories';

describe('categoryFilterLabel', () => {
  it('turns dashes into " & " and capitalises words', () => {
    expect(categoryFilterLabel('food-dining')).toBe('Food & Dining');
    expect(categoryFilterLabel('coffee-tea')).toBe('Coffee & Tea');
    expect(categoryFilterLabel('sauna-cold-plunge')).toBe('Sauna & Cold & Plunge');
    expect(categoryFilterLabel('other')).toBe('Other');
    expect(categoryFilterLabel('')).toBe('');
  });
});

describe('businessCategoryLabel', () => {
  it('labels every registration business type as the sign-up form always has (one label map, decision 178)', () => {
    expect(BUSINESS_TYPES.map(businessCategoryLabel)).toEqual([
      'Food & Dining', 'Retail', 'Services', 'Entertainment', 'Health & Wellness', 'Sauna & Cold Plunge', 'Dispensaries', 'Liquor Stores',
    ]);
    expect(businessCategoryLabel('new-kind-of-shop')).toBe('New Kind Of Shop');
    expect(businessCategoryLabel(null)).toBeNull();
  });
});
