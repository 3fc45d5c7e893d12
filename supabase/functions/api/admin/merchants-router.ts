import { Hono } from 'hono';
import { uuid } from '../../_shared/contract/common.ts';
import { type AppEnv, siteUrlOf, userTx } from '../http/context.ts';
import { uuidParam } from '../http/params.ts';
import { parse } from '../http/validate.ts';
import { requireAdmin } from '../http/session.ts';
import { approveMerchant, deleteMerchant, reviewQueue } from './merchants.ts';
import { locationsOfBusiness } from '../locations/index.ts';

/** /api/admin/merchants: the review queue, approval and deletion (the admin screen comes with the admin issue). */
export const adminMerchantRoutes = new Hono<AppEnv>();

adminMerchantRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json(await userTx(c, reviewQueue));
});

/** GET /api/admin/merchants/{id}/locations: a business's locations with hours (issue 40). */
adminMerchantRoutes.get('/:id/locations', async (c) => {
  requireAdmin(c);
  const id = uuidParam(c, 'id', 'Merchant not found');
  return c.json(await userTx(c, (q) => locationsOfBusiness(q, id)));
});

adminMerchantRoutes.post('/:id/approve', async (c) => {
  requireAdmin(c);
  const id = uuidParam(c, 'id', 'Merchant not found');
  return c.json(await userTx(c, (q) => approveMerchant(q, id, siteUrlOf(c))));
});

adminMerchantRoutes.delete('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  await userTx(c, (q) => deleteMerchant(q, id, siteUrlOf(c)));
  return c.json({ success: true, message: 'Business deleted' });
});
