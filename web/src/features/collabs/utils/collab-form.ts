import type { CollaborationRequestBody } from '@shared/contract/index.ts';

export interface CollabFormValues {
  requesterDiscountLabel: string;
  recipientDiscountLabel: string;
  startDate: string;
  endDate: string;
  exclusionsText: string;
  message: string;
}

export const EMPTY_COLLAB_FORM: CollabFormValues = {
  requesterDiscountLabel: '',
  recipientDiscountLabel: '',
  startDate: '',
  endDate: '',
  exclusionsText: '',
  message: '',
};

export const MISSING_FIELDS_MESSAGE = 'Please fill in all required fields';

/**
 * docs/spec.md section 5: a selected business, Your Discount Offer, Requested Discount and Start Date are
 * required; nothing else is checked on the client. Null means "do not send".
 */
export function collabRequestPayload(businessId: string | null, form: CollabFormValues): CollaborationRequestBody | null {
  if (!businessId || !form.requesterDiscountLabel.trim() || !form.recipientDiscountLabel.trim() || !form.startDate) {
    return null;
  }
  return {
    recipientBusinessId: businessId,
    requesterDiscountLabel: form.requesterDiscountLabel,
    recipientDiscountLabel: form.recipientDiscountLabel,
    startDate: form.startDate,
    endDate: form.endDate || null,
    exclusionsText: form.exclusionsText || null,
    message: form.message || null,
  };
}
