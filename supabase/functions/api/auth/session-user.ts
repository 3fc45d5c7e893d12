import type { SessionUser } from '../../_shared/contract/auth.ts';
import type { Query } from '../db/database.ts';

/**
 * The session user of docs/spec.md section 3, read as the user (RLS: own row only).
 * subscriptionStatus is 'active' while a subscription grants access now, else its latest status or 'none'.
 * Staff (decision 166) also get `business`: the one whose counter they work.
 */
export const sessionUserSql = `select p.id, p.name, p.email, p.role, p.created_at, p.home_city_id, p.preferred_charity_id,
            p.member_number, private.subscription_status_of(p.id) as subscription_status,
            b.id as business_id, b.name as business_name
       from public.profiles p
       left join lateral (
         select m.id, m.name from public.merchants m where p.role = 'STAFF' and m.id = private.staff_merchant_id()
       ) b on true
      where p.id = (select auth.uid())`;

/** A row of sessionUserSql. */
export interface SessionUserRow {
  id: string; name: string; email: string; role: SessionUser['role']; created_at: Date | string;
  home_city_id: string | null; preferred_charity_id: string | null; member_number: number | null;
  subscription_status: string | null; business_id: string | null; business_name: string | null;
}

export async function loadSessionUser(query: Query): Promise<SessionUser | null> {
  const [row] = await query<SessionUserRow>(sessionUserSql);
  return toSessionUser(row);
}

/** The session user from sessionUserSql's row (GET /api/auth/me takes it sent ahead; decision 130). */
export function toSessionUser(row: SessionUserRow | undefined): SessionUser | null {
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    subscriptionStatus: row.subscription_status ?? 'none',
    createdAt: new Date(row.created_at).toISOString(),
    homeCityId: row.home_city_id,
    preferredCharityId: row.preferred_charity_id,
    memberNumber: row.member_number,
    ...(row.role === 'STAFF' ? { business: row.business_id ? { id: row.business_id, businessName: row.business_name ?? '' } : null } : {}),
  };
}
