import type { MerchantProfile } from '../../_shared/contract/merchants.ts';
import { type Query, iso, isoOrNull } from '../db/database.ts';

/**
 * Columns of public.merchants for the owner and admin views (alias m), with the city's time zone (America/Denver,
 * the column's default, for a business without a city or whose city the reader cannot see).
 */
export const merchantColumns = `m.id, m.name, m.address, m.business_type, m.description, m.phone, m.website, m.city_id,
  m.city_name, private.merchant_time_zone(m.city_id) as time_zone, m.category, m.is_women_owned, m.logo_url, m.active, m.reward_rate_bps, m.owner_user_id, m.approved_at, m.created_at`;

export interface MerchantRow {
  id: string;
  name: string;
  address: string;
  business_type: string | null;
  description: string | null;
  phone: string | null;
  website: string | null;
  city_id: string | null;
  city_name: string | null;
  time_zone: string;
  category: string;
  is_women_owned: boolean;
  logo_url: string | null;
  active: boolean;
  reward_rate_bps: number;
  owner_user_id: string;
  approved_at: Date | string | null;
  created_at: Date | string;
}

export const toMerchantProfile = (row: MerchantRow): MerchantProfile => ({
  id: row.id,
  name: row.name,
  address: row.address,
  businessType: row.business_type,
  description: row.description,
  phone: row.phone,
  website: row.website,
  cityId: row.city_id,
  cityName: row.city_name,
  timeZone: row.time_zone,
  category: row.category,
  isWomenOwned: row.is_women_owned,
  logoUrl: row.logo_url,
  active: row.active,
  rewardRateBps: row.reward_rate_bps,
  ownerUserId: row.owner_user_id,
  approvedAt: isoOrNull(row.approved_at),
  createdAt: iso(row.created_at),
});

/** The signed-in user's own business, if any (RLS: owners read their own, even pending). */
export async function ownMerchant(query: Query): Promise<MerchantRow | null> {
  const [row] = await query<MerchantRow>(
    `select ${merchantColumns} from public.merchants m where m.owner_user_id = (select auth.uid())`,
  );
  return row ?? null;
}

/** The approved business whose counter the caller works, owner or staff (private.counter_merchant(): 403 otherwise). */
export async function counterMerchant(query: Query): Promise<MerchantRow | null> {
  const [row] = await query<MerchantRow>(`select ${merchantColumns} from private.counter_merchant() m`);
  return row ?? null;
}
