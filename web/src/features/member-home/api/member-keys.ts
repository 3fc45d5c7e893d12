import type { MEMBER_DEAL_FILTERS } from '@shared/constants.ts';

export type MemberFilter = (typeof MEMBER_DEAL_FILTERS)[number];

/** Query keys of the member home. The city and category are part of the deals key (docs/spec.md section 7). */
export const memberKeys = {
  deals: (cityId: string, category: MemberFilter) => ['/api/deals', cityId, category] as const,
  allDeals: ['/api/deals'] as const,
  points: ['/api/member/points'] as const,
  passCertificate: ['/api/member/pass-certificate'] as const,
  /** Under the deals key, so whatever refreshes the deals refreshes the offline cover too. */
  offlineCodes: (cityId: string) => ['/api/deals', 'offline-codes', cityId] as const,
};
