// The one domain step that turns a paid checkout into an account, a membership and a payment row
// (decision 070). Called by whichever comes first: Stripe's invoice.paid webhook, the browser's
// /complete-subscription, or the built-in test provider's card confirmation. The provider, never
// the caller, says whether the payment succeeded; the checkout row lock and the unique keys on
// payments make every later caller find it done.
import type { PlanId } from '../../_shared/constants.ts';
import type { Services } from '../services.ts';
import type { Query } from '../db/database.ts';
import { sendVerificationMail, USER_EXISTS_MESSAGE } from '../auth/index.ts';
import { DomainError, type DomainErrorKind } from '../domain-error.ts';
import { providerCall } from './provider-call.ts';
import { recordPayment, upsertSubscription } from './subscription-records.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'payments' | 'siteUrl'>;

export const ALREADY_MEMBER_MESSAGE = 'You already have an active membership.';

export interface CheckoutRow {
  id: string;
  provider: 'test' | 'stripe';
  payment_intent_id: string;
  customer_id: string;
  provider_subscription_id: string;
  invoice_id: string | null;
  plan: PlanId;
  amount_cents: number;
  currency: string;
  email: string;
  name: string | null;
  password_hash: string | null;
  home_city_id: string | null;
  preferred_charity_id: string | null;
  upgrade_user_id: string | null;
  completed_user_id: string | null;
}

export type Settlement =
  | { state: 'completed'; userId: string; createdNow: boolean }
  | { state: 'processing' }
  | { state: 'unpaid'; message: string };

export const checkoutByPaymentIntent = async (s: Used, paymentIntentId: string) =>
  (await s.tx.asService((q) => q<CheckoutRow>(`select * from private.checkouts where payment_intent_id = $1`, [paymentIntentId])))[0] ?? null;

export const checkoutBySubscription = async (s: Used, providerSubscriptionId: string) =>
  (await s.tx.asService((q) => q<CheckoutRow>(
    `select * from private.checkouts where provider_subscription_id = $1`, [providerSubscriptionId])))[0] ?? null;

/** True when the user holds a membership that is running or paused (not ended). */
export const hasCurrentMembership = async (q: Query, userId: string) => {
  const [row] = await q<{ yes: boolean }>(
    `select exists (select 1 from public.subscriptions
                     where user_id = $1 and status in ('active', 'paused') and current_period_end > now()) as yes`,
    [userId],
  );
  return row.yes;
};

/**
 * Settles a checkout: asks the provider whether its payment succeeded and, if so, creates the
 * account (visitor checkouts, with the password hash held since create-subscription), the
 * membership and the first payment, once. Throws a DomainError when the payment does not fit the
 * checkout or the account cannot be created (email taken meanwhile, already a member).
 */
