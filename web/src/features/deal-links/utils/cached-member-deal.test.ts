import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cachedMemberDeal } from './cached-member-deal';

const deal = (id: string) => ({
  id, title: `Deal ${id}`, description: 'D', merchantId: 'm', merchantName: 'Shop', merchantCategory: 'retail', merchantIsWomenOwned: false,
  category: 'retail-shopping', discountPercent: 10, discountAmount: null, currentCode: '123456', codeExpiresAt: '2026-11-23T10:00:00.000Z',
  usedCount: 0, maxUses: null, validTo: null,
});
const cover = (dealId: string, validUntil: string) => ({ dealId, validUntil, windowKeys: [{ window: 1, key: 'k' }], stepCodes: [] });

describe('cachedMemberDeal', () => {
  it('finds the deal in any cached page of a member list, with the longest cached cover of it', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/deals', 'city-a', 'all'], { pages: [{ deals: [deal('x')], nextCursor: 'c' }, { deals: [deal('y')], nextCursor: null }] });
    client.setQueryData(['/api/deals', 'offline-codes', 'city-a'], { issuedAt: 'now', deals: [cover('y', '2026-11-23T20:00:00.000Z')] });
    client.setQueryData(['/api/deals', 'offline-codes', 'city-b'], { issuedAt: 'now', deals: [cover('y', '2026-11-23T21:00:00.000Z'), cover('x', '2026-11-23T21:00:00.000Z')] });
    expect(cachedMemberDeal(client, 'y')).toEqual({ ...deal('y'), offlineCodes: cover('y', '2026-11-23T21:00:00.000Z') });
    expect(cachedMemberDeal(client, 'x')?.offlineCodes?.validUntil).toBe('2026-11-23T21:00:00.000Z');
  });

  it('gives nothing for a deal no list holds (a cover alone shows no deal), and a deal without a cover has none', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/deals', 'offline-codes', 'city-a'], { issuedAt: 'now', deals: [cover('z', '2026-11-23T20:00:00.000Z')] });
    client.setQueryData(['/api/deals/public'], [deal('z')]);
    expect(cachedMemberDeal(client, 'z')).toBeUndefined();
    client.setQueryData(['/api/deals', 'city-a', 'food-dining'], { pages: [{ deals: [deal('w')], nextCursor: null }] });
    expect(cachedMemberDeal(client, 'w')).toEqual({ ...deal('w'), offlineCodes: null });
  });
});
