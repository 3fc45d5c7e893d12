import { Hono } from 'hono';
import { isPass, PLANS, planTerms } from '../../../_shared/constants.ts';
import {
  completeSubscriptionBody, testCardConfirmBody,
  type PaymentConfig, type SubscriptionActionAnswer, type SubscriptionDetails,
} from '../../../_shared/contract/subscriptions.ts';
import { type AppEnv, serviceTx, siteUrlOf, userTx } from '../../context.ts';
import { enqueueMembershipChange } from '../../ports/mail/account-mail.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { parseJson } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';
import { CardDeclinedError } from '../../ports/payments/payment-provider.ts';
import { completeCheckout, createCheckout, subscriptionDetailsOf } from './checkout.ts';
import { settleFromProvider } from './settle.ts';
import { providerCall } from '../../domain/provider-call.ts';
import { currentSubscription } from './records.ts';
import { billingRoutes, testBillingRoutes } from './billing.ts';

export const PAUSED_MESSAGE = 'Your subscription has been paused. You can reactivate it anytime.';
export const CANCELLED_MESSAGE = 'Your subscription will end at the current billing period.';
export const RESUMED_MESSAGE = 'Your membership is active again.';

/** /api/subscription/* (mounted at /subscription). */
export const subscriptionRoutes = new Hono<AppEnv>();
/** GET /api/payments/config (mounted at /payments). */
export const paymentConfigRoutes = new Hono<AppEnv>();
/** POST /api/create-subscription (mounted at /create-subscription). */
export const createSubscriptionRoutes = new Hono<AppEnv>();
/** POST /api/complete-subscription (mounted at /complete-subscription). */
export const completeSubscriptionRoutes = new Hono<AppEnv>();

paymentConfigRoutes.get('/config', (c) => {
  const { kind, publishableKey } = c.var.deps.payments;
  return c.json({ provider: kind, publishableKey } satisfies PaymentConfig);
});

createSubscriptionRoutes.post('/', async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  return c.json(await createCheckout(c, body));
});

completeSubscriptionRoutes.post('/', async (c) => {
  const body = await parseJson(c, completeSubscriptionBody);
  const { status, body: answer } = await completeCheckout(c, body);
  return c.json(answer, status);
});

// Visitors simply have no membership: answered without a 401 so public pages can ask.
subscriptionRoutes.get('/status', async (c) => {
  if (!c.var.user) return c.json({ isActive: false });
  const [row] = await userTx(c, (q) =>
    q<{ is_active: boolean }>(`select private.has_active_subscription((select auth.uid())) as is_active`));
  return c.json({ isActive: row.is_active });
});

subscriptionRoutes.get('/details', async (c) => {
  requireUser(c);
  const row = await subscriptionDetailsOf(c);
  const details: SubscriptionDetails = {
    isActive: row.is_active,
    currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
    cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
    status: row.status as SubscriptionDetails['status'],
    paused: row.status === 'paused',
    plan: row.plan,
    planName: row.plan ? PLANS[row.plan].name : null,
    charityGivenCents: row.given,
    charityName: row.charity_name,
    graceEndsAt: row.status === 'past_due' && row.grace_ends_at ? new Date(row.grace_ends_at).toISOString() : null,
    paymentActionUrl: ['past_due', 'unpaid'].includes(row.status) && row.payment_action_required ? row.open_invoice_url : null,
    paymentError: ['past_due', 'unpaid'].includes(row.status) ? row.last_payment_error : null,
    cardLabel: row.card_label,
    isPass: row.plan ? isPass(row.plan) : false,
    terms: row.plan ? planTerms(row.plan) : null,
  };
  return c.json(details);
});

/**
 * Pause = Stripe pause_collection { behavior: 'void' }: no further charges, and no access while
 * paused (the member keeps the subscription and can be resumed by support).
 */
