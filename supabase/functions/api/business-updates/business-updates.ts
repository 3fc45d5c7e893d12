// A merchant's short news to its followers. The insert's trigger records it once as a BUSINESS_UPDATE
// event (private.notify_followers, decision 180); RLS admits only the owner of an approved business.
import type { BusinessUpdate } from '../../_shared/contract/notifications.ts';
import { type Query, iso } from '../db/database.ts';
import { forbidden, notFound } from '../domain-error.ts';

type Row = { id: string; message: string; created_at: Date | string };
const toUpdate = (r: Row): BusinessUpdate => ({ id: r.id, message: r.message, createdAt: iso(r.created_at) });

/** The caller's business's latest 20 updates, newest first. */
export async function listOwnUpdates(q: Query): Promise<BusinessUpdate[]> {
  const rows = await q<Row>(
    `select u.id, u.message, u.created_at from public.business_updates u
      where u.merchant_id = (select m.id from public.merchants m where m.owner_user_id = (select auth.uid()))
      order by u.created_at desc limit 20`,
  );
  return rows.map(toUpdate);
}

/** Posts an update for the caller's business: 404 without one, 403 while it is not approved. */
export async function postUpdate(q: Query, message: string): Promise<BusinessUpdate> {
  const [business] = await q<{ id: string; active: boolean }>(
    `select m.id, m.active from public.merchants m where m.owner_user_id = (select auth.uid())`,
  );
  if (!business) throw notFound('Merchant profile not found');
  if (!business.active) throw forbidden('Your business must be approved before posting updates');
  const [inserted] = await q<Row>(
    `insert into public.business_updates (merchant_id, message) values ($1, $2) returning id, message, created_at`,
    [business.id, message],
  );
  return toUpdate(inserted);
}
