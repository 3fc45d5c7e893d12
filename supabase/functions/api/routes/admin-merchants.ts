import { Hono } from 'hono';
import type { AdminMerchant } from '../../_shared/contract/merchants.ts';
import { type AppEnv, siteUrlOf, userTx } from '../context.ts';
import { enqueueMerchantApproved } from '../ports/mail/account-mail.ts';
import { notFound } from '../lib/http-error.ts';
import { uuidParam } from '../lib/params.ts';
import { requireAdmin } from '../middleware/session.ts';
import { merchantColumns, type MerchantRow, toMerchantProfile } from '../domain/merchant-view.ts';

/** /api/admin/merchants: the review queue and approval (the admin screen comes with the admin issue). */
export const adminMerchantRoutes = new Hono<AppEnv>();

type AdminMerchantRow = MerchantRow & { owner_name: string; owner_email: string };

const toAdminMerchant = (row: AdminMerchantRow): AdminMerchant => ({
  ...toMerchantProfile(row), ownerName: row.owner_name, ownerEmail: row.owner_email,
});

const adminMerchantSql = `
  select ${merchantColumns}, p.name as owner_name, p.email as owner_email
    from public.merchants m join public.profiles p on p.id = m.owner_user_id`;

adminMerchantRoutes.get('/', async (c) => {
  requireAdmin(c);
  const rows = await userTx(c, (q) => q<AdminMerchantRow>(`${adminMerchantSql} order by m.created_at, m.name`));
  const all = rows.map(toAdminMerchant);
  return c.json({ pending: all.filter((m) => !m.active), active: all.filter((m) => m.active) });
});

adminMerchantRoutes.post('/:id/approve', async (c) => {
  requireAdmin(c);
  const id = uuidParam(c, 'id', 'Merchant not found');
  const row = await userTx(c, async (q) => {
    const [updated] = await q<{ id: string; was_active: boolean }>(
      `with before as (select active from public.merchants where id = $1)
       update public.merchants set active = true, approved_at = coalesce(approved_at, now()) where id = $1
       returning id, (select active from before) as was_active`, [id]);
    if (!updated) throw notFound('Merchant not found');
    // "An email will follow on approval": sent once, when the business becomes active (decision 093).
    if (!updated.was_active) await enqueueMerchantApproved(q, id, siteUrlOf(c));
    const [merchant] = await q<AdminMerchantRow>(`${adminMerchantSql} where m.id = $1`, [id]);
    return merchant;
  });
  return c.json(toAdminMerchant(row));
});
