import { describe, expect, it } from 'vitest';
import type { Collaboration } from '@shared/contract/index.ts';
import { activeCollabs, fromMySide, partnerMailto, pendingRequests, sentRequests } from './collab-lists';

const base: Collaboration = {
  id: '1', status: 'PENDING', direction: 'received', partnerEmail: null,
  requesterBusiness: { id: 'a', name: 'Bakery', logoUrl: null }, recipientBusiness: { id: 'b', name: 'Yoga', logoUrl: null },
  requesterDiscountLabel: '15% off', recipientDiscountLabel: '10% off', startDate: '2026-12-01', endDate: null,
  exclusionsText: null, message: null, createdAt: '2026-11-22T10:00:00.000Z',
};

describe('collab lists', () => {
  it('Requests shows only pending requests addressed to me; Active shows accepted ones either way', () => {
    const list: Collaboration[] = [
      base,
      { ...base, id: '2', direction: 'sent' },
      { ...base, id: '3', status: 'ACCEPTED', direction: 'sent' },
      { ...base, id: '4', status: 'ACCEPTED' },
      { ...base, id: '5', status: 'DENIED' },
    ];
    expect(pendingRequests(list).map((c) => c.id)).toEqual(['1']);
    expect(activeCollabs(list).map((c) => c.id)).toEqual(['3', '4']);
  });

  it('Sent shows only my own pending requests (not withdrawn, answered or received ones)', () => {
    const list: Collaboration[] = [
      base,
      { ...base, id: '2', direction: 'sent' },
      { ...base, id: '3', direction: 'sent', status: 'CANCELLED' },
      { ...base, id: '4', direction: 'sent', status: 'DENIED' },
    ];
    expect(sentRequests(list).map((c) => c.id)).toEqual(['2']);
  });

  it('names the partner and the offers from my side', () => {
    expect(fromMySide(base)).toEqual({ partner: base.requesterBusiness, myOffer: '10% off', theirOffer: '15% off' });
    expect(fromMySide({ ...base, direction: 'sent' })).toEqual({ partner: base.recipientBusiness, myOffer: '15% off', theirOffer: '10% off' });
  });

  it('mails the partner when an address is known', () => {
    expect(partnerMailto(base)).toBeNull();
    expect(partnerMailto({ ...base, partnerEmail: 'rosa+cafe@example.com' }))
      .toBe('mailto:rosa%2Bcafe@example.com?subject=Our%20Pay%20Local%20collaboration');
  });
});
