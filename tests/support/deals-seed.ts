// The deals section of supabase/seed.sql that tests rely on.
export const DEALS_SEED = {
  /** A second approved business in Lyons, for "only their own" checks. */
  otherMerchant: { ownerId: 'a0000000-0000-4000-8000-000000000011', email: 'market@paylocal.local', password: 'merchant12345', merchantId: 'b0000000-0000-4000-8000-000000000011' },
  longmontMerchantId: 'b0000000-0000-4000-8000-000000000013',
  rosaPercentDealId: 'd0000000-0000-4000-8000-000000000001',
  rosaAmountDealId: 'd0000000-0000-4000-8000-000000000002',
  rosaRetailDealId: 'd0000000-0000-4000-8000-000000000003',
  otherMerchantDealId: 'd0000000-0000-4000-8000-000000000011',
  longmontDealId: 'd0000000-0000-4000-8000-000000000021',
  /** Deals seeded in Lyons (Rosa's 3, St. Vrain Market 2, Redstone 1) and Longmont (3). */
  lyonsDealCount: 6,
  longmontDealCount: 3,
  memberRosaPoints: 250,
} as const;
