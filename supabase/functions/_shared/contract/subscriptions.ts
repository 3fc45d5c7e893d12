import { z } from 'zod';
import { DEFAULT_PLAN, NAME_MAX, PLAN_IDS, type PlanId } from '../constants.ts';
import { email, newPassword, optionalId } from './common.ts';
import { referralCode } from './referrals.ts';
import { sessionUser } from './auth.ts';

const planId = z.enum(PLAN_IDS as [PlanId, ...PlanId[]], { error: () => `must be one of ${PLAN_IDS.join(', ')}` });

const name = z.string().trim().min(1, 'is required').max(NAME_MAX, `must be at most ${NAME_MAX} characters`);
// The one password rule of every account (decisions 088, 176); the subscribe form states and checks it too.
const password = newPassword;

/** POST /api/create-subscription by a visitor: the account to create once the payment succeeds. */
export const createSubscriptionBody = z.object({
  email, name, password,
  plan: planId.default(DEFAULT_PLAN),
  homeCityId: optionalId,
  preferredCharityId: optionalId,
  /** A member's invite code (decision 200), from a /subscribe?ref= link. */
  referralCode: referralCode.optional(),
});
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBody>;

/** POST /api/create-subscription by a signed-in member (the upgrade path): only the plan counts. */
export const upgradeSubscriptionBody = z.object({ plan: planId.default(DEFAULT_PLAN), referralCode: referralCode.optional() });

const paymentProviderKind = z.enum(['test', 'stripe']);
export type PaymentProviderKind = z.infer<typeof paymentProviderKind>;

