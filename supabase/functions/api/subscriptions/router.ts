import { Hono } from 'hono';
import {
  completeSubscriptionBody, createSubscriptionBody, newAccountFields, testCardConfirmBody, upgradeSubscriptionBody,
  type PaymentConfig, type SubscriptionActionAnswer,
} from '../../_shared/contract/subscriptions.ts';
import { type AppEnv, userTx, servicesOf } from '../http/context.ts';
import { confirmTestCard, testCardsOf } from './billing-actions.ts';
import { type CheckoutRequest, completeCheckout, createCheckout } from './checkout.ts';
import {
  CANCELLED_MESSAGE, cancelMembership, isActiveMember, PAUSED_MESSAGE, pauseMembership, RESUMED_MESSAGE, resumeMembership,
  subscriptionDetails,
} from './membership.ts';
import { forbidden } from '../http/http-error.ts';
import { assertAcceptablePassword } from '../http/password-policy.ts';
import { parse, parseJson, readJsonBody } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { startSession } from '../http/session.ts';
import { billingRoutes, testBillingRoutes } from './billing-router.ts';
import { testReferralRoutes } from './referrals-router.ts';

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

/** A signed-in customer upgrades their own account (the body names only the plan); a visitor opens a new one. */
createSubscriptionRoutes.post('/', async (c) => {
  const body = await readJsonBody(c);
  const user = c.var.user;
  if (user && user.role !== 'USER') throw forbidden('Only customer accounts can subscribe.');
  let input: CheckoutRequest;
  if (user) {
    input = { kind: 'upgrade', ...parse(upgradeSubscriptionBody, body) };
  } else {
    const fields = parse(createSubscriptionBody, body);
    assertAcceptablePassword(fields.password);
    input = { kind: 'new-account', ...fields };
  }
  return c.json(await createCheckout(servicesOf(c), input));
});

completeSubscriptionRoutes.post('/', async (c) => {
  const body = await parseJson(c, completeSubscriptionBody);
  const { status, body: answer } = await completeCheckout(servicesOf(c), body, {
    // A password a checkout started before the server held its hash is finished with: the same rules as sign-up.
    acceptNewPassword: (password) => assertAcceptablePassword(parse(newAccountFields.shape.password, password)),
    startSession: (q, userId) => startSession(c, q, userId),
  });
  return c.json(answer, status);
});

// Visitors simply have no membership: answered without a 401 so public pages can ask.
subscriptionRoutes.get('/status', async (c) => {
  if (!c.var.user) return c.json({ isActive: false });
  return c.json({ isActive: await userTx(c, isActiveMember) });
});

subscriptionRoutes.get('/details', async (c) => {
  requireUser(c);
  return c.json(await userTx(c, subscriptionDetails));
});

subscriptionRoutes.post('/pause', async (c) => {
  await pauseMembership(servicesOf(c), requireUser(c));
  return c.json({ success: true, message: PAUSED_MESSAGE } satisfies SubscriptionActionAnswer);
});

subscriptionRoutes.post('/cancel', async (c) => {
  await cancelMembership(servicesOf(c), requireUser(c));
  return c.json({ success: true, message: CANCELLED_MESSAGE } satisfies SubscriptionActionAnswer);
});

subscriptionRoutes.post('/resume', async (c) => {
  await resumeMembership(servicesOf(c), requireUser(c));
  return c.json({ success: true, message: RESUMED_MESSAGE } satisfies SubscriptionActionAnswer);
});

subscriptionRoutes.route('/', billingRoutes);

/** The built-in test provider's card step (what Stripe.js does against Stripe). Test provider only. */
export const testPaymentRoutes = new Hono<AppEnv>();
testPaymentRoutes.route('/', testBillingRoutes);
testPaymentRoutes.route('/', testReferralRoutes);

testPaymentRoutes.post('/confirm', async (c) => {
  testCardsOf(servicesOf(c));
  const body = await parseJson(c, testCardConfirmBody);
  return c.json(await confirmTestCard(servicesOf(c), body));
});
