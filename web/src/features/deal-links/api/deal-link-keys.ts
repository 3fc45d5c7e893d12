/** Query keys of a deal link; the default query function turns them into the API path (…/<id>). */
export const dealLinkKeys = {
  publicDeal: (dealId: string) => ['/api/deals/public', dealId] as const,
  memberDeal: (dealId: string) => ['/api/deals/member', dealId] as const,
};
