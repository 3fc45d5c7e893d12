// Refunds, disputes and the admin audit log (issue 27, decision 172). Money in cents.
import { z } from 'zod';

/** POST /api/admin/payments/{id}/refund: the whole rest of the payment unless amountCents says less. */
export const refundBody = z.object({
  amountCents: z.number({ message: 'must be a number of cents' }).int('must be a whole number of cents')
    .min(1, 'must be at least 1 cent').optional(),
  reason: z.string({ message: 'is required' }).trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
});
export type RefundBody = z.input<typeof refundBody>;

/** POST /api/admin/payments/{id}/test-dispute: test payments only (the embedded default's rehearsal). */
export const testDisputeBody = z.object({
  action: z.enum(['open', 'win', 'lose'], { message: 'must be open, win or lose' }),
});
export type TestDisputeBody = z.input<typeof testDisputeBody>;

/** One payment of a user, as the admin sees it in the users table. */
const adminPayment = z.object({
  id: z.string(),
  paidAt: z.string(),
  plan: z.string().nullable(),
  provider: z.enum(['test', 'stripe']),
  amountCents: z.number(),
  currency: z.string(),
  /** Refunded plus lost to disputes. */
  returnedCents: z.number(),
  /** The charity's share after reversals. */
  charityNetCents: z.number(),
  charityName: z.string().nullable(),
  dispute: z.enum(['open', 'won', 'lost']).nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

/** GET /api/admin/users/{id}/payments: newest first; testMode: the test-dispute control is offered. */
export const adminPaymentsAnswer = z.object({ payments: z.array(adminPayment), testMode: z.boolean() });
export type AdminPaymentsAnswer = z.infer<typeof adminPaymentsAnswer>;

/** What a refund or a dispute step did (pending: the provider has not completed the refund yet; the webhook records it). */
export const paymentActionAnswer = z.object({
  outcome: z.enum(['recorded', 'duplicate', 'pending']),
  amountCents: z.number().optional(),
  charityCents: z.number().optional(),
  membershipEnded: z.boolean().optional(),
  payment: adminPayment,
});
export type PaymentActionAnswer = z.infer<typeof paymentActionAnswer>;
