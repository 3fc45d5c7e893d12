import { Hono } from 'hono';
import { refundBody, refundEndsMembership, testDisputeBody } from '../../_shared/contract/admin-payments.ts';
import { uuid } from '../../_shared/contract/common.ts';
import { type AppEnv, serviceTx, siteUrlOf, userTx } from '../http/context.ts';
import { providerCall, disputeList, openDisputeOf, paymentById, providerSubscriptionOf, recordDispute, recordRefund, refundTarget, userPayments } from '../subscriptions/index.ts';
import { conflict, notFound } from '../http/http-error.ts';
import { randomToken } from '../../_shared/tokens.ts';
import { parse, parseJson } from '../http/validate.ts';
import { requireAdmin } from '../http/session.ts';

/** The evidence deadline a test dispute gets (Stripe's disputes usually give one to three weeks). */
const TEST_DISPUTE_EVIDENCE_DAYS = 7;

/** /api/admin/payments (decision 172): a user's payments, refunds, and test-mode disputes. */
export const adminPaymentRoutes = new Hono<AppEnv>();

/** GET /api/admin/payments?userId=: the user's payments, newest first. */
adminPaymentRoutes.get('/', async (c) => {
  requireAdmin(c);
  const userId = parse(uuid, c.req.query('userId'), 'userId');
  const payments = await userTx(c, (q) => userPayments(q, userId));
  return c.json({ payments, testMode: c.var.deps.payments.kind === 'test' });
});

/**
 * POST /api/admin/payments/{id}/refund {amountCents?, reason}: refunds at the provider (its metadata names
 * the admin and the reason, so the webhook it causes records the same), then records it once by the
 * provider's refund id. A refund of all that is left ends the membership now, at the provider first.
 */
adminPaymentRoutes.post('/:id/refund', async (c) => {
  const admin = requireAdmin(c);
  const id = parse(uuid, c.req.param('id'), 'id');
  const body = await parseJson(c, refundBody);
  const { payments } = c.var.deps;
  const target = await userTx(c, (q) => refundTarget(q, id, body.amountCents, payments.kind));
  const refund = await providerCall(() => payments.refundPayment({
    paymentIntentId: target.paymentIntentId, invoiceId: target.invoiceId, amountCents: target.amountCents,
    reason: body.reason, adminId: admin.id,
  }));
  // All that is left of the payment of the current period: end the subscription at the provider before recording,
  // so a failure here (502) leaves the refund to the charge.refunded webhook, which records it and cancels again
  // (cancelNow is idempotent).
  const sub = target.providerSubscriptionId;
  if (refund.status === 'succeeded' && refundEndsMembership(target.payment, target.amountCents) && sub) {
    await providerCall(() => payments.cancelNow(sub));
  }
  const step = await serviceTx(c, (q) => recordRefund(q, id, refund, admin.id, siteUrlOf(c)));
  const payment = await userTx(c, (q) => paymentById(q, id));
  return c.json({ ...(step ?? { outcome: 'pending' as const }), payment });
});

/**
 * POST /api/admin/payments/{id}/test-dispute {action: open|win|lose}: only with test payments (the
 * embedded default), so the dispute screens can be rehearsed; the same recording as Stripe's events.
 */
adminPaymentRoutes.post('/:id/test-dispute', async (c) => {
  const admin = requireAdmin(c);
  const { payments, config } = c.var.deps;
  if (payments.kind !== 'test') throw notFound('Test payments are off');
  const id = parse(uuid, c.req.param('id'), 'id');
  const { action } = await parseJson(c, testDisputeBody);
  const payment = await userTx(c, (q) => paymentById(q, id));
  const open = await serviceTx(c, (q) => openDisputeOf(q, id));
  let dispute;
  if (action === 'open') {
    if (open) throw conflict('This payment already has an open dispute.');
    const left = payment.amountCents - payment.returnedCents;
    if (left <= 0) throw conflict('Nothing is left of this payment to dispute.');
    dispute = {
      id: `dp_test_${randomToken(12).replace(/[-_]/g, 'x')}`, paymentIntentId: '', amountCents: left, reason: 'fraudulent', status: 'open' as const,
      evidenceDueBy: new Date(Date.now() + TEST_DISPUTE_EVIDENCE_DAYS * 86_400_000),
    };
  } else {
    if (!open) throw conflict('This payment has no open dispute.');
    dispute = {
      id: open.id, paymentIntentId: '', amountCents: open.amountCents, reason: 'fraudulent',
      status: action === 'win' ? 'won' as const : 'lost' as const, evidenceDueBy: null,
    };
  }
  const step = await serviceTx(c, (q) => recordDispute(q, id, dispute, new Date(), admin.id, { adminEmail: config.adminEmail, siteUrl: siteUrlOf(c) }));
  if (step.membershipEnded) {
    const sub = await serviceTx(c, (q) => providerSubscriptionOf(q, id));
    if (sub) await providerCall(() => payments.cancelNow(sub));
  }
  return c.json({ ...step, payment: await userTx(c, (q) => paymentById(q, id)) });
});

/** GET /api/admin/disputes: every dispute with its evidence deadline, member and membership state (the admin only). */
export const adminDisputeRoutes = new Hono<AppEnv>();
adminDisputeRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json({ disputes: await userTx(c, (q) => disputeList(q)) });
});
