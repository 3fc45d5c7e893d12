import { Hono } from 'hono';
import { type AppEnv, userTx } from '../../context.ts';
import { notFound } from '../../lib/http-error.ts';
import { parse } from '../../lib/validate.ts';
import { uuid } from '../../../_shared/contract/common.ts';
import { requireAdmin } from '../../middleware/session.ts';

/** DELETE /api/admin/merchants/{id} (the list and approval live with the deals routes). */
export const adminMerchantDeleteRoutes = new Hono<AppEnv>();

adminMerchantDeleteRoutes.delete('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  // Its deals, follows and collaborations go with it (foreign keys); ledger rows stay, anonymised.
  const [deleted] = await userTx(c, (q) => q(`delete from public.merchants where id = $1 returning id`, [id]));
  if (!deleted) throw notFound('Merchant not found');
  return c.json({ success: true, message: 'Business deleted' });
});
