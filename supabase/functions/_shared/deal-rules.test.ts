import { describe, expect, it } from 'vitest';
import { dealRuleViolation, dollarsToCents, pointsForPurchase } from './deal-rules.ts';

const base = { discountPercent: 10, discountAmount: null, validFrom: null, validTo: null, maxUses: null, usedCount: 0 };

describe('dealRuleViolation', () => {
  it('accepts exactly one discount kind', () => {
    expect(dealRuleViolation(base)).toBeNull();
    expect(dealRuleViolation({ ...base, discountPercent: null, discountAmount: 500 })).toBeNull();
    expect(dealRuleViolation({ ...base, discountPercent: null })).toMatch(/is required/);
    expect(dealRuleViolation({ ...base, discountAmount: 500 })).toMatch(/cannot both be set/);
  });

  it('refuses validTo before validFrom, accepts equal or open ends', () => {
    const from = new Date('2026-12-01T00:00:00Z');
    expect(dealRuleViolation({ ...base, validFrom: from, validTo: new Date('2026-11-30T23:59:59Z') })).toBe('The last day must not be before the first day');
    expect(dealRuleViolation({ ...base, validFrom: from, validTo: from })).toBeNull();
    expect(dealRuleViolation({ ...base, validFrom: from })).toBeNull();
  });

  it('refuses maxUses below the uses already recorded', () => {
    expect(dealRuleViolation({ ...base, maxUses: 3, usedCount: 4 })).toMatch(/^The maximum number of uses cannot be less than the 4 uses/);
    expect(dealRuleViolation({ ...base, maxUses: 4, usedCount: 4 })).toBeNull();
  });
});

describe('money', () => {
  it('converts dollars to cents by multiplying by 100 and rounding', () => {
    expect(dollarsToCents(0.01)).toBe(1);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(1.005)).toBe(100); // binary floating point: 100.49999...
    expect(dollarsToCents(2.5)).toBe(250);
  });

  it('earns floor(amount x rate / 10000) points', () => {
    expect(pointsForPurchase(1000, 500)).toBe(50);
    expect(pointsForPurchase(1999, 500)).toBe(99); // 99.95 rounds down
    expect(pointsForPurchase(19, 500)).toBe(0);
    expect(pointsForPurchase(10_000_000, 10_000)).toBe(10_000_000);
  });
});
