import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '@shared/constants.ts';
import { businessCategoryLabel, categoryFilterLabel } from './categories';

describe('categoryFilterLabel', () => {
  it.each([
    ['food-dining', 'Food & Dining'], ['coffee-tea', 'Coffee & Tea'], ['sauna-cold-plunge', 'Sauna & Cold & Plunge'], ['other', 'Other'], ['', ''],
  ])('turns dashes into " & " and capitalises words: %j → %j', (category, label) => {
    expect(categoryFilterLabel(category)).toBe(label);
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
