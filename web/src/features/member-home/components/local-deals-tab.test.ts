import { describe, expect, it } from 'vitest';
import type { MemberDeal } from '@shared/contract/index.ts';
import { emptyDealsMessage, searchDeals } from './local-deals-tab';
import { distanceLabel } from './member-deal-card';

const deal = (title: string, merchantName: string, description = 'Nice'): MemberDeal => ({
  id: title, title, description, merchantId: 'm', merchantName, merchantCategory: 'food-dining', merchantIsWomenOwned: false,
  category: 'food-drink', discountPercent: 10, discountAmount: null, currentCode: '123456', codeExpiresAt: '', usedCount: 0, maxUses: null, validTo: null,
  rules: null, rulesText: 'Once a day per member',
});

describe('member deal list', () => {
  it('searches title, description and merchant name case-insensitively', () => {
    const deals = [deal('Latte', "Rosa's"), deal('Pizza', 'Main Street Pizza', 'Large pies'), deal('Yoga', 'Twin Peaks')];
    expect(searchDeals(deals, 'LATTE').map((d) => d.title)).toEqual(['Latte']);
    expect(searchDeals(deals, 'pies').map((d) => d.title)).toEqual(['Pizza']);
    expect(searchDeals(deals, 'twin').map((d) => d.title)).toEqual(['Yoga']);
    expect(searchDeals(deals, '')).toHaveLength(3);
  });

  it('picks the empty text: search, then category, then city', () => {
    expect(emptyDealsMessage(' sushi ', 'retail')).toBe('No deals found matching "sushi"');
    expect(emptyDealsMessage('', 'retail')).toBe('No deals available in this category');
    expect(emptyDealsMessage('', 'all')).toBe('No deals available in this city');
  });

  it('says when the now-filters leave nothing (decision 209)', () => {
    expect(emptyDealsMessage('', 'all', { openNow: true })).toBe('No deals open right now');
    expect(emptyDealsMessage('', 'retail', { validNow: true })).toBe('No deals valid right now in this category');
  });
});

describe('distanceLabel', () => {
  it('reads metres to the ten below a kilometre, then kilometres', () => {
    expect([3, 84, 950, 1234, 9_960, 14_400].map(distanceLabel)).toEqual(['10 m', '80 m', '950 m', '1.2 km', '10.0 km', '14 km']);
  });
});