subscriptionRoutes.post('/pause', async (c) => {
  const user = requireUser(c);
  const current = await userTx(c, currentSubscription);
  if (!current || current.period_over || !['active', 'paused'].includes(current.status)) {
    throw notFound('You have no active membership to pause.');
  }
  if (current.cancel_at_period_end) throw conflict('Your membership is already set to end, so it cannot be paused.');
  if (current.status !== 'paused') {
    await providerCall(() => c.var.deps.payments.pauseCollection(current.provider_subscription_id));
    await serviceTx(c, async (q) => {
      await q(`update public.subscriptions set status = 'paused', paused_at = now(), updated_at = now() where id = $1`, [current.id]);
      await enqueueMembershipChange(q, user.id, 'paused', null, siteUrlOf(c));
    });
  }
  return c.json({ success: true, message: PAUSED_MESSAGE } satisfies SubscriptionActionAnswer);
});

/** Cancel = Stripe cancel_at_period_end: access continues until currentPeriodEnd, then ends by time. */
subscriptionRoutes.post('/cancel', async (c) => {
  const user = requireUser(c);
  const current = await userTx(c, currentSubscription);
  if (!current || current.period_over || !['active', 'paused'].includes(current.status)) {
    throw notFound('You have no active membership to cancel.');
  }
  if (!current.cancel_at_period_end) {
    await providerCall(() => c.var.deps.payments.cancelAtPeriodEnd(current.provider_subscription_id));
    await serviceTx(c, async (q) => {
      await q(`update public.subscriptions set cancel_at_period_end = true, updated_at = now() where id = $1`, [current.id]);
      await enqueueMembershipChange(q, user.id, 'cancelled', current.current_period_end, siteUrlOf(c));
    });
  }
  return c.json({ success: true, message: CANCELLED_MESSAGE } satisfies SubscriptionActionAnswer);
});

/**
 * Resume = undo a pause (Stripe: clear pause_collection) and/or a cancel at period end (Stripe:
 * cancel_at_period_end = false), while the paid period lasts. After it, the member subscribes again.
 */
subscriptionRoutes.post('/resume', async (c) => {
  const user = requireUser(c);
  const current = await userTx(c, currentSubscription);
  if (!current || current.period_over || !['active', 'paused'].includes(current.status)) {
    throw notFound('You have no membership to resume. Please subscribe again.');
  }
  const paused = current.status === 'paused';
  if (!paused && !current.cancel_at_period_end) throw conflict('Your membership is already active.');
  const { payments } = c.var.deps;
  if (paused) await providerCall(() => payments.resumeCollection(current.provider_subscription_id));
  if (current.cancel_at_period_end) await providerCall(() => payments.keepSubscription(current.provider_subscription_id));
  await serviceTx(c, async (q) => {
    await q(
      `update public.subscriptions set status = 'active', paused_at = null, cancel_at_period_end = false, updated_at = now()
        where id = $1`, [current.id]);
    await enqueueMembershipChange(q, user.id, 'resumed', null, siteUrlOf(c));
  });
  return c.json({ success: true, message: RESUMED_MESSAGE } satisfies SubscriptionActionAnswer);
});

subscriptionRoutes.route('/', billingRoutes);

/** The built-in test provider's card step (what Stripe.js does against Stripe). Test provider only. */
export const testPaymentRoutes = new Hono<AppEnv>();
testPaymentRoutes.route('/', testBillingRoutes);

testPaymentRoutes.post('/confirm', async (c) => {
  const testCards = c.var.deps.payments.testCards;
  if (!testCards) throw notFound('The test payment provider is not in use');
  const body = await parseJson(c, testCardConfirmBody);
  let paymentIntent: Awaited<ReturnType<typeof testCards.confirmCard>>;
  try {
    paymentIntent = await testCards.confirmCard(body);
  } catch (error) {
    if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
    throw notFound((error as Error).message);
  }
  // What Stripe's invoice.paid webhook does: the paid checkout is settled by the server, so the
  // account exists even if the browser never calls /complete-subscription.
  if (paymentIntent.status === 'succeeded') await settleFromProvider(c, { paymentIntentId: paymentIntent.id });
  return c.json({ paymentIntent });
});
