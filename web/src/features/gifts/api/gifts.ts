import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BuyGiftAnswer, BuyGiftBody, CompleteGiftAnswer, GiftForRecipient, GiftSummary, RedeemGiftAnswer,
} from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';

export const giftKeys = {
  mine: ['/api/gifts/mine'] as const,
  admin: ['/api/admin/gifts'] as const,
  recipient: (token: string) => [`/api/gifts/redeem/${encodeURIComponent(token)}`] as const,
  receipt: (token: string) => [`/api/gifts/receipt/${encodeURIComponent(token)}`] as const,
};

/** POST /api/gifts: starts the gift's one-off payment. */
export const useBuyGift = () => useApiMutation({ call: (body: BuyGiftBody) => apiJson<BuyGiftAnswer>('POST', '/api/gifts', body) });

/** POST /api/gifts/complete: after the card, the gift is recorded as paid (once). */
export const useCompleteGift = () => useApiMutation({
  call: (paymentIntentId: string) => apiJson<CompleteGiftAnswer>('POST', '/api/gifts/complete', { paymentIntentId }),
  refresh: [giftKeys.mine],
});

/** GET /api/gifts/redeem/:token: the gift as its recipient's link shows it. */
export const useGiftForRecipient = (token: string) =>
  useQuery(queryOptions<GiftForRecipient>({ queryKey: giftKeys.recipient(token), retry: false }));

/** POST /api/gifts/redeem/:token: onto the signed-in customer. */
export const redeemGift = (token: string) => apiJson<RedeemGiftAnswer>('POST', `/api/gifts/redeem/${encodeURIComponent(token)}`);

/** GET /api/gifts/receipt/:token: the buyer's view through the receipt mail's link. */
export const useGiftReceipt = (token: string) =>
  useQuery(queryOptions<{ gift: GiftSummary }>({ queryKey: giftKeys.receipt(token), retry: false, staleTime: 0 }));

/** GET /api/gifts/mine: the signed-in buyer's gifts. */
export const useMyGifts = () => useQuery(queryOptions<{ gifts: GiftSummary[] }>({ queryKey: giftKeys.mine, staleTime: 0 }));

/** GET /api/admin/gifts and the refund of an unredeemed gift. */
export const useAdminGifts = () => useQuery(queryOptions<{ gifts: GiftSummary[] }>({ queryKey: giftKeys.admin, staleTime: 0 }));
export const useRefundGift = () => useApiMutation({
  call: (id: string) => apiJson<{ gift: GiftSummary }>('POST', `/api/admin/gifts/${encodeURIComponent(id)}/refund`, {}),
  refresh: [giftKeys.admin],
});
