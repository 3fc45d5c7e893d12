import { Hono } from 'hono';
import { adminGiftRefundBody, buyGiftBody, completeGiftBody } from '../../_shared/contract/gifts.ts';
import { uuid } from '../../_shared/contract/common.ts';
import { type AppEnv, servicesOf, userTx } from '../http/context.ts';
import { parse, parseJson } from '../http/validate.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { adminGifts, buyGift, completeGift, giftByReceipt, giftForRecipient, myGifts, redeemGift, refundGift } from './gifts.ts';

/** /api/gifts (decision 201): buy (anyone), complete after the card, the recipient's link, the buyer's list and receipt. */
export const giftRoutes = new Hono<AppEnv>();

giftRoutes.post('/', async (c) => {
  const body = await parseJson(c, buyGiftBody);
  return c.json(await buyGift(servicesOf(c), body));
});

giftRoutes.post('/complete', async (c) => {
  const { paymentIntentId } = await parseJson(c, completeGiftBody);
  return c.json(await completeGift(servicesOf(c), paymentIntentId));
});

giftRoutes.get('/mine', async (c) => {
  requireUser(c);
  return c.json({ gifts: await userTx(c, myGifts) });
});

giftRoutes.get('/receipt/:token', async (c) => c.json({ gift: await giftByReceipt(servicesOf(c), c.req.param('token')) }));

giftRoutes.get('/redeem/:token', async (c) => c.json(await giftForRecipient(servicesOf(c), c.req.param('token'))));

giftRoutes.post('/redeem/:token', async (c) => c.json(await redeemGift(servicesOf(c), c.req.param('token'))));

/** /api/admin/gifts: paid gifts and the refund of an unredeemed one. */
export const adminGiftRoutes = new Hono<AppEnv>();

adminGiftRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json({ gifts: await userTx(c, adminGifts) });
});

adminGiftRoutes.post('/:id/refund', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'), 'id');
  const { reason } = await parseJson(c, adminGiftRefundBody);
  return c.json({ gift: await refundGift(servicesOf(c), id, reason ?? '') });
});
