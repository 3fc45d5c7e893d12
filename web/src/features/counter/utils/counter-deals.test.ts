import { describe, expect, it } from 'vitest';
import type { MerchantDeal, OfflineCodesAnswer } from '@shared/contract/index.ts';
import { liveCounterDeals } from './counter-deals';

const deal = (id: string, active: boolean, currentCode: string | null) => ({ id, active, currentCode }) as MerchantDeal;
const cover = { deals: [{ dealId: 'b', validUntil: '', windowKeys: [], stepCodes: [] }] } as unknown as OfflineCodesAnswer;

describe('liveCounterDeals', () => {
  it('keeps active deals with a code or an offline cover, paired with their cover', () => {
    const result = liveCounterDeals([deal('a', true, '123456'), deal('b', true, null), deal('c', true, null), deal('d', false, '654321')], cover);
    expect(result.map((r) => [r.deal.id, Boolean(r.cover)])).toEqual([['a', false], ['b', true]]);
  });
  it('copes with nothing loaded yet', () => {
    expect(liveCounterDeals(undefined, undefined)).toEqual([]);
  });
});
