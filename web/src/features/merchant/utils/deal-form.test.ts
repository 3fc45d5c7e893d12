import { describe, expect, it } from 'vitest';
import type { MerchantDeal } from '@shared/contract/index.ts';
import { createPayload, emptyDealForm, formValuesOf, localDayEnd, localDayStart, updatePayload } from './deal-form';

const filled = { ...emptyDealForm, title: '  Burrito Day ', description: ' Any burrito ', discountPercent: '20' };

describe('createPayload', () => {
  it('trims and sends only the chosen discount kind and the set fields', () => {
    expect(createPayload(filled)).toEqual({ ok: true, payload: { title: 'Burrito Day', description: 'Any burrito', category: 'general', discountPercent: 20, perMemberLimit: 'day' } });
    const amount = createPayload({ ...filled, discountType: 'amount', discountAmount: '2.50', category: 'food-drink', maxUses: '10' });
    expect(amount).toEqual({ ok: true, payload: { title: 'Burrito Day', description: 'Any burrito', category: 'food-drink', discountAmount: 250, maxUses: 10, perMemberLimit: 'day' } });
  });

  it('gives the spec notices', () => {
    expect(createPayload({ ...filled, title: '   ' })).toEqual({ ok: false, notice: { title: 'Missing Information', description: 'Please fill in the deal title and description.' } });
    for (const discountPercent of ['0', '101', '12.5', '', 'abc']) {
      expect(createPayload({ ...filled, discountPercent })).toEqual({ ok: false, notice: { title: 'Invalid Discount', description: 'Please enter a valid discount percentage (1-100).' } });
    }
    for (const discountAmount of ['0', '0.004', '', '-1']) {
      expect(createPayload({ ...filled, discountType: 'amount', discountAmount })).toEqual({ ok: false, notice: { title: 'Invalid Discount', description: 'Please enter a valid discount amount.' } });
    }
    expect(createPayload({ ...filled, maxUses: '0' })).toMatchObject({ ok: false, notice: { title: 'Invalid Max Uses' } });
    expect(createPayload({ ...filled, validFrom: '2030-02-02', validTo: '2030-02-01' })).toMatchObject({ ok: false, notice: { title: 'Invalid Dates' } });
  });

  it('accepts $0.01 and converts dollars to cents by rounding', () => {
    expect(createPayload({ ...filled, discountType: 'amount', discountAmount: '0.01' })).toMatchObject({ ok: true, payload: { discountAmount: 1 } });
    expect(createPayload({ ...filled, discountType: 'amount', discountAmount: '19.999' })).toMatchObject({ ok: true, payload: { discountAmount: 2000 } });
  });

  it('turns dates into local day bounds', () => {
    const result = createPayload({ ...filled, validFrom: '2030-03-01', validTo: '2030-03-01' });
    expect(result).toMatchObject({ ok: true, payload: { validFrom: localDayStart('2030-03-01'), validTo: localDayEnd('2030-03-01') } });
    expect(new Date(localDayEnd('2030-03-01')).getTime() - new Date(localDayStart('2030-03-01')).getTime()).toBe(86_399_999);
  });
});

describe('updatePayload and formValuesOf', () => {
  const deal: MerchantDeal = {
    id: 'd1', title: 'Latte', description: 'Any size', discountPercent: null, discountAmount: 300, category: 'food-drink', active: true,
    currentCode: '123456', codeExpiresAt: null, validFrom: null, validTo: localDayEnd('2030-05-31'), maxUses: null, perMemberLimit: 'none', usedCount: 2,
    createdAt: '', updatedAt: '', rules: null, rulesText: 'No per-member limit', locationIds: [],
  };

  it('round-trips a stored deal and sends the unused kind as null', () => {
    const values = formValuesOf(deal);
    expect(values).toMatchObject({ discountType: 'amount', discountAmount: '3.00', validTo: '2030-05-31', maxUses: '' });
    expect(updatePayload({ ...values, discountType: 'percent', discountPercent: '15' })).toEqual({
      ok: true,
      payload: { title: 'Latte', description: 'Any size', discountPercent: 15, discountAmount: null, category: 'food-drink', maxUses: null, perMemberLimit: 'none', validFrom: null, validTo: localDayEnd('2030-05-31'), rules: null, locationIds: [] },
    });
  });

  it('sends the offer rules as the contract reads them, and round-trips them', () => {
    const values = { ...formValuesOf(deal), weekdays: [4, 1, 2, 3], startTime: '11:00', endTime: '15:00', minSpend: '20', excludedDates: '2026-12-25, 2026-12-24', rulesNote: ' Dine-in only ' };
    const result = updatePayload(values);
    const rules = { weekdays: [1, 2, 3, 4], startTime: '11:00', endTime: '15:00', minSpendCents: 2000, excludedDates: ['2026-12-24', '2026-12-25'], note: 'Dine-in only' };
    expect(result).toMatchObject({ ok: true, payload: { rules } });
    expect(formValuesOf({ ...deal, rules })).toMatchObject({ weekdays: [1, 2, 3, 4], minSpend: '20.00', excludedDates: '2026-12-24, 2026-12-25', rulesNote: 'Dine-in only' });
    expect(updatePayload({ ...values, endTime: '' })).toEqual({ ok: false, notice: { title: 'Invalid Offer Rules', description: 'The end time is required with the other end of the time window' } });
    expect(updatePayload({ ...values, minSpend: 'abc' })).toMatchObject({ ok: false, notice: { title: 'Invalid Minimum Spend' } });
  });
});