export async function settleCheckout(s: Used, checkout: CheckoutRow): Promise<Settlement> {
  if (checkout.completed_user_id) return { state: 'completed', userId: checkout.completed_user_id, createdNow: false };
  const { payments } = s;
  const payment = await providerCall(() => payments.retrievePayment(checkout.payment_intent_id));
  if (payment.status === 'processing') return { state: 'processing' };
  if (payment.status !== 'succeeded') {
    return { state: 'unpaid', message: payment.failureMessage ?? 'The payment has not been completed.' };
  }
  if (payment.amountCents !== checkout.amount_cents || (payment.customerId && payment.customerId !== checkout.customer_id)) {
    throw new DomainError('invalid', 'The payment does not match this subscription.');
  }
  const subscription = await providerCall(() => payments.retrieveSubscription(checkout.provider_subscription_id));
  if (subscription.status === 'canceled') throw new DomainError('conflict', 'This subscription was cancelled by the payment provider.');

  return s.tx.asService(async (q): Promise<Settlement> => {
    // The lock: a second caller waits here, then sees the first one's completed_user_id.
    const [locked] = await q<CheckoutRow>(`select * from private.checkouts where id = $1 for update`, [checkout.id]);
    if (locked.completed_user_id) return { state: 'completed', userId: locked.completed_user_id, createdNow: false };

    let userId: string;
    if (locked.upgrade_user_id) {
      userId = locked.upgrade_user_id;
      if (await hasCurrentMembership(q, userId)) throw new DomainError('conflict', ALREADY_MEMBER_MESSAGE);
    } else {
      if (!locked.password_hash) throw new DomainError('invalid', 'password is required to finish this checkout');
      const [existing] = await q(`select 1 from public.profiles where email = $1`, [locked.email]);
      if (existing) throw new DomainError('conflict', USER_EXISTS_MESSAGE);
      const [profile] = await q<{ id: string }>(
        `insert into public.profiles (email, name, role, home_city_id, preferred_charity_id)
         values ($1, $2, 'USER', $3, $4) returning id`,
        [locked.email, locked.name ?? locked.email.split('@')[0], locked.home_city_id, locked.preferred_charity_id],
      );
      userId = profile.id;
      await q(`insert into private.credentials (user_id, password_hash) values ($1, $2)`, [userId, locked.password_hash]);
      await sendVerificationMail(s.siteUrl, q, { userId, email: locked.email, name: locked.name ?? locked.email.split('@')[0] });
    }
    // Rows whose time ran out are ended now, so the latest row is always the one that counts.
    await q(
      `update public.subscriptions set status = 'canceled', canceled_at = coalesce(canceled_at, now()), updated_at = now()
        where user_id = $1 and status in ('active', 'past_due') and current_period_end <= now()`,
      [userId],
    );
    const subscriptionRowId = await upsertSubscription(q, { userId, plan: locked.plan, provider: locked.provider, subscription });
    await recordPayment(q, {
      userId, subscriptionRowId, provider: locked.provider,
      invoiceId: locked.invoice_id ?? locked.payment_intent_id,
      paymentIntentId: locked.payment_intent_id,
      amountCents: payment.amountCents, currency: payment.currency, receiptSiteUrl: s.siteUrl,
    });
    // The hash now lives in private.credentials; the checkout keeps no copy.
    await q(
      `update private.checkouts set completed_user_id = $2, completed_at = now(), password_hash = null where id = $1`,
      [locked.id, userId],
    );
    return { state: 'completed', userId, createdNow: true };
  }).catch((error: { code?: string }) => {
    if (error.code === '23505') throw new DomainError('conflict', USER_EXISTS_MESSAGE);
    throw error;
  });
}

/** Deletes uncompleted checkouts past their expiry (called when a new checkout starts). */
export const purgeExpiredCheckouts = (q: Query) =>
  q(`delete from private.checkouts where completed_user_id is null and expires_at < now()`);

/** Refusals that are not the checkout's fault (the provider failing, no capacity now): thrown, so the webhook is retried. */
const RETRIED: ReadonlySet<DomainErrorKind> = new Set(['provider-failed', 'busy']);

/**
 * The server-side settlement (Stripe's invoice.paid webhook; the test provider's card confirmation):
 * settles the checkout behind a payment intent or a provider subscription, if there is one still
 * open. A checkout that cannot become an account (email taken meanwhile, already a member) is
 * logged for support, not retried: the answer is an outcome, never an error that would wedge the
 * webhook. Provider failures are thrown (the webhook answers 5xx and Stripe retries).
 */
export async function settleFromProvider(
  s: Used, by: { paymentIntentId: string } | { subscriptionId: string },
): Promise<'no-checkout' | 'already-completed' | 'account-created' | 'processing' | 'unpaid' | 'refused'> {
  const checkout = 'paymentIntentId' in by
    ? await checkoutByPaymentIntent(s, by.paymentIntentId)
    : await checkoutBySubscription(s, by.subscriptionId);
  if (!checkout) return 'no-checkout';
  if (checkout.completed_user_id) return 'already-completed';
  try {
    const settled = await settleCheckout(s, checkout);
    if (settled.state !== 'completed') return settled.state;
    return settled.createdNow ? 'account-created' : 'already-completed';
  } catch (error) {
    if (!(error instanceof DomainError) || RETRIED.has(error.kind)) throw error;
    console.error(`Paid checkout ${checkout.id} could not be settled (${error.kind}): ${error.message}`);
    return 'refused';
  }
}
