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

  it.each([
    [0, '02:00'], [1, '02:00'], [61_000, '00:59'], [119_001, '00:01'], [120_000, 'Expired'], [500_000, 'Expired'],
  ])('counts down as mm:ss and says Expired once past: a code ending at 120 s shows %j ms in: %j', (now, label) => {
    expect(countdownLabel(120_000, now)).toBe(label);
  });

  it('shows usage with max uses only when set', () => {
    expect(usageLabel({ usedCount: 3, maxUses: null })).toBe('3 used');
    expect(usageLabel({ usedCount: 3, maxUses: 10 })).toBe('3 / 10 used');
  });

  it("tells a member how often a deal was used, one time or several, and its maximum when set", () => {
    expect(memberUsageLabel({ usedCount: 1, maxUses: null })).toBe('Used 1 time');
    expect(memberUsageLabel({ usedCount: 0, maxUses: 5 })).toBe('Used 0 times · Max 5 uses');
  });

  it('labels categories', () => {
    expect(dealCategoryLabel('food-drink')).toBe('Food & Drink');
    expect(dealCategoryLabel('unknown-thing')).toBe('Unknown Thing');
  });

  it.each([
    ['food-drink', 'food'], ['retail-shopping', 'retail'], ['services', 'services'], ['arts-entertainment', 'entertainment'],
    ['health-wellness', 'health'], ['general', 'neutral'],
  ])('colours the category %j as %j', (category, tone) => {
    expect(categoryTone(category)).toBe(tone);
  });
});
