// One deal by id, for its link /deals/:id (decision 115): the public view for visitors (no code) and the
// member view with its current code and offline cover. Same rules and derivation as the lists: the public
// view uses the predicates of GET /api/deals/public under RLS; the member view is private.member_deal
// (the rules of private.member_deals: RLS, one membership check, PL403) with codes from deals.ts and
// the member card's mapping (deals.ts). Both carry the business's locations with their hours and open state (issue
// 40). SQL: private.member_deal and links.deal_exists in supabase/schemas/deals.sql.
import { DEAL_NOT_FOUND_MESSAGE, DEAL_UNAVAILABLE_MESSAGE, type MemberDealLinkAnswer, type PublicDealLinkAnswer } from '../../_shared/contract/deal-links.ts';
import { codeStepAt } from '../../_shared/deal-code.ts';
import { hexToBytes } from '../../_shared/encoding.ts';
import type { Query } from '../db/database.ts';
import { gone, notFound } from '../domain-error.ts';
import { codeOf } from './deals.ts';
import { type MemberDealRow, type PublicDealRow, toMemberDeal, toPublicDeal } from './deals.ts';
import { callerMembershipEndsAt } from '../subscriptions/index.ts';
import { publicLocationsOfBusiness } from '../locations/index.ts';
import { COVER_MS, offlineCodesFor } from './offline-cover.ts';

/** $1 deal id: the deal as GET /api/deals/public shows it (live, business listed), RLS deciding. */
const publicDealSql = `
  select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
         d.max_uses, d.valid_to, m.id as merchant_id, m.name as merchant_name, m.category as merchant_category,
         m.logo_url, lc.id as city_id, lc.name as city_name, lc.state as city_state, d.rules, d.per_member_limit
    from public.deals d
    join public.merchants m on m.id = d.merchant_id
    left join public.cities lc on lc.id = m.city_id
   where d.id = $1::uuid
     and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed) -- the one rule (decision 179)
`;

/** $1 deal id: the member view's row and secret; PL403 without an active membership. */
export const memberDealSql = `select md.*, s.review_count, s.rating_sum from private.member_deal($1::uuid) md
  left join public.business_review_summaries s on s.merchant_id = md.merchant_id`;

/** Why a deal the caller cannot see is not shown: 410 when it exists (not live, not listed), else 404. */
async function missingDeal(q: Query, dealId: string): Promise<never> {
  const [row] = await q<{ exists: boolean }>(`select links.deal_exists($1::uuid) as exists`, [dealId]);
  throw row?.exists ? gone(DEAL_UNAVAILABLE_MESSAGE) : notFound(DEAL_NOT_FOUND_MESSAGE);
}

/** GET /api/deals/public/:id: one live deal, public view, never a code; with its business's locations. */
export async function publicDealById(q: Query, dealId: string): Promise<PublicDealLinkAnswer> {
  const [row] = await q<PublicDealRow>(publicDealSql, [dealId]);
  if (!row) return missingDeal(q, dealId);
  return { ...toPublicDeal(row), locations: await publicLocationsOfBusiness(q, row.merchant_id) };
}

/**
 * GET /api/deals/member/:id: one live deal, member view, with the code of the moment and the deal's offline
 * cover until now + 12 h, the membership's end or the deal's end (decision 060), whichever comes first.
 */
export async function memberDealById(q: Query, dealId: string, nowMs = Date.now()): Promise<MemberDealLinkAnswer> {
  const [row] = await q<MemberDealRow & { secret: string }>(memberDealSql, [dealId]);
  if (!row) return missingDeal(q, dealId);
  const deal = toMemberDeal(row, await codeOf(row.id, row.secret, nowMs));
  const membershipEnd = await callerMembershipEndsAt(q);
  const untilMs = Math.min(nowMs + COVER_MS, membershipEnd?.getTime() ?? nowMs);
  const cover = await offlineCodesFor([row], new Map([[row.id, hexToBytes(row.secret)]]), { nowMs, fromStep: codeStepAt(nowMs), untilMs });
  return { ...deal, offlineCodes: cover.deals[0] ?? null, locations: await publicLocationsOfBusiness(q, row.merchant_id) };
}
