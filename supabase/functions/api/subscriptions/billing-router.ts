// Billing after the first payment (decision 171): the saved card (a SetupIntent), a retry of a failed
// renewal, the payment lines with receipts (issue 39), a plan change with its proration shown first, and the
// built-in test provider's controls that rehearse all of it. The steps are subscriptions/billing-actions.ts's;
// the SQL is subscriptions/billing.ts's.
import { Hono } from 'hono';
import {
  cardCompleteBody, planChangeBody, testCardConfirmBody, testInvoicePayBody, testRenewalBody,
  type SubscriptionActionAnswer,
} from '../../_shared/contract/subscriptions.ts';
import { type AppEnv, siteUrlOf, userTx, servicesOf } from '../http/context.ts';
import {
  changePlan, completeCardSetup, confirmTestSetup, PAID_MESSAGE, payTestInvoice, previewPlanChange,
  renewTestMembership, retryRenewalPayment, startCardSetup, TEST_RENEWAL_MESSAGES, testCardsOf,
} from './billing-actions.ts';
import { paymentLines, receiptOf } from './payment-lines.ts';
import { uuid } from '../../_shared/contract/common.ts';
import { notFound } from '../http/http-error.ts';
import { parseJson, parseQuery } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { PLANS } from '../../_shared/constants.ts';

export const billingRoutes = new Hono<AppEnv>();

billingRoutes.post('/card', async (c) => {
  requireUser(c);
  return c.json(await startCardSetup(servicesOf(c)));
});

billingRoutes.post('/card/complete', async (c) => {
  requireUser(c);
  const { setupIntentId } = await parseJson(c, cardCompleteBody);
  return c.json(await completeCardSetup(servicesOf(c), setupIntentId));
});

/** Tries the failed renewal again with the card on file. */
billingRoutes.post('/retry-payment', async (c) => {
  requireUser(c);
  await retryRenewalPayment(servicesOf(c));
  return c.json({ success: true, message: PAID_MESSAGE } satisfies SubscriptionActionAnswer);
});

/** Every charge, refund and credit of the caller, and the sums they add up to (issue 39). */
billingRoutes.get('/payments', async (c) => {
  requireUser(c);
  return c.json(await userTx(c, paymentLines));
});

/** One of the caller's payments as a receipt, for the page /receipts/{id}; anyone else's is 404. */
billingRoutes.get('/receipts/:id', async (c) => {
  requireUser(c);
  const id = c.req.param('id');
  if (!uuid.safeParse(id).success) throw notFound('No such payment.');
  const platform = { url: siteUrlOf(c), email: c.var.deps.config.adminEmail };
  const receipt = await userTx(c, (q) => receiptOf(q, id, platform));
  if (!receipt) throw notFound('No such payment.');
  return c.json(receipt);
});

/** A plan change is monthly ↔ yearly on a running, paid membership. */
billingRoutes.get('/plan-change', async (c) => {
  const { plan } = parseQuery(c, planChangeBody);
  requireUser(c);
  return c.json(await previewPlanChange(servicesOf(c), plan));
});

billingRoutes.post('/plan-change', async (c) => {
  const { plan } = await parseJson(c, planChangeBody);
  requireUser(c);
  await changePlan(servicesOf(c), plan);
  return c.json({ success: true, message: `You are now on the ${PLANS[plan].label} plan.` } satisfies SubscriptionActionAnswer);
});

/** The built-in test provider's billing controls (decision 171): 404 with Stripe. */
export const testBillingRoutes = new Hono<AppEnv>();

/** The test-mode control: the member's next renewal happens now and succeeds, fails, or asks for 3-D Secure. */
testBillingRoutes.post('/renewal', async (c) => {
  testCardsOf(servicesOf(c));
  const { outcome } = await parseJson(c, testRenewalBody);
  requireUser(c);
  await renewTestMembership(servicesOf(c), outcome);
  return c.json({ success: true, message: TEST_RENEWAL_MESSAGES[outcome] } satisfies SubscriptionActionAnswer);
});

/** Stripe.js confirmSetup's stand-in: saves a test card for a SetupIntent. */
testBillingRoutes.post('/setup-confirm', async (c) => {
  testCardsOf(servicesOf(c));
  const body = await parseJson(c, testCardConfirmBody); // the same test card fields as a payment
  return c.json(await confirmTestSetup(servicesOf(c), body));
});

/** The hosted invoice page's stand-in: the member completes 3-D Secure and the open renewal is paid. */
testBillingRoutes.post('/invoice/pay', async (c) => {
  testCardsOf(servicesOf(c));
  const { invoiceId } = await parseJson(c, testInvoicePayBody);
  requireUser(c);
  await payTestInvoice(servicesOf(c), invoiceId);
  return c.json({ success: true, message: PAID_MESSAGE } satisfies SubscriptionActionAnswer);
});
