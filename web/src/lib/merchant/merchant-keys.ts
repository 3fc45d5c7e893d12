import type { MemberNumber } from '@shared/contract/index.ts';

/** Query keys of the merchant screens; they are API paths, so the default query function reads them. */
export const merchantKeys = {
  me: ['/api/merchant/me'] as const,
  deals: ['/api/merchant/deals'] as const,
  /** Under the deals key, so refreshing the deals refreshes the offline cover too. */
  offlineCodes: ['/api/merchant/deals', 'offline-codes'] as const,
  /** The platform's public pass keys, kept for checking member passes offline (decision 165). */
  passKeys: ['/api/merchant/pass-keys'] as const,
  counterActivity: ['/api/merchant/counter/activity'] as const,
  /** The business's locations (issue 40): the locations screen, the deal form, the tablets and the counter's filter. */
  locations: ['/api/merchant/locations'] as const,
  counterMember: (memberNumber: MemberNumber) => ['/api/merchant/members', String(memberNumber)] as const,
};
