// The payment-provider port. Adapters: the built-in test provider (embedded default, no network)
// and Stripe (production). Chosen in adapters.ts; routes never ask which one they have.
import type { PlanId } from '../../../_shared/constants.ts';
import type { PaymentProviderKind } from '../../../_shared/contract/subscriptions.ts';

/** A provider subscription reduced to what the subscriptions table keeps. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** incomplete: created, first payment not made yet. */
  /** past_due: a renewal failed and Stripe retries; unpaid: retries ran out (decision 171). */
  status: 'incomplete' | 'active' | 'paused' | 'past_due' | 'unpaid' | 'canceled';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** When it ended (Stripe's ended_at), for a canceled subscription; null while it runs. */
  endedAt: Date | null;
  /** The renewal invoice still waiting for payment while past_due or unpaid, with its hosted page; else null. */
  openInvoice: { id: string; hostedUrl: string | null } | null;
  /** The plan its price stands for (Stripe: the price's lookup key), null when not one of ours. */
  plan: PlanId | null;
  /** The card it is charged to (Stripe: its default_payment_method's card), null when the provider names none. */
  card: ProviderCard | null;
}

/** A card as the provider describes it (Stripe: payment_method.card's brand, last4, exp_month, exp_year), never the number. */
export interface ProviderCard { brand: string; last4: string; expMonth: number; expYear: number }

/** Stripe's card brands as people write them; others read "Card". */
const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express', diners: 'Diners Club', discover: 'Discover', jcb: 'JCB', mastercard: 'Mastercard',
  unionpay: 'UnionPay', visa: 'Visa',
};

