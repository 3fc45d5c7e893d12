import type { PerMemberLimit } from '../../_shared/constants.ts';
import type { MemberDeal, MerchantDeal, PublicDeal } from '../../_shared/contract/deals.ts';
import type { RatingSummary } from '../../_shared/contract/reviews.ts';
import type { DealCode } from '../../_shared/deal-code.ts';
import { iso, isoOrNull } from '../db/iso.ts';
import type { Query } from '../db/database.ts';

/** Columns of public.deals as the merchant view needs them (alias d). */
export const dealColumns = `d.id, d.title, d.description, d.discount_percent, d.discount_amount_cents, d.category,
  d.active, d.valid_from, d.valid_to, d.max_uses, d.per_member_limit, d.used_count, d.created_at, d.updated_at,
  public.deal_is_live(d.active, d.valid_from, d.valid_to) as is_live`;

export interface DealRow {
  id: string;
  title: string;
  description: string;
  discount_percent: number | null;
  discount_amount_cents: number | null;
  category: string;
  active: boolean;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
  max_uses: number | null;
  per_member_limit: PerMemberLimit;
  used_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  /** public.deal_is_live, the one definition of live (redeemable now). */
  is_live: boolean;
}

export function toMerchantDeal(row: DealRow, code: DealCode | undefined): MerchantDeal {
  const live = code && row.is_live;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    discountPercent: row.discount_percent,
    discountAmount: row.discount_amount_cents,
    category: row.category,
    active: row.active,
    currentCode: live ? code.code : null,
    codeExpiresAt: live ? code.expiresAt.toISOString() : null,
    validFrom: isoOrNull(row.valid_from),
    validTo: isoOrNull(row.valid_to),
    maxUses: row.max_uses,
    perMemberLimit: row.per_member_limit,
    usedCount: row.used_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface MemberDealRow {
  id: string;
  title: string;
  description: string;
  category: string;
  discount_percent: number | null;
  discount_amount_cents: number | null;
  used_count: number;
  max_uses: number | null;
  valid_to: Date | string | null;
  merchant_id: string;
  merchant_name: string;
  merchant_category: string;
  merchant_is_women_owned: boolean;
  /** The business's review summary (decision 183); null before its first review. */
  review_count?: number | null;
  rating_sum?: number | null;
}

export type SummaryRow = { review_count?: number | null; rating_sum?: number | null };
/** Count and mean (one decimal) from a summary row (null: no shown rating yet). */
export function ratingSummaryOf(row: SummaryRow | undefined): RatingSummary {
  const count = Number(row?.review_count ?? 0);
  return { count, average: count > 0 ? Math.round((Number(row?.rating_sum ?? 0) / count) * 10) / 10 : null };
}

export const toMemberDeal = (row: MemberDealRow, code: DealCode): MemberDeal => ({
  id: row.id,
  title: row.title,
  description: row.description,
  merchantId: row.merchant_id,
  merchantName: row.merchant_name,
  merchantCategory: row.merchant_category,
  merchantIsWomenOwned: row.merchant_is_women_owned,
  category: row.category,
  discountPercent: row.discount_percent,
  discountAmount: row.discount_amount_cents,
  rating: ratingSummaryOf(row),
  currentCode: code.code,
  codeExpiresAt: code.expiresAt.toISOString(),
  usedCount: row.used_count,
  maxUses: row.max_uses,
  validTo: isoOrNull(row.valid_to),
});

export interface PublicDealRow extends Omit<MemberDealRow, 'merchant_is_women_owned'> {
  logo_url: string | null;
  city_id: string | null;
  city_name: string | null;
  city_state: string | null;
}

export const toPublicDeal = (row: PublicDealRow): PublicDeal => ({
  id: row.id,
  title: row.title,
  description: row.description,
  merchantId: row.merchant_id,
  merchantName: row.merchant_name,
  category: row.category,
  discountPercent: row.discount_percent,
  discountPercentage: row.discount_percent,
  discountAmount: row.discount_amount_cents,
  validUntil: isoOrNull(row.valid_to),
  usedCount: row.used_count,
  maxUses: row.max_uses,
  merchant: {
    id: row.merchant_id,
    name: row.merchant_name,
    businessName: row.merchant_name,
    logoUrl: row.logo_url,
    category: row.merchant_category,
    city: row.city_id && row.city_name && row.city_state ? { id: row.city_id, name: row.city_name, state: row.city_state } : null,
  },
});

/** The live deals of the business whose counter the caller works (owner or staff; PL403 otherwise), newest first. */
export function counterLiveDealRows(q: Query): Promise<DealRow[]> {
  return q<DealRow>(
    `select ${dealColumns} from public.deals d
      where d.merchant_id = (select (private.counter_merchant()).id) and public.deal_is_live(d.active, d.valid_from, d.valid_to)
      order by d.created_at desc, d.id`,
  );
}
