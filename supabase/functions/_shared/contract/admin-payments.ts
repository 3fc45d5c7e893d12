// Refunds, disputes and the admin audit log (issue 27, decision 172). Money in cents.
import { z } from 'zod';
import { PLAN_IDS, type PlanId } from '../constants.ts';

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
  /** The plan this payment paid for (not the membership's plan now: a switch changes that). */
  plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]).nullable(),
  provider: z.enum(['test', 'stripe']),
  amountCents: z.number(),
  currency: z.string(),
  /** Refunded plus lost to disputes. */
  returnedCents: z.number(),
  /** What may still be refunded: amountCents less returnedCents. */
  refundableCents: z.number(),
  /** The latest payment of a membership that has not ended: it pays the current period (private.pays_current_period). */
  paysCurrentPeriod: z.boolean(),
  /** The membership this payment paid for has ended (or the account is gone): a refund changes nothing there. */
  membershipOver: z.boolean(),
  /** The charity's share after reversals. */
  charityNetCents: z.number(),
  charityName: z.string().nullable(),
  dispute: z.enum(['open', 'won', 'lost']).nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

/**
 * What a refund of amountCents does to the membership (decision 199), the one rule in TypeScript (the dialog's words, the refund
 * route's cancellation at the provider); private.reverse_share applies the same in SQL: returning all that is left
 * of the payment that pays the current period ends the membership now; any other refund keeps it.
 */
export function refundEndsMembership(payment: Pick<AdminPayment, 'refundableCents' | 'paysCurrentPeriod'>, amountCents: number): boolean {
  return payment.paysCurrentPeriod && amountCents >= payment.refundableCents;
}

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

/** One dispute (chargeback), as the admin's dispute list shows it. */
const adminDispute = z.object({
  id: z.string(),
  paymentId: z.string(),
  status: z.enum(['open', 'won', 'lost']),
  amountCents: z.number(),
  reason: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** When the evidence is due at the provider; null when none was given. */
  evidenceDueBy: z.string().nullable(),
  /** The member (null once the account was deleted). */
  userId: z.string().nullable(),
  memberName: z.string().nullable(),
  memberEmail: z.string().nullable(),
  /** The paid-for membership's state: suspended while a dispute is open, else its status; null without one. */
  membership: z.enum(['active', 'paused', 'past_due', 'unpaid', 'canceled', 'suspended']).nullable(),
});
export type AdminDispute = z.infer<typeof adminDispute>;

/** GET /api/admin/disputes: open ones first (nearest evidence deadline first), then closed ones, newest first. */
export const adminDisputesAnswer = z.object({ disputes: z.array(adminDispute) });
export type AdminDisputesAnswer = z.infer<typeof adminDisputesAnswer>;
