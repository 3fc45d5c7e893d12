import { Hono } from 'hono';
import { type AppEnv, siteUrlOf, userTx } from '../../context.ts';
import { merchantDeletionMail } from '../../ports/mail/account-mail.ts';
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
  // The owner hears about it politely, in the same transaction (decision 093).
  const deleted = await userTx(c, async (q) => {
    const mail = await merchantDeletionMail(q, id);
    const [row] = await q(`delete from public.merchants where id = $1 returning id`, [id]);
    if (row && mail) await mail(siteUrlOf(c));
    return row;
  });
  if (!deleted) throw notFound('Merchant not found');
  return c.json({ success: true, message: 'Business deleted' });
});