/** "Visa •••• 4242, expires 12/2034": how the profile names a card (brand, last 4, expiry). */
export function cardLabel(card: ProviderCard): string {
  return `${BRAND_NAMES[card.brand] ?? 'Card'} •••• ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

export interface ProviderPayment {
  id: string;
  /** Stripe PaymentIntent statuses; only 'succeeded' activates anything. */
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'requires_capture' | 'canceled';
  amountCents: number;
  currency: string;
  customerId: string | null;
  /** The provider's message for the last failed attempt (e.g. "Your card was declined."). */
  failureMessage: string | null;
  /** The paying card's fingerprint, the same for every payment with that card (Stripe); absent where the provider gives none. */
  cardFingerprint?: string | null;
}

export interface StartedCheckout {
  customerId: string;
  subscriptionId: string;
  invoiceId: string | null;
  paymentIntentId: string;
  /** Handed to the browser, which confirms the payment with the provider directly. */
  clientSecret: string;
  amountCents: number;
  currency: string;
}

interface OneOffPaymentInput {
  amountCents: number;
  email: string;
  description: string;
  metadata: Record<string, string>;
  /** The same key gives the same PaymentIntent (a retried request makes no second one). */
  idempotencyKey: string;
}

export interface StartedPayment {
  paymentIntentId: string;
  /** Handed to the browser, which confirms the payment with the provider directly. */
  clientSecret: string;
  amountCents: number;
  currency: string;
}

interface StartCheckoutInput {
  plan: PlanId;
  email: string;
  name: string;
  metadata: Record<string, string>;
}

/**
 * A verified webhook event, reduced to what it is about (decision 170): a subscription event names the
 * subscription, whose current state is then retrieved from the provider (events arrive in any order, and
 * more than once, so the object an event carries may be out of date); a paid invoice is recorded as it
 * is (a paid invoice does not change). `created`: when the provider made it.
 */
export type PaymentEvent =
  | { id: string; created: Date; type: 'subscription.changed'; subscriptionId: string }
  | {
      id: string;
      created: Date;
      type: 'invoice.paid';
      invoice: {
        id: string;
        subscriptionId: string;
        paymentIntentId: string | null;
        amountCents: number;
        currency: string;
        /** The customer balance (account credit, decision 191) the provider took off this invoice; 0 when none. */
        creditAppliedCents: number;
      };
    }
  /** Money went back on a charge (decision 172): its refunds are then listed from the provider. */
  | { id: string; created: Date; type: 'charge.refunded'; paymentIntentId: string; chargeId: string }
  /** A dispute (chargeback) opened or closed; a closed dispute's outcome does not change. */
  | { id: string; created: Date; type: 'charge.dispute'; dispute: ProviderDispute }
  | {
      /** A renewal payment failed (invoice.payment_failed) or waits for 3-D Secure (invoice.payment_action_required). */
      id: string;
      created: Date;
      type: 'invoice.payment_failed';
      invoice: {
        id: string; subscriptionId: string; amountCents: number; hostedUrl: string | null; actionRequired: boolean;
        /** The decline message, when the event carries it (never card details). */
        failureMessage: string | null;
      };
    }
  | { id: string; created: Date; type: 'ignored'; providerType: string };

/** A refund as the provider has it (decision 172); metadata names the admin and the reason when made in the app. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  created: Date;
  /** The reason the admin gave in the app; null for a refund made elsewhere (Stripe's Dashboard). */
  reason: string | null;
  /** The admin who made it in the app (metadata), else null. */
  adminId: string | null;
  /** The payment intent the refund went back on, when the provider names one (a payment recorded without it learns it). */
  paymentIntentId?: string | null;
}

export interface ProviderDispute {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  reason: string | null;
  /** open: any status before closing; won/lost once closed (warning_closed counts as won: no money moved). */
  status: 'open' | 'won' | 'lost';
  /** When the evidence must reach the provider (Stripe: evidence_details.due_by); null when none is asked. */
  evidenceDueBy: Date | null;
}

/** A saved card, as the profile shows it (never the number). */
export interface SavedCard { label: string }

/** What a plan change costs now: the new plan's price less the unused part of the current period. */
export interface PlanChangePreview { amountDueCents: number; creditCents: number; newPriceCents: number; currency: string }

/** The built-in test provider's browser-side step (what Stripe.js does against Stripe). */
interface TestCardCheckout {
  confirmCard(input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number; cvc: string }):
    Promise<{ id: string; status: ProviderPayment['status'] }>;
  /** Stripe.js confirmSetup: saves a test card for a SetupIntent (declining numbers decline). */
  confirmSetup(input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number; cvc: string }):
    Promise<{ id: string; status: 'succeeded' }>;
  /** The test-mode control (decision 171): the customer's card on file declines until another is saved. */
  decline(customerId: string): void;
  declines(customerId: string): boolean;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Stripe's publishable key for Elements; null for the test provider. */
  readonly publishableKey: string | null;
  startCheckout(input: StartCheckoutInput): Promise<StartedCheckout>;
  /**
   * A one-off card payment, not a subscription (a gift membership, decision 201). Stripe: a PaymentIntent
   * (POST /v1/payment_intents, card only, receipt_email), confirmed by the browser like a subscription's first payment.
   */
  startOneOffPayment(input: OneOffPaymentInput): Promise<StartedPayment>;
  retrievePayment(paymentIntentId: string): Promise<ProviderPayment>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Stripe: cancel_at_period_end = true. Access continues until the period end. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Stripe: pause_collection = { behavior: 'void' }. */
  pauseCollection(subscriptionId: string): Promise<void>;
  /** Stripe: pause_collection = '' (cleared): charging resumes on the normal schedule. */
  resumeCollection(subscriptionId: string): Promise<void>;
  /** Stripe: cancel_at_period_end = false, before the period ends. */
  keepSubscription(subscriptionId: string): Promise<void>;
  /**
   * Refunds amountCents of a payment; metadata carries the admin and the reason (decision 172). A payment recorded
   * without its payment intent (Stripe's webhook events do not include an invoice's payments) is found by its invoice.
   */
  refundPayment(input: {
    paymentIntentId: string | null; invoiceId: string; amountCents: number; reason: string; adminId: string;
  }): Promise<ProviderRefund>;
  /** The payment intent that paid an invoice (Stripe: the invoice's payments, listed), or null when none is known. */
  invoicePaymentIntent(invoiceId: string): Promise<string | null>;
  /** The refunds of a charge (or, for the test provider, of a payment intent), as the provider has them now. */
  listRefunds(input: { chargeId: string | null; paymentIntentId: string }): Promise<ProviderRefund[]>;
  /** Ends the subscription now (Stripe: DELETE /v1/subscriptions/:id); no proration refund; nothing if it has ended. */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Starts saving a new card for the customer (Stripe: a SetupIntent, confirmed by the browser). */
  startCardSetup(customerId: string): Promise<{ setupIntentId: string; clientSecret: string }>;
  /**
   * After the browser confirmed the setup: checks it succeeded for this customer and makes the card the
   * default of the customer and the subscription. Throws CardDeclinedError when it did not succeed.
   */
  completeCardSetup(input: { setupIntentId: string; customerId: string; subscriptionId: string }): Promise<SavedCard>;
  /** Attempts the open invoice again with the default card; throws CardDeclinedError when declined. */
  payInvoice(invoiceId: string): Promise<void>;
  /** The cost of switching to `plan` now (Stripe: invoices.createPreview with proration). */
  previewPlanChange(input: {
    subscriptionId: string; plan: PlanId; currentPlan: PlanId; periodStart: Date; periodEnd: Date;
  }): Promise<PlanChangePreview>;
  /** Switches the subscription to `plan` now, charging the proration at once (Stripe: always_invoice). */
  changePlan(input: { subscriptionId: string; plan: PlanId; currentPlan: PlanId }): Promise<void>;
  /**
   * Carries an account credit granted in the app to the provider (decision 191): Stripe, a customer balance
   * transaction with a negative amount, which Stripe takes off the customer's next invoices; its id. A negative
   * amountCents (a referral reward taken back, decision 200) adds that much to what the customer owes. The built-in
   * test provider returns null: its charges take the credit from the app's ledger themselves.
   */
  creditCustomerBalance(input: { customerId: string; amountCents: number; description: string; idempotencyKey: string }): Promise<string | null>;
  /** Verifies a webhook's signature on the raw body; throws PaymentWebhookError when it does not hold. */
  verifyWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent>;
  /** Present only on the test provider. */
  readonly testCards?: TestCardCheckout;
}

/** A card the provider refused, with the provider's own message. */
export class CardDeclinedError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

export class PaymentWebhookError extends Error {}
