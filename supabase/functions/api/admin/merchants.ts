// The admin's side of businesses (decision 177: the SQL of merchants-router.ts):
// the review queue, approval and deletion. Runs as the admin; the merchants policies decide.
import type { AdminMerchant } from '../../_shared/contract/merchants.ts';
import type { Query } from '../db/database.ts';
import { enqueueMerchantApproved, merchantDeletionMail } from '../mail/index.ts';
import { merchantColumns, type MerchantRow, toMerchantProfile } from '../merchants/index.ts';
import { notFound } from '../domain-error.ts';

type AdminMerchantRow = MerchantRow & { owner_name: string; owner_email: string };

const toAdminMerchant = (row: AdminMerchantRow): AdminMerchant => ({
  ...toMerchantProfile(row), ownerName: row.owner_name, ownerEmail: row.owner_email,
});

const adminMerchantSql = `
  select ${merchantColumns}, p.name as owner_name, p.email as owner_email
    from public.merchants m join public.profiles p on p.id = m.owner_user_id`;

/** Every business, pending (not yet active) and active. */
export async function reviewQueue(q: Query): Promise<{ pending: AdminMerchant[]; active: AdminMerchant[] }> {
  const all = (await q<AdminMerchantRow>(`${adminMerchantSql} order by m.created_at, m.name`)).map(toAdminMerchant);
  return { pending: all.filter((m) => !m.active), active: all.filter((m) => m.active) };
}

/** Approves a business; its owner is mailed once, when it becomes active (decision 093). */
export async function approveMerchant(q: Query, id: string, siteUrl: string): Promise<AdminMerchant> {
  const [updated] = await q<{ id: string; was_active: boolean }>(
    `with before as (select active from public.merchants where id = $1)
     update public.merchants set active = true, approved_at = coalesce(approved_at, now()) where id = $1
     returning id, (select active from before) as was_active`, [id]);
  if (!updated) throw notFound('Merchant not found');
  if (!updated.was_active) await enqueueMerchantApproved(q, id, siteUrl);
  const [merchant] = await q<AdminMerchantRow>(`${adminMerchantSql} where m.id = $1`, [id]);
  return toAdminMerchant(merchant);
}

/**
 * Deletes a business: its deals, follows and collaborations go with it (foreign keys); ledger rows stay,
 * anonymised. The owner hears about it politely, in the same transaction (decision 093).
 */
export async function deleteMerchant(q: Query, id: string, siteUrl: string): Promise<void> {
  const mail = await merchantDeletionMail(q, id);
  const [row] = await q(`delete from public.merchants where id = $1 returning id`, [id]);
  if (!row) throw notFound('Merchant not found');
  if (mail) await mail(siteUrl);
}
