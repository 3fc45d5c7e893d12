import type { Collaboration } from '@shared/contract/index.ts';

/** Requests tab: PENDING requests addressed to my business. */
export const pendingRequests = (collabs: readonly Collaboration[]) =>
  collabs.filter((c) => c.status === 'PENDING' && c.direction === 'received');

/** Requests tab, "Sent": my PENDING requests to other businesses, which I may withdraw (issue 31). */
export const sentRequests = (collabs: readonly Collaboration[]) =>
  collabs.filter((c) => c.status === 'PENDING' && c.direction === 'sent');

/** Active Collabs tab: ACCEPTED ones, whichever side asked. */
export const activeCollabs = (collabs: readonly Collaboration[]) => collabs.filter((c) => c.status === 'ACCEPTED');

/** The other business and the two offers seen from my side. */
export function fromMySide(collab: Collaboration) {
  const sent = collab.direction === 'sent';
  return {
    partner: sent ? collab.recipientBusiness : collab.requesterBusiness,
    myOffer: sent ? collab.requesterDiscountLabel : collab.recipientDiscountLabel,
    theirOffer: sent ? collab.recipientDiscountLabel : collab.requesterDiscountLabel,
  };
}

/** "Message Partner" (decision 042): a mail to the partner's owner, or null when no address is known. */
export function partnerMailto(collab: Collaboration): string | null {
  if (!collab.partnerEmail) return null;
  return `mailto:${encodeURIComponent(collab.partnerEmail).replace('%40', '@')}?subject=${encodeURIComponent('Our Pay Local collaboration')}`;
}