/** Which card form the browser shows: the built-in test form or Stripe Elements. */
const paymentConfig = z.object({
  provider: paymentProviderKind,
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfig>;

export const createSubscriptionAnswer = paymentConfig.extend({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  customerId: z.string(),
  subscriptionId: z.string(),
  plan: planId,
  amountCents: z.number().int(),
  currency: z.string(),
  isUpgrade: z.boolean(),
  existingUserId: z.string().nullable(),
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});
export type CreateSubscriptionAnswer = z.infer<typeof createSubscriptionAnswer>;

/** POST /api/complete-subscription. email/name/password are needed only for a new account. */
export const completeSubscriptionBody = z.object({
  email: z.string().trim().toLowerCase().optional(),
  name: z.string().optional(),
  password: z.string().optional(),
  paymentIntentId: z.string().trim().min(1, 'is required').max(255),
  customerId: z.string().trim().min(1, 'is required').max(255),
  isUpgrade: z.boolean().optional(),
  existingUserId: z.string().nullish(),
  plan: planId.optional(),
});
export type CompleteSubscriptionBody = z.input<typeof completeSubscriptionBody>;
/** Completion: a replay proves the existing account's password, so any string; a new account is checked
 * against the password rules on the server when it is created. */
export const newAccountFields = z.object({
  email, name, password: z.string({ error: 'is required' }).min(1, 'is required').max(1000, 'must be at most 1000 characters'),
});

/**
 * status 'active': the membership exists; `user` is set when this call signed in (null: sign in with
 * the password chosen at checkout, e.g. after a 3-D Secure redirect). 'processing' (HTTP 202): the
 * payment has not cleared yet; the webhook finishes it.
 */
export const completeSubscriptionAnswer = z.object({
  success: z.boolean(),
  status: z.enum(['active', 'processing']),
  message: z.string(),
  user: sessionUser.nullable(),
});
export type CompleteSubscriptionAnswer = z.infer<typeof completeSubscriptionAnswer>;

export const subscriptionStatus = z.object({ isActive: z.boolean() });
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

const membershipState = z.enum(['active', 'paused', 'past_due', 'unpaid', 'canceled', 'none']);

export const subscriptionDetails = z.object({
  isActive: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  status: membershipState,
  paused: z.boolean(),
  plan: planId.nullable(),
  planName: z.string().nullable(),
  /** What this member's payments have given to charity so far, in cents, and to whom. */
  charityGivenCents: z.number().int(),
  charityName: z.string().nullable(),
  /** past_due: access lasts until then while the provider retries (decision 171). */
  graceEndsAt: z.string().nullable(),
  /** The renewal waits for the member's bank: where to complete 3-D Secure (the invoice's hosted page). */
  paymentActionUrl: z.string().nullable(),
  /** The provider's message for the last failed renewal. */
  paymentError: z.string().nullable(),
  /** The saved card, e.g. "Visa •••• 4242", once the member saved one here. */
  cardLabel: z.string().nullable(),
  /** A pass (Weekend, Weekly): ends at its period end unless the member chose to renew it. */
  isPass: z.boolean(),
  /** The plan's terms: price, period, renewal, how to cancel. */
  terms: z.string().nullable(),
  /** Account credit (decision 191) waiting to be taken off the member's next payment, in cents. */
  accountCreditCents: z.number().int(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetails>;

export const subscriptionActionAnswer = z.object({ success: z.boolean(), message: z.string() });
export type SubscriptionActionAnswer = z.infer<typeof subscriptionActionAnswer>;

/** POST /api/test-payments/confirm: the built-in test provider's stand-in for Stripe's confirmPayment. */
export const testCardConfirmBody = z.object({
  clientSecret: z.string().min(1, 'is required').max(255),
  cardNumber: z.string().trim().min(1, 'is required').max(40),
  expMonth: z.coerce.number().int().min(1, 'must be 1-12').max(12, 'must be 1-12'),
  expYear: z.coerce.number().int().min(0).max(9999),
  cvc: z.string().trim().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TestCardConfirmBody = z.input<typeof testCardConfirmBody>;

/** POST /api/subscription/card: a SetupIntent for the browser to confirm (Payment Element or the test card form). */
export const cardSetupAnswer = paymentConfig.extend({ setupIntentId: z.string(), clientSecret: z.string() });
export type CardSetupAnswer = z.infer<typeof cardSetupAnswer>;

/** POST /api/subscription/card/complete once the browser confirmed the setup. */
export const cardCompleteBody = z.object({ setupIntentId: z.string().trim().min(1, 'is required').max(255) });

/** The card saved; `retry`: an open renewal was charged again with it (paid or declined), null when none was open. */
export const cardCompleteAnswer = z.object({
  cardLabel: z.string(),
  retry: z.enum(['paid', 'declined']).nullable(),
  message: z.string(),
});
export type CardCompleteAnswer = z.infer<typeof cardCompleteAnswer>;

/** A charge: what was paid, for the plan it really paid for (not the member's plan today) and its period. */
const chargeLine = z.object({
  kind: z.literal('charge'),
  id: z.string(),
  paymentId: z.string(),
  at: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  plan: planId,
  planLabel: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The share as paid (10%); the refund and chargeback lines carry what went back. */
  charityShareCents: z.number().int(),
  /** The share left after this payment's refunds and lost disputes. */
  charityNetCents: z.number().int(),
  charityName: z.string().nullable(),
  /** Account credit taken off this charge (already deducted from amountCents). */
  creditAppliedCents: z.number().int(),
  /** The in-app receipt page. */
  receiptPath: z.string(),
});

/** Money back on a charge: a refund (with the admin's reason) or a dispute the bank decided for the member. */
const refundLine = z.object({
  kind: z.enum(['refund', 'chargeback']),
  id: z.string(),
  paymentId: z.string(),
  at: z.string(),
  /** Positive: what came back. */
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  /** Zero or negative: the charity share that went back with it. */
  charityCents: z.number().int(),
  planLabel: z.string(),
});

/** A move on the account credit ledger (decision 191): granted (positive) or taken off a payment (negative). */
const creditLine = z.object({
  kind: z.literal('credit'),
  id: z.string(),
  at: z.string(),
  amountCents: z.number().int(),
  description: z.string(),
  paymentId: z.string().nullable(),
});

export const paymentLine = z.discriminatedUnion('kind', [chargeLine, refundLine, creditLine]);
export type PaymentLine = z.infer<typeof paymentLine>;
export type ChargeLine = z.infer<typeof chargeLine>;
export type RefundLine = z.infer<typeof refundLine>;

/**
 * GET /api/subscription/payments: every charge, refund, chargeback and credit, newest first, and their sums:
 * paidCents = charges − refunds − chargebacks; charityCents = shares + their reversals; creditCents = the credits.
 */
export const paymentsAnswer = z.object({
  lines: z.array(paymentLine),
  totals: z.object({
    chargedCents: z.number().int(),
    returnedCents: z.number().int(),
    paidCents: z.number().int(),
    charityCents: z.number().int(),
    creditCents: z.number().int(),
  }),
});
export type PaymentsAnswer = z.infer<typeof paymentsAnswer>;

/** GET /api/subscription/receipts/{id}: one of the member's charges as a receipt, with what came back. */
export const receiptAnswer = z.object({
  platform: z.object({ name: z.string(), email: z.string(), url: z.string() }),
  memberName: z.string(),
  charge: chargeLine,
  returns: z.array(refundLine),
  /** What the member paid in the end for this charge. */
  paidCents: z.number().int(),
  terms: z.string(),
});
export type ReceiptAnswer = z.infer<typeof receiptAnswer>;

const switchablePlan = z.enum(['monthly', 'yearly'], { error: () => 'must be monthly or yearly' });

/** GET /api/subscription/plan-change?plan=… and POST /api/subscription/plan-change { plan }. */
export const planChangeBody = z.object({ plan: switchablePlan });

export const planChangePreview = z.object({
  plan: switchablePlan,
  planLabel: z.string(),
  amountDueCents: z.number().int(),
  creditCents: z.number().int(),
  newPriceCents: z.number().int(),
  currency: z.string(),
  terms: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreview>;

/** POST /api/test-payments/renewal: the test-mode control (built-in test payments only, decision 171). */
export const testRenewalBody = z.object({
  outcome: z.enum(['succeed', 'fail', 'action'], { error: () => 'must be succeed, fail or action' }),
});
export type TestRenewalBody = z.input<typeof testRenewalBody>;

/** POST /api/test-payments/invoice/pay: the test provider's hosted invoice page (3-D Secure completed). */
export const testInvoicePayBody = z.object({ invoiceId: z.string().trim().min(1, 'is required').max(255) });
