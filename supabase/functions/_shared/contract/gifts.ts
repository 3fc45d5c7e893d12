// Gift memberships (decision 201): bought by anyone for an email address, paid once, sent on its date, redeemed once.
import { z } from 'zod';
import { NAME_MAX, PLANS } from '../constants.ts';
import { email } from './common.ts';

export const GIFT_MONTHS = [1, 3, 12] as const;
export type GiftMonths = (typeof GIFT_MONTHS)[number];

/** A gift costs its months at the monthly plan's price: one price list (PLANS), no discount to keep in step. */
export const giftPriceCents = (months: GiftMonths) => months * PLANS.monthly.priceCents;

/** Longest gift message, in characters (the column's check says the same). */
export const GIFT_MESSAGE_MAX = 500;
/** How far ahead a delivery date may be set. */
export const GIFT_DELIVERY_MAX_DAYS = 365;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

/** POST /api/gifts. A signed-in buyer's own name and address are used; a visitor gives them. */
export const buyGiftBody = z.object({
  months: z.union([z.literal(1), z.literal(3), z.literal(12)], { error: () => 'must be 1, 3 or 12' }),
  recipientEmail: email,
  message: z.string().trim().max(GIFT_MESSAGE_MAX, `must be at most ${GIFT_MESSAGE_MAX} characters`).optional()
    .transform((v) => v || null),
  /** The day it is sent (UTC); today or later. */
  deliverOn: isoDate,
  buyerEmail: email.optional(),
  buyerName: z.string().trim().min(1, 'is required').max(NAME_MAX, `must be at most ${NAME_MAX} characters`).optional(),
});
export type BuyGiftBody = z.input<typeof buyGiftBody>;
export type BuyGiftInput = z.output<typeof buyGiftBody>;

const providerKind = z.enum(['test', 'stripe']);

export const buyGiftAnswer = z.object({
  giftId: z.string(),
  provider: providerKind,
  publishableKey: z.string().nullable(),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type BuyGiftAnswer = z.infer<typeof buyGiftAnswer>;

/** POST /api/gifts/complete: after the browser confirmed the card. */
export const completeGiftBody = z.object({ paymentIntentId: z.string().trim().min(1, 'is required').max(255) });

export const giftState = z.enum(['unpaid', 'paid', 'delivered', 'redeemed', 'refunded']);
export type GiftState = z.infer<typeof giftState>;

/** A gift as its buyer (receipt link, profile list) or the admin sees it. */
export const giftSummary = z.object({
  id: z.string(),
  months: z.number().int(),
  amountCents: z.number().int(),
  recipientEmail: z.string(),
  deliverOn: z.string(),
  state: giftState,
  redeemedAt: z.string().nullable(),
});
export type GiftSummary = z.infer<typeof giftSummary>;

export const completeGiftAnswer = z.object({ gift: giftSummary, receiptToken: z.string().nullable() });
export type CompleteGiftAnswer = z.infer<typeof completeGiftAnswer>;

/** GET /api/gifts/redeem/:token: what the recipient's page shows before redeeming. */
export const giftForRecipient = z.object({
  months: z.number().int(),
  fromName: z.string(),
  message: z.string().nullable(),
  recipientEmail: z.string(),
  redeemed: z.boolean(),
  refunded: z.boolean(),
});
export type GiftForRecipient = z.infer<typeof giftForRecipient>;

export const redeemGiftAnswer = z.object({ startsAt: z.string(), endsAt: z.string(), message: z.string() });
export type RedeemGiftAnswer = z.infer<typeof redeemGiftAnswer>;

export const adminGiftRefundBody = z.object({
  reason: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
