import { Hono } from 'hono';
import { type AppEnv, siteUrlOf, userTx } from '../../context.ts';
import { parse } from '../../lib/validate.ts';
import { uuid } from '../../../_shared/contract/common.ts';
import { requireAdmin } from '../../middleware/session.ts';
import { deleteMerchant } from '../../domain/admin-merchants.ts';

/** DELETE /api/admin/merchants/{id} (the list and approval live with the deals routes). */
export const adminMerchantDeleteRoutes = new Hono<AppEnv>();

adminMerchantDeleteRoutes.delete('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  await userTx(c, (q) => deleteMerchant(q, id, siteUrlOf(c)));
  return c.json({ success: true, message: 'Business deleted' });
});
