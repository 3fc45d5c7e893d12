import { describe, expect, it } from 'vitest';
import { collabRequestPayload, EMPTY_COLLAB_FORM } from './collab-form';

const filled = { ...EMPTY_COLLAB_FORM, requesterDiscountLabel: '15% off all items', recipientDiscountLabel: '10% off services', startDate: '2026-12-01' };

describe('collabRequestPayload', () => {
  it('needs a business, both offers and a start date', () => {
    expect(collabRequestPayload(null, filled)).toBeNull();
    expect(collabRequestPayload('b1', { ...filled, requesterDiscountLabel: '  ' })).toBeNull();
    expect(collabRequestPayload('b1', { ...filled, recipientDiscountLabel: '' })).toBeNull();
    expect(collabRequestPayload('b1', { ...filled, startDate: '' })).toBeNull();
  });

  it('sends the optional fields as null when empty, and checks no lengths or date order', () => {
    expect(collabRequestPayload('b1', filled)).toEqual({
      recipientBusinessId: 'b1', requesterDiscountLabel: '15% off all items', recipientDiscountLabel: '10% off services',
      startDate: '2026-12-01', endDate: null, exclusionsText: null, message: null,
    });
    expect(collabRequestPayload('b1', { ...filled, endDate: '2026-01-01', message: 'x'.repeat(5000) })).toMatchObject({
      endDate: '2026-01-01', message: 'x'.repeat(5000),
    });
  });
});
