import { Hono } from 'hono';
import { type AppEnv, siteUrlOf, userTx } from '../context.ts';
import { uuidParam } from '../lib/params.ts';
import { requireAdmin } from '../middleware/session.ts';
import { approveMerchant, reviewQueue } from '../domain/admin-merchants.ts';

/** /api/admin/merchants: the review queue and approval (the admin screen comes with the admin issue). */
export const adminMerchantRoutes = new Hono<AppEnv>();

adminMerchantRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json(await userTx(c, reviewQueue));
});

adminMerchantRoutes.post('/:id/approve', async (c) => {
  requireAdmin(c);
  const id = uuidParam(c, 'id', 'Merchant not found');
  return c.json(await userTx(c, (q) => approveMerchant(q, id, siteUrlOf(c))));
});
