import { describe, expect, it } from 'vitest';
import type { MerchantInsights } from '@shared/contract/index.ts';
import { merchantInsightsCsv } from './insights-csv';

const insights: MerchantInsights = {
  days: 30,
  timeZone: 'UTC',
  dates: ['2026-11-22', '2026-11-23'],
  deals: [
    { dealId: 'a', title: '=HYPERLINK("http://x")', redemptions: [0, 2], total: 2 },
    { dealId: 'b', title: 'Coffee, any size', redemptions: [1, 0], total: 1 },
  ],
  bestDeals: [],
  points: { earned: [250, 0], redeemed: [0, 50], totalEarned: 250, totalRedeemed: 50 },
  followers: { total: [3, 4], new: [0, 1] },
};

describe('merchantInsightsCsv', () => {
  it('writes one row per day with a column per deal, quoted and defused', () => {
    expect(merchantInsightsCsv(insights).split('\r\n')).toEqual([
      `Date (UTC),"'=HYPERLINK(""http://x"")","Coffee, any size",Points earned,Points redeemed,New followers,Followers`,
      '2026-11-22,0,1,250,0,0,3',
      '2026-11-23,2,0,0,50,1,4',
      '',
    ]);
  });
});
