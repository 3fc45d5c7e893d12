import { describe, expect, it } from 'vitest';
import { categoryTone, dealCategoryLabel } from '@/lib/categories';
import { formatCents } from '@shared/money.ts';
import { countdownLabel, discountLabel, memberUsageLabel, usageLabel } from './deal-format';

describe('deal display', () => {
  it('shows percent or amount discounts', () => {
    expect(discountLabel({ discountPercent: 20, discountAmount: null })).toBe('20% OFF');
    expect(discountLabel({ discountPercent: null, discountAmount: 300 })).toBe('$3.00 OFF');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(123456)).toBe('$1,234.56');
  });

  it('counts down as mm:ss and says Expired once past', () => {
    expect(countdownLabel(120_000, 0)).toBe('02:00');
    expect(countdownLabel(120_000, 1)).toBe('02:00');
    expect(countdownLabel(120_000, 61_000)).toBe('00:59');
    expect(countdownLabel(120_000, 119_001)).toBe('00:01');
    expect(countdownLabel(120_000, 120_000)).toBe('Expired');
    expect(countdownLabel(120_000, 500_000)).toBe('Expired');
  });

  it('shows usage with max uses only when set', () => {
    expect(usageLabel({ usedCount: 3, maxUses: null })).toBe('3 used');
    expect(usageLabel({ usedCount: 3, maxUses: 10 })).toBe('3 / 10 used');
  });

  it("tells a member how often a deal was used, one time or several, and its maximum when set", () => {
    expect(memberUsageLabel({ usedCount: 1, maxUses: null })).toBe('Used 1 time');
    expect(memberUsageLabel({ usedCount: 0, maxUses: 5 })).toBe('Used 0 times · Max 5 uses');
  });

  it('labels and colours categories', () => {
    expect(dealCategoryLabel('food-drink')).toBe('Food & Drink');
    expect(dealCategoryLabel('unknown-thing')).toBe('unknown-thing');
    expect(categoryTone('food-drink')).toBe('food');
    expect(categoryTone('retail-shopping')).toBe('retail');
    expect(categoryTone('services')).toBe('services');
    expect(categoryTone('arts-entertainment')).toBe('entertainment');
    expect(categoryTone('health-wellness')).toBe('health');
    expect(categoryTone('general')).toBe('neutral');
  });
});
